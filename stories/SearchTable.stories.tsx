import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchTable, type BundleSearch } from '../src/react';
import type { Bundle, Patient } from '../src/fhir';
import { textGaps } from './rtl';

const GIVEN = ['Ada', 'Grace', 'Mary', 'Katherine', 'Dorothy', 'Hedy', 'Radia', 'Barbara'];
const PATIENTS: Patient[] = GIVEN.map((given, i) => ({
  resourceType: 'Patient',
  id: `p${i}`,
  name: [{ given: [given], family: `Family${i}` }],
  birthDate: `19${50 + i}-0${(i % 9) + 1}-1${i}`,
  gender: i % 2 ? 'female' : 'other',
}));

/** Filters, sorts and pages the list above the way a FHIR server would, with next/previous links. */
const search: BundleSearch = async (_type, query) => {
  const name = (query.name ?? '').toLowerCase();
  let rows = PATIENTS.filter((p) => `${p.name![0]!.given![0]} ${p.name![0]!.family}`.toLowerCase().includes(name));
  const sort = query._sort;
  if (sort) {
    const key = sort.replace(/^-/, '') === 'birthdate' ? 'birthDate' : 'id';
    rows = [...rows].sort((a, b) => String(a[key as keyof Patient]).localeCompare(String(b[key as keyof Patient])));
    if (sort.startsWith('-')) rows.reverse();
  }
  const count = Number(query._count ?? 20);
  const offset = Number(query._offset ?? 0);
  const url = (o: number) => `http://fhir.test/Patient?${new URLSearchParams({ ...query, _offset: String(o) })}`;
  const link: Bundle['link'] = [];
  if (offset + count < rows.length) link.push({ relation: 'next', url: url(offset + count) });
  if (offset > 0) link.push({ relation: 'previous', url: url(Math.max(0, offset - count)) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: rows.length,
    link,
    entry: rows.slice(offset, offset + count).map((resource) => ({ resource })),
  };
};

const meta = {
  title: 'Inputs/SearchTable',
  component: SearchTable,
  args: {
    label: 'Patients',
    resourceType: 'Patient',
    columns: ['name', 'birthdate', 'gender'],
    search,
    pageSize: 5,
    onBulk: fn(),
  },
} satisfies Meta<typeof SearchTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** First page, then the next through the server's link. */
export const Paging: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Ada Family0' });
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByRole('cell', { name: 'Hedy Family5' })).toBeVisible();
  },
};

/** Sorted by birth date, descending. */
export const Sorted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Ada Family0' });
    await userEvent.click(canvas.getByRole('button', { name: 'Birthdate' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Birthdate' }));
    await expect(await canvas.findByRole('cell', { name: 'Barbara Family7' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'descending');
  },
};

/** Selected by keyboard and handed to 'Bulk...'. */
export const Bulk: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Ada Family0' });
    canvas.getByRole('checkbox', { name: 'Select all' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(canvas.getByRole('button', { name: 'Bulk...' }));
    await expect(args.onBulk).toHaveBeenCalledWith(PATIENTS.slice(0, 5));
  },
};

/** Filtered to nothing. */
export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Ada Family0' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'zzz');
    await expect(await canvas.findByText('No results')).toBeVisible();
  },
};

/** Right to left: headers and cells start at the right edge, where the line starts. */
export const RightToLeft: Story = {
  args: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = await canvas.findByRole('cell', { name: 'Ada Family0' });
    const { left, right } = textGaps(cell);
    await expect(right).toBeLessThan(left);
  },
};

/** Controlled: the page keeps the filter, sort and page (as it would in its URL) and shows them. */
export const Controlled: Story = {
  render: function Render(args) {
    const [filter, setFilter] = useState('');
    const [sort, setSort] = useState('-birthdate');
    const [page, setPage] = useState(0);
    return (
      <>
        <SearchTable
          {...args}
          filter={filter}
          onFilterChange={setFilter}
          sort={sort}
          onSortChange={setSort}
          page={page}
          onPageChange={setPage}
        />
        <p>{`Filter: '${filter}', sort: '${sort}', page: ${page}`}</p>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('cell', { name: 'Barbara Family7' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByText("Filter: '', sort: '-birthdate', page: 1")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Birthdate' }));
    await expect(await canvas.findByText("Filter: '', sort: 'birthdate', page: 0")).toBeVisible();
    await expect(await canvas.findByRole('cell', { name: 'Ada Family0' })).toBeVisible();
  },
};

/** In French: dates and the result count through Intl in the `locale` given. */
export const French: Story = {
  args: { locale: 'fr-FR', messages: { results: (_count, formatted) => `${formatted} résultats` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = await canvas.findByRole('cell', { name: /^10 janv\.? 1950$/ });
    await expect(cell.querySelector('time')).toHaveAttribute('datetime', '1950-01-10');
    await expect(canvas.getByText('8 résultats')).toBeVisible();
  },
};
