// Medplum-style client code, as Medplum's docs write it. Only the imports changed:
//   import { MedplumClient, getReferenceString, normalizeErrorString } from '@medplum/core';
//   import type { Observation, Patient } from '@medplum/fhirtypes';
import { FhirClient as MedplumClient, getReferenceString, normalizeErrorString } from 'fhir-portal-kit';
import type { Observation, Patient } from 'fhir-portal-kit/medplum-compat';

export function createMedplum(fetchImpl: typeof fetch): MedplumClient {
  return new MedplumClient({ baseUrl: 'https://api.example.org/', clientId: 'my-client-id', fetch: fetchImpl });
}

/** Creates a patient, finds it again, updates it and lists its observations. */
export async function registerPatient(medplum: MedplumClient): Promise<{ patient: Patient; vitals: Observation[] }> {
  const created = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Alice'], family: 'Smith' }],
  });
  const found = await medplum.searchOne('Patient', 'name=Smith');
  const patient = await medplum.readResource('Patient', found?.id ?? (created.id as string));
  const updated = await medplum.updateResource({ ...patient, birthDate: '1990-01-01' });
  const vitals = await medplum.searchResources('Observation', { subject: getReferenceString(updated), _sort: '-date' });
  return { patient: updated, vitals };
}

/** Reads a patient, or says why it could not. */
export async function describePatient(medplum: MedplumClient, id: string): Promise<string> {
  try {
    const patient = await medplum.readResource('Patient', id);
    return `${patient.name?.[0]?.given?.[0]} ${patient.name?.[0]?.family}`;
  } catch (err) {
    return normalizeErrorString(err);
  }
}
