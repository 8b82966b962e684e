// The part of the external identity-provider path the sign-in and register cards need before
// they know a provider is in play: asking auth/method about an email, and noticing a provider's
// answer in the address bar. The rest (the PKCE state, the redirect, reading the answer) is in
// externalSignIn.ts, loaded on demand: most users sign in with a password and never need it.
import { getAuthMethod, getPkceStore, PkceStorageKeys, type LoginClient, type PkceStore } from '../../client/login';
import { isOperationOutcomeError } from '../../fhir/outcomes';

/** Where the state an external sign-in expects back is kept (sessionStorage) across the redirect. */
export const EXTERNAL_STATE_KEY = PkceStorageKeys.externalState;

const RETURN_PARAMS = ['code', 'login', 'state', 'error', 'error_description'] as const;

/**
 * The external authorize URL auth/method gives for an email, or undefined when the email signs
 * in with a password (also when the server has no auth/method: a 404).
 */
export async function findExternalAuthorizeUrl(
  client: LoginClient,
  email: string
): Promise<{ authorizeUrl: string; domain?: string } | undefined> {
  try {
    const method = await getAuthMethod(client, email);
    return method.authorizeUrl ? { authorizeUrl: method.authorizeUrl, domain: method.domain } : undefined;
  } catch (error) {
    if (isOperationOutcomeError(error) && error.outcome.issue?.[0]?.code === 'not-found') return undefined;
    throw error;
  }
}

/**
 * True when the URL carries a return from an external sign-in (a code, a pending login or an
 * error) and this browser kept the state of one it started; a code planted in a link is not.
 */
export function hasExternalReturn(url: string | URL, store: PkceStore = getPkceStore()): boolean {
  const params = new URL(url).searchParams;
  return (params.has('code') || params.has('login') || params.has('error')) && !!store.getItem(EXTERNAL_STATE_KEY);
}

/** The URL without the parameters of an external return (the code must not stay in history). */
export function withoutExternalReturn(url: string | URL): string {
  const clean = new URL(url);
  for (const name of RETURN_PARAMS) clean.searchParams.delete(name);
  return clean.pathname + clean.search + clean.hash;
}

/**
 * Loads the rest of the external sign-in path. A failed load (offline, or a deploy replaced the
 * chunk) rejects with `failedText`, which the card shows where its other errors go.
 */
export function loadExternalSignIn(failedText: string): Promise<typeof import('./externalSignIn')> {
  return import('./externalSignIn').catch(() => {
    throw new Error(failedText);
  });
}
