import { getPkceStore, PkceStorageKeys, startPkce, type PkceStore } from './pkce';
import type {
  AuthMethodResponse,
  BaseLoginRequest,
  EmailPasswordLoginRequest,
  GoogleLoginRequest,
  LoginAuthenticationResponse,
  LoginClient,
  NewPatientRequest,
  NewProjectRequest,
  NewUserRequest,
} from './types';

/** The login request with a PKCE challenge: the caller's own if it has one, a new one otherwise. */
export async function ensureCodeChallenge<T extends BaseLoginRequest>(
  loginRequest: T,
  store: PkceStore = getPkceStore()
): Promise<T> {
  if (loginRequest.codeChallenge) return loginRequest;
  const { codeChallenge, codeChallengeMethod } = await startPkce(store);
  return { ...loginRequest, codeChallenge, codeChallengeMethod };
}

/** Starts an email and password sign-in (POST auth/login) with a PKCE challenge. */
export async function startLogin(
  client: LoginClient,
  loginRequest: EmailPasswordLoginRequest
): Promise<LoginAuthenticationResponse> {
  // The tokens this login ends with are kept where Remember me says (memory/session/local).
  client.setRememberMe?.(!!loginRequest.remember);
  return client.post('auth/login', {
    ...(await ensureCodeChallenge(loginRequest)),
    clientId: loginRequest.clientId ?? client.getClientId?.(),
    scope: loginRequest.scope,
  });
}

/** Starts a sign-in with a Google credential (POST auth/google) with a PKCE challenge. */
export async function startGoogleLogin(
  client: LoginClient,
  googleRequest: GoogleLoginRequest
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/google', {
    ...(await ensureCodeChallenge(googleRequest)),
    clientId: googleRequest.clientId ?? client.getClientId?.(),
    scope: googleRequest.scope,
  });
}

/** Registers a user (POST auth/newuser); the answer is a partial login for startNewPatient or startNewProject. */
export async function startNewUser(
  client: LoginClient,
  newUserRequest: NewUserRequest
): Promise<LoginAuthenticationResponse> {
  const { codeChallenge, codeChallengeMethod } = await startPkce();
  client.setRememberMe?.(!!newUserRequest.remember);
  return client.post('auth/newuser', {
    ...newUserRequest,
    clientId: newUserRequest.clientId ?? client.getClientId?.(),
    codeChallengeMethod,
    codeChallenge,
  });
}

/** Creates a project for a partial login (POST auth/newproject). */
export async function startNewProject(
  client: LoginClient,
  newProjectRequest: NewProjectRequest
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/newproject', newProjectRequest);
}

/** Creates a patient in a project for a partial login (POST auth/newpatient). */
export async function startNewPatient(
  client: LoginClient,
  newPatientRequest: NewPatientRequest
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/newpatient', newPatientRequest);
}

/** Asks how an email signs in (POST auth/method); an authorizeUrl means an external identity provider. */
export async function getAuthMethod(client: LoginClient, email: string): Promise<AuthMethodResponse> {
  return client.post('auth/method', { email });
}

/** Enrolls the login in MFA with the first code from the authenticator app (POST auth/mfa/login-enroll). */
export async function startMfaEnroll(
  client: LoginClient,
  login: string,
  token: string
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/mfa/login-enroll', { login, token });
}

/** Verifies an MFA code for the login (POST auth/mfa/verify). */
export async function verifyMfa(
  client: LoginClient,
  login: string,
  token: string
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/mfa/verify', { login, token });
}

/**
 * Proves the password of the existing account an external sign-in matched (POST
 * auth/external/link), after GET auth/login/{login} answered `linkRequired`: the provider is
 * linked to the account and the login goes on as after a password (MFA, profile).
 */
export async function linkExternalLogin(
  client: LoginClient,
  login: string,
  password: string
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/external/link', { login, password });
}

/** Picks the membership the login continues with (POST auth/profile). */
export async function chooseProfile(
  client: LoginClient,
  login: string,
  profile: string
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/profile', { login, profile });
}

/** Grants the scopes the user kept (POST auth/scope, scope as one space-separated string). */
export async function chooseScope(
  client: LoginClient,
  login: string,
  scope: string | readonly string[]
): Promise<LoginAuthenticationResponse> {
  return client.post('auth/scope', { login, scope: typeof scope === 'string' ? scope : scope.join(' ') });
}

/**
 * Where a pending login stands (GET auth/login/{login}), to resume it after a reload: the
 * answer says whether it waits for MFA or a profile choice, like the step that left it there.
 */
export async function getLogin(client: LoginClient, login: string): Promise<LoginAuthenticationResponse> {
  if (!login) throw new Error('getLogin(client, login) needs the login id from an earlier step');
  if (!client.get) throw new Error('getLogin(client, login) needs a client with get(url), such as FhirClient');
  return client.get(`auth/login/${encodeURIComponent(login)}`);
}

/** Invites someone to a project (POST admin/projects/{id}/invite). */
export async function invite(client: LoginClient, projectId: string, body: Record<string, unknown>): Promise<unknown> {
  if (!projectId) throw new Error('invite(client, projectId, body) needs a projectId');
  return client.post(`admin/projects/${encodeURIComponent(projectId)}/invite`, body);
}

/** The default redirect URI: the page's origin with a trailing slash. */
export function getWindowOrigin(): string {
  if (typeof window === 'undefined') return '';
  return window.location.protocol + '//' + window.location.host + '/';
}

/**
 * Exchanges an authorization code for tokens (authorization_code grant with the stored PKCE
 * verifier) and makes them the active login.
 */
export async function processCode(
  client: LoginClient,
  code: string,
  loginParams?: Partial<BaseLoginRequest>,
  store: PkceStore = getPkceStore()
): Promise<unknown> {
  const formBody = new URLSearchParams();
  formBody.set('grant_type', 'authorization_code');
  formBody.set('code', code);
  const clientId = loginParams?.clientId ?? client.getClientId?.();
  if (clientId) formBody.set('client_id', clientId);
  formBody.set(
    'redirect_uri',
    loginParams?.redirectUri ?? store.getItem(PkceStorageKeys.redirectUri) ?? getWindowOrigin()
  );
  const codeVerifier = store.getItem(PkceStorageKeys.codeVerifier);
  if (codeVerifier) formBody.set('code_verifier', codeVerifier);
  const result = await client.fetchTokens(formBody);
  // A verifier answers one code; drop it once the exchange succeeded.
  store.removeItem(PkceStorageKeys.codeVerifier);
  store.removeItem(PkceStorageKeys.codeChallenge);
  store.removeItem(PkceStorageKeys.redirectUri);
  return result;
}
