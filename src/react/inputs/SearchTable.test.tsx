import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bundle, Patient } from '../../fhir';
import { LocaleContext } from '../locale/LocaleContext';
import { formatPath, SearchTable, type BundleSearch, type SearchTableProps } from './SearchTable';

const patient = (id: string, given: string, family: string, birthDate: string): Patient => ({
  resourceType: 'Patient',
  id,
  name: [{ given: [given], family }],
  birthDate,
  gender: 'female',
});
const PAGE_1: Bundle = {
  resourceType: 'Bundle',
  type: 'searchset',
  entry: [
    { resource: patient('a', 'Ada', 'Lovelace', '1815-12-10') },
    { resource: patient('b', 'Grace', 'Hopper', '1906-12-09') },
  ],
  link: [{ relation: 'next', url: 'http://fhir.test/Patient?_count=2&_offset=2' }],
};
const PAGE_2: Bundle = {
  resourceType: 'Bundle',
  type: 'searchset',
  entry: [{ resource: patient('c', 'Mary', 'Jackson', '1921-04-09') }],
  link: [{ relation: 'previous', url: 'http://fhir.test/Patient?_count=2&_offset=0' }],
};
const EMPTY: Bundle = { resourceType: 'Bundle', type: 'searchset', entry: [] };

function searchOf(answer: (query: Record<string, string>) => Bundle) {
  return vi.fn<BundleSearch>(async (_type, query) => answer(query));
}

