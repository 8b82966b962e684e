// The demo's external identity end to end over HTTP: the reference server configured by
// configureDemoExternalIdentity, the real local OpenID provider (oidc-provider,
// demo/identity-provider), and a browser played by hand (redirects followed one by one, the
// provider's cookies kept), signing Sam in and registering Alex.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoIdentityProvider, type RunningIdentityProvider } from '../../identity-provider/provider';
import { createServer, type RunningServer } from '../app';
import { pkce, raw } from '../test/attacker';
import {
  configureDemoExternalIdentity,
  DEMO_PORTAL_CLIENT_ID,
  DemoExternalUsers,
  ExternalIds,
} from './external-identity';

const PORTAL = 'http://127.0.0.1:3999';

let server: RunningServer;
let idp: RunningIdentityProvider;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fpk-external-'));
  // The provider needs the server's callback and the server the provider's issuer: a port
  // for the server first, then the provider, then the server learns where it is.
  server = await createServer({ port: 0, dataDir, seed: true, corsOrigins: [PORTAL] });
  idp = await startDemoIdentityProvider({ port: 0, redirectUris: [`${server.url}auth/external/callback`] });
  await configureDemoExternalIdentity(server.ctx, { issuer: idp.issuer, portalOrigins: [PORTAL] });
}, 120_000);

afterAll(async () => {
  await idp?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser: follows redirects by hand, keeps cookies, fills the provider's sign-in form. */
async function browse(start: string, credentials: { email: string; password: string }): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(PORTAL)) return new URL(url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    method = 'GET';
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`Unexpected page ${res.status} at ${url}: ${html.slice(0, 300)}`);
    expect(html).toContain('<label for="password">Password</label>');
    url = new URL(action, url).toString();
    method = 'POST';
    body = new URLSearchParams(credentials).toString();
  }
  throw new Error('Too many redirects');
}

/** Starts a sign-in as the portal's form does; answers where the browser ends and its PKCE verifier. */
async function signInThroughProvider(user: { email: string; password: string }, extra: Record<string, unknown> = {}) {
  const method = await raw(server, 'POST', 'auth/method', { email: user.email });
  expect(method.body.domain).toBe('northwind.example');
  const { verifier, challenge } = pkce();
  const state = JSON.stringify({
    clientId: DEMO_PORTAL_CLIENT_ID,
    redirectUri: `${PORTAL}/signin`,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    domain: method.body.domain,
    ...extra,
  });
  const authorize = new URL(method.body.authorizeUrl);
  authorize.searchParams.set('state', state);
  const back = await browse(authorize.toString(), { email: user.email, password: user.password });
  return { back, verifier, state };
}

async function tokens(code: string, verifier: string) {
  const res = await raw(
    server,
    'POST',
    'oauth2/token',
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: DEMO_PORTAL_CLIENT_ID,
      redirect_uri: `${PORTAL}/signin`,
    }).toString(),
    { 'Content-Type': 'application/x-www-form-urlencoded' }
  );
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('the demo external identity', () => {
  it('signs Sam in at Northwind and back into the portal as Sam', async () => {
    const { back, verifier, state } = await signInThroughProvider(DemoExternalUsers.sam);
    expect(back.origin + back.pathname).toBe(`${PORTAL}/signin`);
    expect(back.searchParams.get('state')).toBe(state);
    const answer = await tokens(back.searchParams.get('code')!, verifier);
    expect(answer.profile).toEqual({ reference: `Patient/${ExternalIds.samPatient}` });
  });

  it('refuses a wrong password at Northwind, on its own page', async () => {
    await expect(
      signInThroughProvider({ email: DemoExternalUsers.sam.email, password: 'not-the-password' })
    ).rejects.toThrow(/Unexpected page 400/);
  });

  it('registers Alex, known only to Northwind, as a new patient', async () => {
    const { back, verifier } = await signInThroughProvider(DemoExternalUsers.alex, { createUser: true });
    const answer = await tokens(back.searchParams.get('code')!, verifier);
    const [type, id] = answer.profile.reference.split('/');
    const patient = await server.ctx.systemRepo.readResource<any>(type, id);
    expect(patient.name).toEqual([{ use: 'official', given: ['Alex'], family: 'Kim' }]);
  });
});
