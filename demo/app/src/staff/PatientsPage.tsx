import { useFhirClient, SearchTable } from 'fhir-portal-kit/react';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadCsv, patientsCsv } from './csv';
import { staffCalls } from './staffClient';

const COLUMNS = [
  'name',
  'birthdate',
  'gender',
  { key: 'phone', label: 'Phone', path: 'telecom', system: 'phone' },
] as const;

/**
 * /staff/patients: the clinic's patients, searched by name, sorted, paged; Bulk exports the
 * selection as CSV. The search, sort and page live in the address (?q=&sort=&page=), so going
 * back from a patient finds the list as it was left.
 */
export function PatientsPage() {
  const client = useFhirClient();
  const { search } = useMemo(() => staffCalls(client), [client]);
  const [params, setParams] = useSearchParams();
  // The params with this event's changes so far: a sort sets the page back to 0 in the same click,
  // and two updates each made from the render's params would lose the first.
  const current = useRef(params);
  current.current = params;
  const keep = (name: string, value: string) => {
    const next = new URLSearchParams(current.current);
    if (value) next.set(name, value);
    else next.delete(name);
    current.current = next;
    // Replaced, not pushed: Back leaves the list rather than stepping through every keystroke.
    setParams(next, { replace: true });
  };
  return (
    <div className="portal-container portal-content">
      <h1>Patients</h1>
      <SearchTable
        label="Patients"
        resourceType="Patient"
        columns={COLUMNS}
        search={search}
        query={{ _sort: 'family' }}
        // The text box stays the table's own (typing never waits for the address); the address follows it.
        defaultFilter={params.get('q') ?? ''}
        onFilterChange={(text) => keep('q', text)}
        sort={params.get('sort') ?? ''}
        onSortChange={(sort) => keep('sort', sort)}
        page={Number(params.get('page') ?? 0)}
        onPageChange={(page) => keep('page', page ? String(page) : '')}
        renderLink={(patient, children) => <Link to={`/staff/patients/${patient.id}`}>{children}</Link>}
        onBulk={(selected) => downloadCsv('patients.csv', patientsCsv(selected))}
        messages={{ bulk: 'Bulk... (export CSV)', filter: 'Search by name' }}
      />
    </div>
  );
}
