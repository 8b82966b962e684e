import { errorOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import { FhirClient } from '../FhirClient';
import { getPkceStore } from '../login/pkce';
import { ACTIVE_LOGIN_KEY, checkToken, type LoginState } from '../session';
import { ClientStorage } from '../storage';
import { launchContextFromTokenResponse, type SmartTokenResponse } from './launchContext';
import { SmartMessages } from './messages';
import { type PendingLaunch, takePendingLaunch } from './pending';
import type { CompleteSmartLaunchOptions, SmartServer } from './types';

// The id_token checks (and jose's verifier) load only when a server sends an id_token.
const loadIdToken = () => import('./idToken');

function fail(text: string, code: 'login' | 'invalid' = 'login'): never {
  throw new OperationOutcomeError(errorOutcome(text, code));
}

/** POSTs the authorization_code grant to the discovered token endpoint (PKCE verifier, no secret: a public app). */
export async function exchangeCode(
  launch: PendingLaunch,
  code: string,
  fetchFn: typeof fetch
): Promise<SmartTokenResponse> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: launch.redirectUri,
    client_id: launch.clientId,
    code_verifier: launch.codeVerifier,
  });
  let tokens: (SmartTokenResponse & { error?: string; error_description?: string }) | undefined;
  let ok = false;
  try {
    const response = await fetchFn(launch.tokenEndpoint, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    ok = response.ok;
    tokens = await response.json().catch(() => undefined);
  } catch {
    // A network failure is reported like any other token-endpoint failure.
  }
  if (!ok || typeof tokens?.access_token !== 'string') {
    // As every token request of the client does (client-layer.md): the server's words, else 'Failed to fetch tokens'.
    fail(tokens?.error_description || SmartMessages.tokenFailed);
  }
  return tokens;
}

/**
 * Finishes a SMART launch on the redirect page: checks the state against the launch this browser
 * started, exchanges the code, verifies the id_token when one came, and signs in a FhirClient
 * whose base URL is iss, with the launch context kept on its login. On a reload of that page it
 * resolves with the stored session instead.
 */
export async function finishSmartLaunch(options: CompleteSmartLaunchOptions = {}): Promise<FhirClient> {
  const params = new URL(options.url ?? window.location.href).searchParams;
  // Taken first: a launch is single use, whether the server answered with a code or an error.
  const launch = takePendingLaunch(options.store ?? getPkceStore());
  const error = params.get('error');
  if (error) fail(params.get('error_description') ?? error);
  if (!launch) return restoreSmartSession(options);
  if (params.get('state') !== launch.state) fail(SmartMessages.stateMismatch);
  const code = params.get('code');
  if (!code) fail(SmartMessages.missingCode);

  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const tokens = await exchangeCode(launch, code, fetchFn);
  checkToken(tokens.access_token, launch.clientId);
  const claims = tokens.id_token
    ? await (
        await loadIdToken()
      ).verifyIdToken(tokens.id_token, {
        jwksUri: launch.jwksUri,
        issuer: launch.issuer ?? launch.iss,
        clientId: launch.clientId,
        fetch: fetchFn,
      })
    : undefined;

  const server: SmartServer = {
    iss: launch.iss,
    clientId: launch.clientId,
    authorizationEndpoint: launch.authorizationEndpoint,
    tokenEndpoint: launch.tokenEndpoint,
  };
  const client = smartClient(server, options);
  await client.setActiveLogin({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    launchContext: launchContextFromTokenResponse(tokens, claims),
    smartServer: server,
  });
  return client;
}

/** A FhirClient on the launch's server: base URL iss, the discovered endpoints. */
function smartClient(server: SmartServer, options: CompleteSmartLaunchOptions): FhirClient {
  return new FhirClient({
    ...options.clientOptions,
    baseUrl: server.iss,
    fhirUrlPath: '',
    authorizeUrl: server.authorizationEndpoint,
    tokenUrl: server.tokenEndpoint,
    clientId: server.clientId,
    fetch: options.fetch,
  });
}

/**
 * The redirect page reloaded (or opened again) after its launch completed: no launch is pending,
 * so the session stored by that launch is taken up again. A callback URL never signs in anew:
 * without a stored SMART session this refuses.
 */
async function restoreSmartSession(options: CompleteSmartLaunchOptions): Promise<FhirClient> {
  const storage = options.clientOptions?.storage ?? new ClientStorage();
  await storage.getInitPromise?.();
  const server = storage.getObject<LoginState>(ACTIVE_LOGIN_KEY)?.smartServer;
  if (!server) fail(SmartMessages.noPendingLaunch);
  const client = smartClient(server, options);
  await client.getInitPromise();
  return client;
}
