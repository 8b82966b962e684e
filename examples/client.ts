// README, "Quick start": the framework-free client.
import { FhirClient, isOperationOutcomeError, type Observation, type Patient } from 'fhir-portal-kit';

export const client = new FhirClient({ baseUrl: 'https://fhir.example.org/', clientId: 'my-app' });

// With a bearer token you already hold; SMART App Launch is in examples/smart-launch.ts.
export async function loadPatient(token: string): Promise<{ patient: Patient; vitals: Observation[] } | undefined> {
  client.setAccessToken(token);
  try {
    const patient = await client.readResource('Patient', '123');
    const vitals = await client.searchResources('Observation', { patient: 'Patient/123', _sort: '-date' });
    return { patient, vitals };
  } catch (error) {
    // Every error the library throws carries the server's OperationOutcome.
    if (isOperationOutcomeError(error)) return undefined;
    throw error;
  }
}
