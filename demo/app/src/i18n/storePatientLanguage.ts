// The switcher's choice, stored on the signed-in patient so it follows them to another device.
// The record is read fresh and written back with If-Match on the version read: a profile saved
// meanwhile on another device is not overwritten with this device's older copy (the server
// answers 412, and the write is tried once more on the newer version).
import { isOperationOutcomeError, type FhirClient, type Patient } from 'fhir-portal-kit';
import type { PortalLanguage } from './languages';
import { withPreferredLanguage } from './patientLanguage';

/** Makes `language` the patient's preferred one (Patient.communication); nothing is written when it already is. */
export async function storePatientLanguage(
  client: FhirClient,
  patientId: string,
  language: PortalLanguage,
  attempts = 2
): Promise<void> {
  const patient = await client.readResource('Patient', patientId, { cache: 'reload' });
  const updated = withPreferredLanguage(patient, language);
  if (!updated) return;
  const version = patient.meta?.versionId;
  try {
    await client.updateResource<Patient>(updated, version ? { headers: { 'If-Match': `W/"${version}"` } } : undefined);
  } catch (error) {
    const conflict = isOperationOutcomeError(error) && error.outcome.issue?.some((i) => i.code === 'conflict');
    if (!conflict || attempts <= 1) throw error;
    await storePatientLanguage(client, patientId, language, attempts - 1);
  }
}
