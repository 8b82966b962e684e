import {
  canReadResourceType,
  formatObservationValue,
  normalizeErrorString,
  type Observation,
  type Patient,
  type Resource,
} from 'fhir-portal-kit';
import { ResourceForm, ResourceViewer, SearchTable, useFhirClient, useResourceState } from 'fhir-portal-kit/react';
import { useMemo, useState } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { OpenAppControl } from './OpenAppControl';
import { staffCalls } from './staffClient';

/** The clinical record's tabs: each a type searched in the patient's compartment, shown only when the policy allows it. */
export const CLINICAL_TABS = [
  {
    path: 'observations',
    type: 'Observation',
    label: 'Observations',
    // The value as every portal display reads it (blood pressure '132/82 mmHg', formatObservationValue).
    columns: [
      'code',
      { key: 'value', label: 'Value', render: (r: Resource) => formatObservationValue(r as Observation) },
      'date',
      'status',
    ],
  },
  { path: 'reports', type: 'DiagnosticReport', label: 'Lab reports', columns: ['code', 'date', 'status'] },
  { path: 'medications', type: 'MedicationRequest', label: 'Medications', columns: ['code', 'authoredon', 'status'] },
  { path: 'immunizations', type: 'Immunization', label: 'Immunizations', columns: ['vaccine-code', 'date', 'status'] },
] as const;

/** /staff/patients/:id[/:tab]: the patient's details (viewer, edit through ResourceForm) and the record's tabs. */
export function PatientPage() {
  const { id = '', tab } = useParams();
  const client = useFhirClient();
  const calls = useMemo(() => staffCalls(client), [client]);
  const policy = client.getAccessPolicy();
  const { data: patient, error } = useResourceState<Patient>(`Patient/${id}`);
  const [editing, setEditing] = useState(false);
  const tabs = CLINICAL_TABS.filter((t) => canReadResourceType(policy, t.type));
  const current = tabs.find((t) => t.path === tab);
  const name = patient?.name?.[0] ? [patient.name[0].given?.join(' '), patient.name[0].family].join(' ') : 'Patient';
  return (
    <div className="portal-container portal-content">
      <p>
        <Link to="/staff/patients">All patients</Link>
      </p>
      <h1>{name}</h1>
      {patient && <OpenAppControl patientId={id} />}
      {error && <p role="alert">{normalizeErrorString(error)}</p>}
      <nav aria-label="Patient record" className="portal-tabs">
        <ul>
          <li>
            <NavLink to={`/staff/patients/${id}`} end>
              Details
            </NavLink>
          </li>
          {tabs.map((t) => (
            <li key={t.path}>
              <NavLink to={`/staff/patients/${id}/${t.path}`}>{t.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <section aria-labelledby="tab-title">
          <h2 id="tab-title">{current.label}</h2>
          <SearchTable
            label={current.label}
            resourceType={current.type}
            columns={current.columns}
            search={calls.search}
            query={{ patient: `Patient/${id}` }}
          />
        </section>
      ) : tab ? (
        <p role="alert">This part of the record is not available to you.</p>
      ) : (
        patient && (
          <section aria-labelledby="details-title">
            <h2 id="details-title">Details</h2>
            {editing ? (
              <ResourceForm
                aria-label="Edit patient"
                defaultValue={patient}
                loadSchema={calls.loadSchema}
                expand={calls.expand}
                search={calls.searchResources}
                accessPolicy={policy}
                onSubmit={async (resource) => {
                  await client.updateResource(resource);
                  setEditing(false);
                }}
              />
            ) : (
              <>
                <ResourceViewer resource={patient} renderLink={(href, text) => <Link to={href}>{text}</Link>} />
                <button type="button" className="fpk-button" onClick={() => setEditing(true)}>
                  Edit
                </button>
              </>
            )}
          </section>
        )
      )}
    </div>
  );
}
