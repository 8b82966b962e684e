// A SMART app's launch against a test server, step by step over raw HTTP: the authorize
// request (as an app builds it), the sign-in form (as a person fills it in) and the code
// exchange. Each step answers what went over the wire, so a test can send what a real app
// never would (another aud, someone else's launch) and see what the server does with it.
import { randomBytes } from 'node:crypto';
import type { RunningServer } from '../app';
import { pkce, raw, type RawResponse } from './attacker';

/** What an app puts on its authorize request. */
export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  scope?: string;
  /** The FHIR base the token is for; the server's own (`{base}fhir/R4`) unless told. */
  aud?: string | null;
  launch?: string;
  nonce?: string;
}

/** A started authorize request: its query, and the PKCE verifier the exchange needs. */
export interface Started {
  query: Record<string, string>;
  verifier: string;
}

/** The server's FHIR base as it names it. */
export const fhirBaseOf = (server: RunningServer) => `${server.url}fhir/R4`;

/** The query of an authorize request (S256, random state). */
export function authorizeQuery(server: RunningServer, params: AuthorizeParams): Started {
  const { verifier, challenge } = pkce();
  const query: Record<string, string> = {
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: params.scope ?? 'launch/patient openid fhirUser patient/*.read',
    state: randomBytes(12).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  if (params.aud !== null) query.aud = params.aud ?? fhirBaseOf(server);
  if (params.launch) query.launch = params.launch;
  if (params.nonce) query.nonce = params.nonce;
  return { query, verifier };
}

/** GET oauth2/authorize (redirects not followed). */
export function getAuthorize(server: RunningServer, query: Record<string, string>): Promise<RawResponse> {
  return raw(server, 'GET', `oauth2/authorize?${new URLSearchParams(query)}`);
}

/** The sign-in form posted with the request's parameters (redirects not followed). */
export function postSignIn(
  server: RunningServer,
  query: Record<string, string>,
  email: string,
  password: string
): Promise<RawResponse> {
  return raw(server, 'POST', 'oauth2/authorize', new URLSearchParams({ ...query, email, password }).toString(), {
    'Content-Type': 'application/x-www-form-urlencoded',
  });
}

/** The Location of a redirect, parsed; throws when the answer is not one. */
export function locationOf(res: RawResponse): URL {
  const location = res.headers.get('location');
  if (res.status !== 302 || !location)
    throw new Error(`expected a redirect, got ${res.status}: ${res.text.slice(0, 300)}`);
  return new URL(location);
}

/** Signs in on the authorize form and answers the code the redirect carries. */
export async function codeFor(
  server: RunningServer,
  started: Started,
  account: { email: string; password: string }
): Promise<string> {
  const back = locationOf(await postSignIn(server, started.query, account.email, account.password));
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`the redirect carries no code: ${back}`);
  if (back.searchParams.get('state') !== started.query.state) throw new Error('the state came back changed');
  return code;
}

/** POST oauth2/token for a code, as the app that started the request (public client, PKCE). */
export function exchangeCode(server: RunningServer, started: Started, code: string): Promise<RawResponse> {
  return raw(
    server,
    'POST',
    'oauth2/token',
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: started.verifier,
      client_id: started.query.client_id,
      redirect_uri: started.query.redirect_uri,
    }).toString(),
    { 'Content-Type': 'application/x-www-form-urlencoded' }
  );
}

/** The whole launch: authorize, sign in, exchange. Answers the token endpoint's response. */
export async function launchAs(
  server: RunningServer,
  params: AuthorizeParams,
  account: { email: string; password: string }
): Promise<RawResponse> {
  const started = authorizeQuery(server, params);
  return exchangeCode(server, started, await codeFor(server, started, account));
}
