import { type Patient } from 'fhir-portal-kit';
import { useProfile, useResource, useErrorText } from 'fhir-portal-kit/react';
import { useState } from 'react';

/** The signed-in patient's own Patient resource, read fresh (the session's copy may be older), and its read error. */
export function usePatient(): { patient: Patient | undefined; error: string | undefined } {
  const errorText = useErrorText();
  const profile = useProfile();
  const [error, setError] = useState<string>();
  const patient = useResource<Patient>(
    profile?.resourceType === 'Patient' ? { reference: `Patient/${profile.id}` } : undefined,
    { onError: (e: unknown) => setError(errorText(e)) }
  );
  return { patient, error };
}
