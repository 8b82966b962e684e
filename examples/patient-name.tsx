// README, "Quick start": the provider and the data hooks.
import type { Patient } from 'fhir-portal-kit';
import { FhirProvider, useResource, useSearchResources } from 'fhir-portal-kit/react';
import 'fhir-portal-kit/styles.css';
import { client } from './client';

function PatientName({ id }: { id: string }) {
  // Follows the client's cache: a write anywhere re-renders every component showing it.
  const patient = useResource<Patient>({ reference: `Patient/${id}` });
  const { data: vitals, loading, error } = useSearchResources('Observation', { patient: `Patient/${id}` });
  if (!patient || loading) return <p>Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <h1>
      {patient.name?.[0]?.given?.[0]} ({vitals?.length} readings)
    </h1>
  );
}

export function App() {
  return (
    <FhirProvider client={client}>
      <PatientName id="123" />
    </FhirProvider>
  );
}
