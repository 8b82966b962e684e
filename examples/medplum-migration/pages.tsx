// Medplum-style pages with the data hooks, as @medplum/react's docs write them. Only the imports
// changed (was '@medplum/core' and '@medplum/react'; the hooks answer Medplum's tuples here).
import { formatHumanName, normalizeErrorString, type FhirClient as MedplumClient } from 'fhir-portal-kit';
import {
  MedplumProvider,
  useResource,
  useSearch,
  useSearchResources,
  type Patient,
  type Reference,
} from 'fhir-portal-kit/medplum-compat';
import type { JSX } from 'react';

export function PatientHeader({ patient }: { patient: Patient | Reference<Patient> }): JSX.Element {
  const resource = useResource(patient);
  if (!resource) return <p>Loading...</p>;
  return <h1>{formatHumanName(resource.name?.[0])}</h1>;
}

export function PatientList(): JSX.Element {
  const [bundle, loading, outcome] = useSearch('Patient', { name: 'Smith', _count: '20' });
  if (outcome) return <p role="alert">{normalizeErrorString(outcome)}</p>;
  if (loading || !bundle) return <p>Loading...</p>;
  return (
    <ul>
      {bundle.entry?.map((entry) => (
        <li key={entry.resource?.id}>{formatHumanName(entry.resource?.name?.[0])}</li>
      ))}
    </ul>
  );
}

export function VitalsCount({ patient }: { patient: Reference<Patient> }): JSX.Element {
  const [observations] = useSearchResources('Observation', { subject: patient.reference });
  return <p>{observations?.length ?? 0} readings</p>;
}

export function App({ medplum, patient }: { medplum: MedplumClient; patient: Patient }): JSX.Element {
  return (
    <MedplumProvider medplum={medplum}>
      <PatientHeader patient={patient} />
      <PatientList />
    </MedplumProvider>
  );
}
