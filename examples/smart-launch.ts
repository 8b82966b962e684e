// Connecting to another FHIR server with SMART App Launch (standalone, OAuth2 + PKCE S256).
import { FhirClient, isOperationOutcomeError, normalizeErrorString } from 'fhir-portal-kit';

// The server's endpoints come from its /.well-known/smart-configuration.
export const client = new FhirClient({
  baseUrl: 'https://launch.smarthealthit.org/v/r4/',
  fhirUrlPath: 'fhir',
  authorizeUrl: 'https://launch.smarthealthit.org/v/r4/auth/authorize',
  tokenUrl: 'https://launch.smarthealthit.org/v/r4/auth/token',
  clientId: 'my-registered-client-id',
});

/** On the sign-in button: sends the browser to the server's authorize page. */
export function signIn(): Promise<void> {
  return client.startSmartLaunch({
    scope: 'openid fhirUser launch/patient patient/*.read offline_access',
    aud: 'https://launch.smarthealthit.org/v/r4/fhir',
  });
}

/** On the redirect page: checks the state, exchanges the code (with the PKCE verifier) for tokens. */
export async function finishSignIn(): Promise<string | undefined> {
  try {
    await client.handleRedirectCallback(window.location.href);
    return undefined;
  } catch (error) {
    // A wrong state, a refused code: the server's OperationOutcome, as text for the page.
    return isOperationOutcomeError(error) ? normalizeErrorString(error) : String(error);
  }
}
