import {
  canReadResourceType,
  formatObservationValue,
  type Observation,
  type Patient,
  type Resource,
} from 'fhir-portal-kit';
import {
  ResourceForm,
  ResourceViewer,
  SearchTable,
  useFhirClient,
  useResourceState,
  useErrorText,
} from 'fhir-portal-kit/react';
import { useMemo, useState } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { OpenAppControl } from './OpenAppControl';
import { staffCalls } from './staffClient';
import { useText } from '../i18n/useText';
import { staffText, type StaffText } from './text';

/**
 * The clinical record's tabs, labelled in the language of `t`: each a type searched in the
 * patient's compartment, shown only when the policy allows it.
 */
export const clinicalTabs = (t: StaffText) =>
  [
    {
      path: 'observations',
      type: 'Observation',
      label: t.tabs.observations,
      // The value as every portal display reads it (blood pressure '132/82 mmHg', formatObservationValue).
      columns: [
        'code',
        { key: 'value', label: t.value, render: (r: Resource) => formatObservationValue(r as Observation) },
        'date',
        'status',
      ],
    },
    { path: 'reports', type: 'DiagnosticReport', label: t.tabs.reports, columns: ['code', 'date', 'status'] },
    {
      path: 'medications',
      type: 'MedicationRequest',
      label: t.tabs.medications,
      columns: ['code', 'authoredon', 'status'],
    },
    {
      path: 'immunizations',
      type: 'Immunization',
      label: t.tabs.immunizations,
      columns: ['vaccine-code', 'date', 'status'],
    },
  ] as const;

/** /staff/patients/:id[/:tab]: the patient's details (viewer, edit through ResourceForm) and the record's tabs. */
export function PatientPage() {
  const errorText = useErrorText();
  const { id = '', tab } = useParams();
  const t = useText(staffText);
  const client = useFhirClient();
  const calls = useMemo(() => staffCalls(client), [client]);
  const policy = client.getAccessPolicy();
  const { data: patient, error } = useResourceState<Patient>(`Patient/${id}`);
  const [editing, setEditing] = useState(false);
  const tabs = useMemo(() => clinicalTabs(t), [t]).filter((x) => canReadResourceType(policy, x.type));
  const current = tabs.find((x) => x.path === tab);
  const name = patient?.name?.[0] ? [patient.name[0].given?.join(' '), patient.name[0].family].join(' ') : t.patient;
  return (
    <div className="portal-container portal-content">
      <p>
        <Link to="/staff/patients">{t.allPatients}</Link>
      </p>
      <h1>{name}</h1>
      {patient && <OpenAppControl patientId={id} />}
      {error && <p role="alert">{errorText(error)}</p>}
      <nav aria-label={t.recordLabel} className="portal-tabs">
        <ul>
          <li>
            <NavLink to={`/staff/patients/${id}`} end>
              {t.details}
            </NavLink>
          </li>
          {tabs.map((x) => (
            <li key={x.path}>
              <NavLink to={`/staff/patients/${id}/${x.path}`}>{x.label}</NavLink>
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
        <p role="alert">{t.notAvailable}</p>
      ) : (
        patient && (
          <section aria-labelledby="details-title">
            <h2 id="details-title">{t.details}</h2>
            {editing ? (
              <ResourceForm
                aria-label={t.editPatient}
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
                  {t.edit}
                </button>
              </>
            )}
          </section>
        )
      )}
    </div>
  );
}
