import { useFhirClient, SearchTable } from 'fhir-portal-kit/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { downloadCsv, patientsCsv } from './csv';
import { staffCalls } from './staffClient';

const COLUMNS = [
  'name',
  'birthdate',
  'gender',
  { key: 'phone', label: 'Phone', path: 'telecom', system: 'phone' },
] as const;

/** /staff/patients: the clinic's patients, searched by name, sorted, paged; Bulk exports the selection as CSV. */
export function PatientsPage() {
  const client = useFhirClient();
  const { search } = useMemo(() => staffCalls(client), [client]);
  return (
    <div className="portal-container portal-content">
      <h1>Patients</h1>
      <SearchTable
        label="Patients"
        resourceType="Patient"
        columns={COLUMNS}
        search={search}
        query={{ _sort: 'family' }}
        renderLink={(patient, children) => <Link to={`/staff/patients/${patient.id}`}>{children}</Link>}
        onBulk={(selected) => downloadCsv('patients.csv', patientsCsv(selected))}
        messages={{ bulk: 'Bulk... (export CSV)', filter: 'Search by name' }}
      />
    </div>
  );
}
