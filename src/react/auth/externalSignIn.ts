// Sign-in through an external identity provider: the way out (the login request with a PKCE
// challenge as `state`) and the way back. Loaded on demand (loadExternalSignIn), only when
// auth/method names a provider or the page opens with a provider's answer. It imports nothing
// from the cards' up-front modules (externalProvider.ts): in the package's build a module shared
// with them would share their chunk, and an app's bundler would then load this code up front.
import {
  ensureCodeChallenge,
  getPkceStore,
  PkceStorageKeys,
  RedirectMessages,
  type BaseLoginRequest,
  type Navigate,
  type PkceStore,
} from '../../client/login';
import { throwError } from '../../fhir/outcomes';

/** The login request an external sign-in carries as its `state`. */
export interface ExternalLoginRequest extends BaseLoginRequest {
  /** The email domain auth/method answered for. */
  readonly domain?: string;
  /** Registration: create the account when none matches. */
  readonly createUser?: boolean;
}

/** What a return from an external sign-in carries, once its state is checked. */
export interface ExternalReturn {
  /** The one-time code to exchange, when the sign-in is complete. */
  readonly code?: string;
  /** A pending login (several profiles fit), to resume at the profile choice. */
  readonly login?: string;
  /** The login request the browser sent out. */
  readonly request: ExternalLoginRequest;
}

/** The page an external sign-in comes back to: the given URI, or this page without its query. */
export function externalReturnUri(redirectUri?: string): string | undefined {
  if (redirectUri) return redirectUri;
  if (typeof window === 'undefined') return undefined;
  return window.location.origin + window.location.pathname;
}

/** Options of {@link startExternalSignIn}. */
export interface StartExternalSignInOptions {
  /** Where the browser goes; `window.location.assign` when absent. */
  readonly navigate?: Navigate;
  /** Where the state and verifier are kept; session storage when absent. */
  readonly store?: PkceStore;
  /**
   * The email the user typed, sent as `login_hint` (OpenID Connect) so the provider's sign-in
   * form can prefill it. Not part of `state`.
   */
  readonly loginHint?: string;
}

/**
 * Sends the browser to an external authorize URL with the login request, including a new PKCE
 * challenge (S256), as `state`, and the typed email as `login_hint` when given; keeps that
 * state and the return URI to check and use on return.
 */
export async function startExternalSignIn(
  authorizeUrl: string,
  loginRequest: ExternalLoginRequest,
  options: StartExternalSignInOptions = {}
): Promise<void> {
  const store = options.store ?? getPkceStore();
  const request = await ensureCodeChallenge({ ...loginRequest, codeChallenge: undefined }, store);
  const state = JSON.stringify(request);
  store.setItem(PkceStorageKeys.externalState, state);
  if (request.redirectUri) store.setItem(PkceStorageKeys.redirectUri, request.redirectUri);
  const url = new URL(authorizeUrl);
  url.searchParams.set('state', state);
  const loginHint = options.loginHint?.trim();
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  (options.navigate ?? ((href: string) => window.location.assign(href)))(url.toString());
}

/**
 * Reads a return from an external sign-in this browser started: undefined when the URL
 * carries none (or this browser started none, so a code planted in a link is ignored);
 * throws when the state is not the one sent out, or with the server's error text. The kept
 * state is single use.
 */
export function readExternalReturn(url: string | URL, store: PkceStore = getPkceStore()): ExternalReturn | undefined {
  // The check of externalProvider's hasExternalReturn, which the card runs before loading this.
  const params = new URL(url).searchParams;
  if (!params.has('code') && !params.has('login') && !params.has('error')) return undefined;
  const expected = store.getItem(PkceStorageKeys.externalState);
  if (!expected) return undefined;
  store.removeItem(PkceStorageKeys.externalState);
  if (params.get('state') !== expected) throwError(RedirectMessages.stateMismatch, 'login');
  const error = params.get('error');
  if (error) throwError(params.get('error_description') || error, 'login');
  const request = JSON.parse(expected) as ExternalLoginRequest;
  const code = params.get('code') ?? undefined;
  const login = params.get('login') ?? undefined;
  return { request, ...(code ? { code } : {}), ...(login ? { login } : {}) };
}
