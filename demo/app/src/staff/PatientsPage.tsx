import { useFhirClient, SearchTable } from 'fhir-portal-kit/react';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadCsv, patientsCsv } from './csv';
import { staffCalls } from './staffClient';
import { useText } from '../i18n/useText';
import { staffText } from './text';

/** The table's columns; the Phone column's label in the portal's language. */
const columnsOf = (phone: string) =>
  ['name', 'birthdate', 'gender', { key: 'phone', label: phone, path: 'telecom', system: 'phone' }] as const;

/**
 * /staff/patients: the clinic's patients, searched by name, sorted, paged; Bulk exports the
 * selection as CSV. The search, sort and page live in the address (?q=&sort=&page=), so going
 * back from a patient finds the list as it was left.
 */
export function PatientsPage() {
  const client = useFhirClient();
  const t = useText(staffText);
  const columns = useMemo(() => columnsOf(t.phone), [t]);
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
      <h1>{t.patients}</h1>
      <SearchTable
        label={t.patients}
        resourceType="Patient"
        columns={columns}
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
        messages={{ bulk: t.bulk, filter: t.searchByName }}
      />
    </div>
  );
}