describe('SearchTable', () => {
  afterEach(() => vi.useRealTimers());

  it('takes its columns from search parameters and shows the first page', async () => {
    const search = searchOf(() => PAGE_1);
    render(
      <SearchTable
        label="Patients"
        resourceType="Patient"
        columns={['name', 'birthdate', 'gender']}
        search={search}
        pageSize={2}
      />
    );
    const table = screen.getByRole('table', { name: 'Patients' });
    expect(await within(table).findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Dec 9, 1906' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
    ).toEqual(['', 'Name', 'Birthdate', 'Gender']);
    expect(search.mock.calls[0]!.slice(0, 2)).toEqual(['Patient', { _count: '2' }]);
  });

  it('sorts by a column, ascending then descending', async () => {
    const search = searchOf(() => PAGE_1);
    render(<SearchTable label="Patients" resourceType="Patient" columns={['name', 'birthdate']} search={search} />);
    await screen.findByRole('cell', { name: 'Ada Lovelace' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Birthdate' }));
    await vi.waitFor(() => expect(search.mock.lastCall![1]).toEqual({ _count: '20', _sort: 'birthdate' }));
    expect(screen.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Birthdate' }));
    await vi.waitFor(() => expect(search.mock.lastCall![1]).toEqual({ _count: '20', _sort: '-birthdate' }));
    expect(screen.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'descending');
  });

  it("pages through the server's links", async () => {
    const search = searchOf((q) => (q._offset === '2' ? PAGE_2 : PAGE_1));
    render(<SearchTable label="Patients" resourceType="Patient" columns={['name']} search={search} pageSize={2} />);
    await screen.findByRole('cell', { name: 'Ada Lovelace' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Mary Jackson' })).toBeInTheDocument();
    expect(search.mock.lastCall![1]).toEqual({ _count: '2', _offset: '2' });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('searches by the filter 250 ms after typing stops', async () => {
    vi.useFakeTimers();
    const search = searchOf(() => PAGE_1);
    render(<SearchTable label="Patients" resourceType="Patient" columns={['name']} search={search} />);
    await act(async () => vi.advanceTimersByTime(300));
    const calls = search.mock.calls.length;
    const filter = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(filter, { target: { value: 'Ad' } });
    await act(async () => vi.advanceTimersByTime(249));
    expect(search.mock.calls.length).toBe(calls);
    await act(async () => vi.advanceTimersByTime(1));
    // The query changes at 250 ms; the search itself starts on the next tick.
    await act(async () => vi.advanceTimersByTime(0));
    expect(search.mock.calls.length).toBe(calls + 1);
    expect(search.mock.lastCall![1]).toEqual({ _count: '20', name: 'Ad' });
  });

  it("selects all rows and hands the selection to 'Bulk...'", async () => {
    const onBulk = vi.fn();
    render(
      <SearchTable
        label="Patients"
        resourceType="Patient"
        columns={['name']}
        search={searchOf(() => PAGE_1)}
        onBulk={onBulk}
      />
    );
    await screen.findByRole('cell', { name: 'Ada Lovelace' });
    const bulk = screen.getByRole('button', { name: 'Bulk...' });
    expect(bulk).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).indeterminate).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeChecked();
    await user.click(bulk);
    expect(onBulk).toHaveBeenCalledWith([PAGE_1.entry![0]!.resource, PAGE_1.entry![1]!.resource]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeChecked();
  });

  it("says 'No results' for an empty page and shows a failed search", async () => {
    const { unmount } = render(
      <SearchTable label="Patients" resourceType="Patient" columns={['name']} search={searchOf(() => EMPTY)} />
    );
    expect(await screen.findByText('No results')).toHaveAttribute('role', 'status');
    unmount();
    const failing = vi.fn<BundleSearch>(async () => Promise.reject(new Error('Forbidden')));
    render(<SearchTable label="Patients" resourceType="Patient" columns={['name']} search={failing} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });

  it('shows phone numbers in a phone column, not the email listed first', async () => {
    const withTelecom: Patient = {
      ...patient('a', 'Ada', 'Lovelace', '1815-12-10'),
      telecom: [
        { system: 'email', value: 'ada@example.com' },
        { system: 'phone', use: 'mobile', value: '+1-541-555-0142' },
      ],
    };
    const noPhone: Patient = {
      ...patient('b', 'Grace', 'Hopper', '1906-12-09'),
      telecom: [{ system: 'email', value: 'grace@example.com' }],
    };
    const search = searchOf(() => ({
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [{ resource: withTelecom }, { resource: noPhone }],
    }));
    render(
      <SearchTable
        label="Patients"
        resourceType="Patient"
        columns={['name', 'phone', { key: 'tel', label: 'Telephone', path: 'telecom', system: 'phone' }]}
        search={search}
      />
    );
    const table = screen.getByRole('table', { name: 'Patients' });
    expect(await within(table).findAllByRole('cell', { name: '+1-541-555-0142' })).toHaveLength(2);
    expect(within(table).queryByRole('cell', { name: /@example\.com/ })).toBeNull();
    const grace = within(table).getByRole('cell', { name: 'Grace Hopper' }).closest('tr')!;
    expect([...grace.querySelectorAll('td')].slice(2).map((td) => td.textContent)).toEqual(['', '']);
  });

  it('puts ref, className, dir and other attributes on its root; tableProps and tableRef on the <table>', async () => {
    const ref = createRef<HTMLDivElement>();
    const tableRef = createRef<HTMLTableElement>();
    render(
      <SearchTable
        ref={ref}
        label="Patients"
        resourceType="Patient"
        columns={['name']}
        search={searchOf(() => PAGE_1)}
        className="mine"
        dir="rtl"
        id="patients"
        data-testid="root"
        tableRef={tableRef}
        tableProps={{ className: 'dense', 'aria-describedby': 'help' }}
      />
    );
    const table = screen.getByRole('table', { name: 'Patients' });
    await within(table).findByRole('cell', { name: 'Ada Lovelace' });
    const root = screen.getByTestId('root');
    expect(ref.current).toBe(root);
    expect(root).toHaveClass('fpk-inputs-table-root', 'mine');
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toHaveAttribute('id', 'patients');
    expect(root).toContainElement(table);
    expect(tableRef.current).toBe(table);
    expect(table).toHaveClass('fpk-inputs-table', 'dense');
    expect(table).not.toHaveClass('mine');
    expect(table).toHaveAttribute('aria-describedby', 'help');
  });

  describe('when controlled', () => {
    const props = (search: BundleSearch): SearchTableProps => ({
      label: 'Patients',
      resourceType: 'Patient',
      columns: ['name', 'birthdate'],
      search,
      pageSize: 2,
    });

    it('searches with the filter, sort and page it is given and calls back on user action', async () => {
      const search = searchOf((q) => (q._offset === '2' ? PAGE_2 : PAGE_1));
      const onFilterChange = vi.fn();
      const onSortChange = vi.fn();
      const onPageChange = vi.fn();
      const { rerender } = render(
        <SearchTable
          {...props(search)}
          filter="Ma"
          onFilterChange={onFilterChange}
          sort="-birthdate"
          onSortChange={onSortChange}
          page={1}
          onPageChange={onPageChange}
        />
      );
      expect(await screen.findByRole('cell', { name: 'Mary Jackson' })).toBeInTheDocument();
      expect(search.mock.calls.map((c) => c[1])).toEqual([
        { _count: '2', name: 'Ma', _sort: '-birthdate', _offset: '2' },
      ]);
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Ma');
      expect(screen.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'descending');

      const user = userEvent.setup();
      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'r');
      expect(onFilterChange).toHaveBeenLastCalledWith('Mar');
      // The text stays what the page says it is.
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Ma');

      await user.click(screen.getByRole('button', { name: 'Birthdate' }));
      expect(onSortChange).toHaveBeenLastCalledWith('birthdate');
      // A new sort starts at the first page.
      expect(onPageChange).toHaveBeenLastCalledWith(0);
      expect(screen.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'descending');

      await user.click(screen.getByRole('button', { name: 'Previous page' }));
      expect(onPageChange).toHaveBeenLastCalledWith(0);
      expect(search).toHaveBeenCalledTimes(1);

      rerender(
        <SearchTable
          {...props(search)}
          filter="Ma"
          sort="birthdate"
          page={0}
          onFilterChange={onFilterChange}
          onSortChange={onSortChange}
          onPageChange={onPageChange}
        />
      );
      expect(await screen.findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
      expect(search.mock.lastCall![1]).toEqual({ _count: '2', name: 'Ma', _sort: 'birthdate' });
      expect(screen.getByRole('columnheader', { name: 'Birthdate' })).toHaveAttribute('aria-sort', 'ascending');
    });

    it('applies a filter the page sets at once, on the page it names', async () => {
      const search = searchOf((q) => (q._offset === '2' ? PAGE_2 : PAGE_1));
      const onPageChange = vi.fn();
      const { rerender } = render(<SearchTable {...props(search)} filter="" page={1} onPageChange={onPageChange} />);
      await screen.findByRole('cell', { name: 'Mary Jackson' });
      rerender(<SearchTable {...props(search)} filter="Ma" page={1} onPageChange={onPageChange} />);
      await vi.waitFor(() => expect(search.mock.lastCall![1]).toEqual({ _count: '2', name: 'Ma', _offset: '2' }));
      expect(search).toHaveBeenCalledTimes(2);
      expect(onPageChange).not.toHaveBeenCalled();
    });

    it('checks the rows of its selection and calls back with the new one', async () => {
      const onSelectionChange = vi.fn();
      const onBulk = vi.fn();
      render(
        <SearchTable
          {...props(searchOf(() => PAGE_1))}
          selection={['Patient/b']}
          onSelectionChange={onSelectionChange}
          onBulk={onBulk}
        />
      );
      await screen.findByRole('cell', { name: 'Ada Lovelace' });
      expect(screen.getByRole('checkbox', { name: 'Select Grace Hopper' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeChecked();
      const user = userEvent.setup();
      await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
      expect(onSelectionChange).toHaveBeenLastCalledWith(['Patient/b', 'Patient/a']);
      expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      expect(onSelectionChange).toHaveBeenLastCalledWith(['Patient/b', 'Patient/a']);
      await user.click(screen.getByRole('button', { name: 'Bulk...' }));
      expect(onBulk).toHaveBeenCalledWith([PAGE_1.entry![1]!.resource]);
    });

    it('follows a page that keeps the state itself, through the server links', async () => {
      const search = searchOf((q) => (q._offset === '2' ? PAGE_2 : PAGE_1));
      const seen: unknown[] = [];
      function Page() {
        const [page, setPage] = useState(0);
        const [selection, setSelection] = useState<readonly string[]>([]);
        seen.push({ page, selection });
        return (
          <SearchTable
            {...props(search)}
            page={page}
            onPageChange={setPage}
            selection={selection}
            onSelectionChange={setSelection}
          />
        );
      }
      render(<Page />);
      await screen.findByRole('cell', { name: 'Ada Lovelace' });
      const user = userEvent.setup();
      await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
      expect(seen.at(-1)).toEqual({ page: 0, selection: ['Patient/a'] });
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(await screen.findByRole('cell', { name: 'Mary Jackson' })).toBeInTheDocument();
      // The next page is the server's link, and the selection, which is per page, is cleared.
      expect(search.mock.lastCall![1]).toEqual({ _count: '2', _offset: '2' });
      expect(seen.at(-1)).toEqual({ page: 1, selection: [] });
    });
  });

  it('starts uncontrolled at its default filter, sort and page', async () => {
    const search = searchOf((q) => (q._offset === '2' ? PAGE_2 : PAGE_1));
    const onPageChange = vi.fn();
    render(
      <SearchTable
        label="Patients"
        resourceType="Patient"
        columns={['name', 'birthdate']}
        search={search}
        pageSize={2}
        defaultFilter="Ma"
        defaultSort="birthdate"
        defaultPage={1}
        defaultSelection={['Patient/c']}
        onPageChange={onPageChange}
      />
    );
    expect(await screen.findByRole('cell', { name: 'Mary Jackson' })).toBeInTheDocument();
    expect(search.mock.calls.map((c) => c[1])).toEqual([{ _count: '2', name: 'Ma', _sort: 'birthdate', _offset: '2' }]);
    expect(screen.getByRole('checkbox', { name: 'Select Mary Jackson' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(onPageChange).toHaveBeenLastCalledWith(0);
    expect(search.mock.lastCall![1]).toEqual({ _count: '2', name: 'Ma', _sort: 'birthdate' });
  });

  describe('when given a locale', () => {
    const observation = {
      resourceType: 'Observation' as const,
      id: 'o1',
      status: 'final' as const,
      code: { text: 'Weight' },
      effectiveDateTime: '2024-05-01',
      valueQuantity: { value: 1234.5, unit: 'kg' },
    };
    const search = searchOf(() => ({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 1234,
      entry: [{ resource: observation }],
    }));
    const columns = ['code', 'date', { key: 'value', label: 'Value', path: 'value' }];

    it('formats dates, numbers and the result count in it', async () => {
      render(
        <SearchTable label="Weights" resourceType="Observation" columns={columns} search={search} locale="de-DE" />
      );
      const table = screen.getByRole('table', { name: 'Weights' });
      const date = await within(table).findByRole('cell', { name: '1. Mai 2024' });
      expect(date.querySelector('time')).toHaveAttribute('datetime', '2024-05-01');
      expect(within(table).getByRole('cell', { name: '1.234,5 kg' })).toBeInTheDocument();
      expect(screen.getByText('1.234 results')).toHaveAttribute('role', 'status');
    });

    it("reads the provider's locale without the prop, in en-US by default", async () => {
      const { unmount } = render(
        <LocaleContext.Provider value="fr-FR">
          <SearchTable label="Weights" resourceType="Observation" columns={columns} search={search} />
        </LocaleContext.Provider>
      );
      expect(await screen.findByRole('cell', { name: '1 mai 2024' })).toBeInTheDocument();
      unmount();
      render(<SearchTable label="Weights" resourceType="Observation" columns={columns} search={search} />);
      expect(await screen.findByRole('cell', { name: 'May 1, 2024' })).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: '1,234.5 kg' })).toBeInTheDocument();
      expect(screen.getByText('1,234 results')).toBeInTheDocument();
    });
  });

  it('formats values at a path', () => {
    const p: Patient = {
      resourceType: 'Patient',
      address: [{ city: 'Lyon', line: ['1 rue'] }],
      generalPractitioner: [{ display: 'Dr X' }],
    };
    expect(formatPath(p, 'address.city')).toBe('Lyon');
    expect(formatPath(p, 'generalPractitioner')).toBe('Dr X');
    expect(
      formatPath(
        { resourceType: 'Observation', status: 'final', code: {}, valueQuantity: { value: 5, unit: 'kg' } },
        'value'
      )
    ).toBe('5 kg');
  });
});
