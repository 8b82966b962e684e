/**
 * GET/POST oauth2/authorize: a SMART standalone or EHR launch. There is no browser session on
 * this server, so the page always asks for email and password (then an MFA code or a profile
 * when needed) and redirects to redirect_uri?code=…&state=….
 *
 * What is refused where: an unknown client or a redirect_uri not registered for it gets an
 * error page and no redirect (the redirect cannot be trusted); once the redirect is known good,
 * a bad `aud`, a stale `launch` or an oversized `nonce` goes back to the app as
 * `error=invalid_request` (RFC 6749 section 4.1.2.1).
 */
import type { ServerRequest, ServerResponse } from '../http/router';
import type { ServerContext } from '../context';
import type { SignInResponse, SignInSteps } from './sign-in-steps';
import type { ClientApplicationRecord } from '../core/account-records';
import { isOperationOutcomeError, normalizeErrorString } from '../../../src/fhir/outcomes';
import { redirectUriAllowed } from './client-policy';
import { isConfidentialClient } from './client-secrets';
import { fhirBaseUrl } from './smart-configuration';
import { findUsableLaunch, INVALID_LAUNCH } from './smart-launch';

/** The error text of an `aud` that is not this server's FHIR base. */
export const BAD_AUDIENCE = 'Bad audience value';

/** The longest OpenID Connect nonce kept (and echoed in the id_token). */
export const MAX_NONCE_LENGTH = 512;

/** The OAuth parameters the page carries from step to step. */
const CARRIED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'aud',
  'launch',
  'nonce',
] as const;
type Carried = Partial<Record<(typeof CARRIED)[number], string>>;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string, status = 200): ServerResponse {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1a1a1a;margin:0}
main{max-width:450px;margin:4rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin-top:0}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #5c6670;border-radius:4px;font-size:1rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;background:#00695c;color:#fff;border:0;border-radius:4px;font-size:1rem;cursor:pointer}
input:focus-visible,button:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}
[role=alert]{background:#fdecea;color:#8a1c1c;padding:.75rem;border-radius:4px}
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
  return {
    status,
    body: Buffer.from(html, 'utf8'),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      // No form-action: Chrome applies it to the redirect to the client after the POST too.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
    },
  };
}

function hidden(params: Carried, extra: Record<string, string | undefined> = {}): string {
  return Object.entries({ ...params, ...extra })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
}

function alert(message?: string): string {
  return message ? `<p role="alert" id="error">${escapeHtml(message)}</p>` : '';
}

/** The app as the person knows it: its registered name, else its client id. */
function appName(client: ClientApplicationRecord | undefined, params: Carried): string {
  return client?.name?.trim() || params.client_id || '';
}

function signInPage(params: Carried, app: string, error?: string, email = ''): ServerResponse {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Sign in to continue to <strong>${escapeHtml(app)}</strong>.</p>
${alert(error)}
<form method="post" action="authorize">
${hidden(params, { step: 'password' })}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${error ? ' aria-describedby="error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
    error ? 400 : 200
  );
}

function mfaPage(params: Carried, login: string, error?: string): ServerResponse {
  return page(
    'Enter MFA code',
    `<h1>Enter MFA code</h1>
${alert(error)}
<form method="post" action="authorize">
${hidden(params, { step: 'mfa', login })}
<label for="token">MFA code</label>
<input id="token" name="token" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>
<button type="submit">Submit code</button>
</form>`,
    error ? 400 : 200
  );
}

function profilePage(params: Carried, response: SignInResponse): ServerResponse {
  const items = (response.memberships ?? [])
    .map(
      (
        m
      ) => `<li><form method="post" action="authorize">${hidden(params, { step: 'profile', login: response.login, profile: m.id })}
<button type="submit">${escapeHtml(m.profile.display ?? m.profile.reference)} — ${escapeHtml(m.project.display ?? m.project.reference)}</button></form></li>`
    )
    .join('\n');
  return page('Choose profile', `<h1>Choose profile</h1>\n<ul>${items}</ul>`);
}

function errorPage(message: string): ServerResponse {
  return page('Sign-in error', `<h1>Sign-in error</h1>\n${alert(message)}`, 400);
}

