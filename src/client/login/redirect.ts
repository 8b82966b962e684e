import { errorOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import { getPkceStore, PkceStorageKeys, startPkce, type PkceStore } from './pkce';
import { ensureCodeChallenge, getWindowOrigin, processCode } from './steps';
import type { BaseLoginRequest, LoginClient, Navigate } from './types';

/** Default scope of an authorize redirect. */
export const DEFAULT_SCOPE = 'openid profile email';

/** Error texts of the redirect flows. */
export const RedirectMessages = {
  stateMismatch: 'Sign-in state does not match the one this browser started; sign in again',
  missingCodeChallenge: '`LoginRequest` for external auth must include a `codeChallenge`.',
  missingCodeChallengeMethod: '`LoginRequest` for external auth must include a `codeChallengeMethod`.',
  missingClientId:
    'The authorize redirect needs a clientId: pass loginParams.clientId or configure the client with one',
} as const;

/** Options of the redirect functions: where to navigate and where PKCE values live. */
export interface RedirectOptions {
  /** Navigates the browser; `window.location.assign` by default. */
  readonly navigate?: Navigate;
  /** Where PKCE state and verifier are kept; sessionStorage by default. */
  readonly store?: PkceStore;
}

/** Parameters of a SMART standalone launch or OAuth2 authorize redirect. */
export interface AuthorizeRequest extends Partial<BaseLoginRequest> {
  /** The authorize endpoint; the client's, or `{base}oauth2/authorize`. */
  readonly authorizeUrl?: string;
  /** The FHIR server the token is for (SMART `aud`); by default the client's FHIR base without a trailing slash. */
  readonly aud?: string;
}

function defaultNavigate(url: string): void {
  window.location.assign(url);
}

function fail(text: string, code: 'invalid' | 'login' = 'invalid'): never {
  throw new OperationOutcomeError(errorOutcome(text, code));
}

/**
 * Builds the authorize URL of a SMART standalone launch (response_type code, random state,
 * PKCE S256 challenge, default scope 'openid profile email') and keeps state and verifier
 * in sessionStorage for the return.
 */
export async function buildAuthorizeUrl(
  client: LoginClient,
  loginParams: AuthorizeRequest = {},
  store: PkceStore = getPkceStore()
): Promise<string> {
  const clientId = loginParams.clientId ?? client.getClientId?.();
  if (!clientId) fail(RedirectMessages.missingClientId);
  const { codeChallenge, codeChallengeMethod, state } = await startPkce(store);
  const redirectUri = loginParams.redirectUri ?? getWindowOrigin();
  store.setItem(PkceStorageKeys.redirectUri, redirectUri);
  const url = new URL(
    loginParams.authorizeUrl ??
      client.getAuthorizeUrl?.() ??
      new URL('oauth2/authorize', client.getBaseUrl()).toString()
  );
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge_method', codeChallengeMethod);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('scope', loginParams.scope ?? DEFAULT_SCOPE);
  // The FHIR base as servers name it: FhirClient keeps its base with a slash appended for joining
  // paths, and a strict server refuses that form ('Bad audience value').
  const aud = loginParams.aud ?? client.getFhirBaseUrl?.().replace(/\/$/, '');
  if (aud) url.searchParams.set('aud', aud);
  if (loginParams.launch) url.searchParams.set('launch', loginParams.launch);
  return url.toString();
}

/** Sends the browser to the authorize endpoint (SMART standalone launch). */
export async function startSmartLaunch(
  client: LoginClient,
  loginParams: AuthorizeRequest = {},
  options: RedirectOptions = {}
): Promise<void> {
  const url = await buildAuthorizeUrl(client, loginParams, options.store);
  (options.navigate ?? defaultNavigate)(url);
}

/**
 * Finishes an authorize redirect: refuses an error answer or a state this browser did not
 * start, then exchanges the code. Returns undefined when the URL carries no code.
 */
export async function handleRedirectCallback(
  client: LoginClient,
  url: string | URL = window.location.href,
  loginParams?: Partial<BaseLoginRequest>,
  store: PkceStore = getPkceStore()
): Promise<unknown> {
  const params = new URL(url).searchParams;
  const error = params.get('error');
  if (error) fail(params.get('error_description') ?? error, 'login');
  const code = params.get('code');
  if (!code) return undefined;
  const expected = store.getItem(PkceStorageKeys.state);
  // The state is single use: forget it whether it matched or not.
  store.removeItem(PkceStorageKeys.state);
  if (!expected || params.get('state') !== expected) fail(RedirectMessages.stateMismatch, 'login');
  return processCode(client, code, loginParams, store);
}

/**
 * Signs in through the authorize redirect: on the way out sends the browser to the authorize
 * endpoint and resolves undefined; on the way back (a `code` in the URL) checks the state and
 * exchanges the code.
 */
export async function signInWithRedirect(
  client: LoginClient,
  loginParams: AuthorizeRequest = {},
  options: RedirectOptions & { readonly url?: string | URL } = {}
): Promise<unknown> {
  const url = new URL(options.url ?? window.location.href);
  if (url.searchParams.has('code') || url.searchParams.has('error')) {
    return handleRedirectCallback(client, url, loginParams, options.store);
  }
  await startSmartLaunch(client, loginParams, options);
  return undefined;
}

/** The redirect URI of an external identity provider; with PKCE it requires codeChallenge and codeChallengeMethod. */
export function getExternalAuthRedirectUri(
  authorizeUrl: string,
  clientId: string,
  redirectUri: string,
  loginRequest: BaseLoginRequest,
  pkceEnabled = true
): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', loginRequest.scope ?? DEFAULT_SCOPE);
  url.searchParams.set('state', JSON.stringify(loginRequest));
  if (pkceEnabled) {
    const { codeChallenge, codeChallengeMethod } = loginRequest;
    if (!codeChallengeMethod) fail(RedirectMessages.missingCodeChallengeMethod);
    if (!codeChallenge) fail(RedirectMessages.missingCodeChallenge);
    url.searchParams.set('code_challenge_method', codeChallengeMethod);
    url.searchParams.set('code_challenge', codeChallenge);
  }
  return url.toString();
}

/** Sends the browser to an external identity provider, with a PKCE challenge unless pkceEnabled is false. */
export async function signInWithExternalAuth(
  _client: LoginClient,
  authorizeUrl: string,
  clientId: string,
  redirectUri: string,
  baseLogin: BaseLoginRequest,
  pkceEnabled = true,
  options: RedirectOptions = {}
): Promise<void> {
  const loginRequest = pkceEnabled ? await ensureCodeChallenge(baseLogin, options.store) : baseLogin;
  (options.navigate ?? defaultNavigate)(
    getExternalAuthRedirectUri(authorizeUrl, clientId, redirectUri, loginRequest, pkceEnabled)
  );
}
