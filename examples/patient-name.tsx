// README, "Quick start": the provider and the data hooks.
import type { Patient } from 'fhir-portal-kit';
import { FhirProvider, useResourceState, useSearchResources } from 'fhir-portal-kit/react';
import 'fhir-portal-kit/styles.css';
import { client } from './client';

function PatientName({ id }: { id: string }) {
  // Follows the client's cache: a write anywhere re-renders every component showing it.
  const { data: patient, error } = useResourceState<Patient>({ reference: `Patient/${id}` });
  const vitals = useSearchResources('Observation', { patient: `Patient/${id}` });
  // A failed read says why (the server's OperationOutcome) instead of loading forever.
  const failure = error ?? vitals.error;
  if (failure) return <p role="alert">{failure.message}</p>;
  if (!patient || vitals.loading) return <p>Loading…</p>;
  return (
    <h1>
      {patient.name?.[0]?.given?.[0]} ({vitals.data?.length} readings)
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