function carried(source: Record<string, unknown> | URLSearchParams): Carried {
  const out: Carried = {};
  for (const key of CARRIED) {
    const raw = source instanceof URLSearchParams ? source.get(key) : source[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/** Checks the request against the registered client: the client, or an error text when it fails. */
async function checkClient(
  ctx: ServerContext,
  params: Carried
): Promise<{ problem: string; client?: undefined } | { problem?: undefined; client: ClientApplicationRecord }> {
  const problem = await clientProblem(ctx, params);
  return typeof problem === 'string' ? { problem } : { client: problem };
}

async function clientProblem(ctx: ServerContext, params: Carried): Promise<string | ClientApplicationRecord> {
  if (params.response_type !== 'code') return 'Unsupported response_type (only code)';
  if (!params.client_id) return 'Missing client_id';
  if (!params.redirect_uri) return 'Missing redirect_uri';
  let redirect: URL;
  try {
    redirect = new URL(params.redirect_uri);
  } catch {
    return 'Invalid redirect_uri';
  }
  if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') return 'Invalid redirect_uri';
  const client = await ctx.systemRepo
    .readResource<ClientApplicationRecord>('ClientApplication', params.client_id)
    .catch(() => undefined);
  if (!client) return 'Unknown client_id';
  if (!redirectUriAllowed(client, params.redirect_uri)) return 'redirect_uri does not match the client';
  if (params.code_challenge_method && !['S256', 'plain'].includes(params.code_challenge_method))
    return 'Invalid code_challenge_method';
  // PKCE (auth/client-policy.ts): required of a public client, S256 unless it cannot hash.
  const confidential = isConfidentialClient(client);
  if (!confidential && !params.code_challenge) return 'code_challenge is required (PKCE with S256)';
  if (
    params.code_challenge &&
    (params.code_challenge_method ?? 'plain') === 'plain' &&
    (confidential || !client.pkcePlain)
  )
    return 'code_challenge_method must be S256';
  return client;
}

/**
 * After checkClient passed (the redirect is the client's): what the app asked for that this
 * server refuses, as the OAuth error to send back; undefined when nothing is wrong.
 */
async function checkLaunchRequest(ctx: ServerContext, params: Carried): Promise<string | undefined> {
  // The FHIR base exactly as the server names it: a trailing slash is another resource server.
  if (params.aud !== undefined && params.aud !== fhirBaseUrl(ctx)) return BAD_AUDIENCE;
  if (params.nonce !== undefined && params.nonce.length > MAX_NONCE_LENGTH) return 'nonce is too long';
  if (params.launch !== undefined && !(await findUsableLaunch(ctx.systemRepo, params.launch, params.client_id)))
    return INVALID_LAUNCH;
  return undefined;
}

function redirectWithError(params: Carried, description: string): ServerResponse {
  const target = new URL(params.redirect_uri!);
  target.searchParams.set('error', 'invalid_request');
  target.searchParams.set('error_description', description);
  if (params.state !== undefined) target.searchParams.set('state', params.state);
  return { status: 302, headers: { Location: target.toString(), 'Cache-Control': 'no-store' } };
}

function redirectWithCode(params: Carried, code: string): ServerResponse {
  const target = new URL(params.redirect_uri!);
  target.searchParams.set('code', code);
  if (params.state !== undefined) target.searchParams.set('state', params.state);
  return { status: 302, headers: { Location: target.toString(), 'Cache-Control': 'no-store' } };
}

function next(params: Carried, response: SignInResponse): ServerResponse {
  if (response.code) return redirectWithCode(params, response.code);
  if (response.mfaRequired) return mfaPage(params, response.login);
  if (response.memberships?.length) return profilePage(params, response);
  if (response.mfaEnrollRequired)
    return errorPage('This account must enroll in MFA first: sign in through the portal.');
  return errorPage('This account has no profile yet: register through the portal first.');
}

/** GET oauth2/authorize: validates the request and shows the sign-in form. */
export async function handleAuthorizeGet(
  ctx: ServerContext,
  _signIn: SignInSteps,
  req: ServerRequest
): Promise<ServerResponse> {
  const params = carried(req.query);
  const { problem, client } = await checkClient(ctx, params);
  if (problem) return errorPage(problem);
  const refused = await checkLaunchRequest(ctx, params);
  return refused ? redirectWithError(params, refused) : signInPage(params, appName(client, params));
}

/** POST oauth2/authorize: one step of the sign-in form. */
export async function handleAuthorizePost(
  ctx: ServerContext,
  signIn: SignInSteps,
  req: ServerRequest
): Promise<ServerResponse> {
  const body = (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {}) as Record<
    string,
    unknown
  >;
  const params = carried(body);
  const { problem, client } = await checkClient(ctx, params);
  if (problem) return errorPage(problem);
  const refused = await checkLaunchRequest(ctx, params);
  if (refused) return redirectWithError(params, refused);
  const pick = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  const step = pick('step');
  try {
    if (step === 'mfa') return next(params, await signIn.verifyMfa({ login: pick('login'), token: pick('token') }));
    if (step === 'profile')
      return next(params, await signIn.chooseProfile({ login: pick('login'), profile: pick('profile') }));
    const response = await signIn.login({
      email: pick('email'),
      password: pick('password'),
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      scope: params.scope,
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge ? (params.code_challenge_method ?? 'plain') : undefined,
      nonce: params.nonce,
      launch: params.launch,
      remember: false,
    });
    return next(params, response);
  } catch (err) {
    if (!isOperationOutcomeError(err)) throw err;
    const message = normalizeErrorString(err).replace(/ \(.*\)$/, '');
    if (step === 'mfa') return mfaPage(params, pick('login') ?? '', message);
    return signInPage(params, appName(client, params), message, pick('email'));
  }
}
