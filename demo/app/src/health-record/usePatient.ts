import type { Patient } from 'fhir-portal-kit';
import { useProfile } from 'fhir-portal-kit/react';

/** The signed-in patient and their reference ('Patient/123'); undefined until the profile is known. */
export function usePatient(): { patient: Patient | undefined; patientRef: string | undefined } {
  const profile = useProfile();
  const patient = profile?.resourceType === 'Patient' ? (profile as Patient) : undefined;
  return { patient, patientRef: patient?.id ? `Patient/${patient.id}` : undefined };
}
