// Connecting to any SMART server (SMART App Launch: standalone or EHR launch, OAuth2 + PKCE S256).
// Only the FHIR base is needed: the endpoints come from its .well-known/smart-configuration (or
// its CapabilityStatement), `aud` is that base exactly, and the id_token is verified.
import {
  completeSmartLaunch,
  isOperationOutcomeError,
  normalizeErrorString,
  smartLaunch,
  type FhirClient,
} from 'fhir-portal-kit';

const app = {
  clientId: 'my-registered-client-id',
  scope: 'launch launch/patient openid fhirUser patient/*.read offline_access',
  redirectUri: 'https://my-app.example/app.html',
};

/**
 * On the launch page. An EHR opens it with `?iss=…&launch=…`; for a standalone launch, pass the
 * server the person chose (`iss`).
 */
export function launch(iss?: string): Promise<void> {
  return smartLaunch({ ...app, ...(iss ? { iss } : {}) });
}

/** On the redirect page: checks the state, exchanges the code, verifies the id_token. */
export async function finishLaunch(): Promise<{ client: FhirClient; patientId?: string } | { error: string }> {
  try {
    const client = await completeSmartLaunch();
    // Who and what the app was launched for: patient, encounter, fhirUser, need_patient_banner…
    return { client, patientId: client.getLaunchContext()?.patient };
  } catch (error) {
    // A wrong state, a refused code, an id_token that does not verify: as text for the page.
    return { error: isOperationOutcomeError(error) ? normalizeErrorString(error) : String(error) };
  }
}
