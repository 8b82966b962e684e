// What the browser sends to the external sign-in (its login request in `state`, query
// parameters), checked against bounds before anything parses it, and how it is sent back (its
// redirect URI with our parameters and its own state). The texts the flow answers with live here.
import type { ServerResponse } from '../http/router';
import { badRequest } from './errors';
import type { ExternalFlow } from './external-state';

/** Texts of the external sign-in. */
export const ExternalLoginMessages = {
  invalidState: 'Invalid or expired sign-in state; start the sign-in again',
  invalidLoginRequest: 'Invalid login request in state',
  pkceRequired: 'A PKCE code challenge with method S256 is required',
  unknownClient: 'Unknown client',
  redirectNotRegistered: 'The redirect URI is not registered for this client',
  unknownDomain: 'This email domain does not sign in with an external provider',
  cancelled: 'The sign-in was cancelled at the sign-in provider',
  emailNotVerified: 'The sign-in provider did not confirm an email address',
  wrongDomain: 'The sign-in provider answered for an email outside its domain',
  noAccount: 'No account matches this sign-in; register first',
  noProfile: 'This account has no profile in this project',
  linkRefused:
    'An account with this email already exists and signs in another way; it cannot be linked to this sign-in provider',
  notLinking: 'This sign-in is not waiting for a password to link',
  linkExpired: 'The sign-in to link has expired; start the sign-in again',
} as const;

/** Bounds on what the browser sends, checked before anything parses it. */
export const Limits = { state: 4096, param: 2048, id: 256, scope: 1000, email: 254 } as const;
/** RFC 7636: a S256 challenge is base64url of 32 bytes. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The login request the browser puts in `state`, as checked. */
export interface BrowserLoginRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  projectId?: string;
  scope?: string;
  createUser: boolean;
  domain?: string;
}

export function param(query: URLSearchParams, name: string, max: number = Limits.param): string | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (value.length > max) badRequest(`${name} is too long`, name);
  return value;
}

function optionalText(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) badRequest(ExternalLoginMessages.invalidLoginRequest, name);
  return value;
}

/** Parses the browser's state: its login request as JSON (Medplum's format). */
export function parseLoginRequest(state: string | undefined): BrowserLoginRequest {
  if (!state) badRequest(ExternalLoginMessages.invalidLoginRequest, 'state');
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    badRequest(ExternalLoginMessages.invalidLoginRequest, 'state');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    badRequest(ExternalLoginMessages.invalidLoginRequest, 'state');
  const r = parsed as Record<string, unknown>;
  const clientId = optionalText(r.clientId, 'clientId', Limits.id);
  const redirectUri = optionalText(r.redirectUri, 'redirectUri', Limits.param);
  if (!clientId) badRequest(ExternalLoginMessages.unknownClient, 'clientId');
  if (!redirectUri) badRequest(ExternalLoginMessages.redirectNotRegistered, 'redirectUri');
  const codeChallenge = optionalText(r.codeChallenge, 'codeChallenge', 128);
  if (!codeChallenge || r.codeChallengeMethod !== 'S256' || !S256_CHALLENGE.test(codeChallenge))
    badRequest(ExternalLoginMessages.pkceRequired, 'codeChallenge');
  if (r.createUser !== undefined && typeof r.createUser !== 'boolean')
    badRequest(ExternalLoginMessages.invalidLoginRequest, 'createUser');
  return {
    clientId,
    redirectUri,
    codeChallenge,
    projectId: optionalText(r.projectId, 'projectId', Limits.id),
    scope: optionalText(r.scope, 'scope', Limits.scope),
    createUser: r.createUser === true,
    domain: optionalText(r.domain, 'domain', 253),
  };
}

export function redirect(location: URL | string): ServerResponse {
  return {
    status: 302,
    headers: { Location: location.toString(), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  };
}

/** The browser's way back: its redirect URI with our parameters and its own state. */
export function back(
  flow: Pick<ExternalFlow, 'redirectUri' | 'state'>,
  params: Record<string, string>
): ServerResponse {
  const target = new URL(flow.redirectUri);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  target.searchParams.set('state', flow.state);
  return redirect(target);
}

export function refused(flow: ExternalFlow, text: string): ServerResponse {
  return back(flow, { error: 'access_denied', error_description: text });
}
