import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bundle, Patient } from '../../fhir';
import { formatPath, SearchTable, type BundleSearch } from './SearchTable';

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
