// Sign-in through an external identity provider (external-login.ts) over real HTTP, on PGlite
// and, with DATABASE_URL, PostgreSQL. The provider is a scripted one on a free port
// (test-identity-provider.ts) that checks what a provider checks; the browser's part is played
// with raw requests that follow the redirects by hand, as Chromium would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { exchange, pkce, raw, type RawResponse } from '../test/attacker';
import { ExternalLoginMessages } from './external-request';
import { ProviderLimits, ProviderMessages } from './external-provider-client';
import { sealFlow, type ExternalFlow } from './external-state';
import type { IdentityProviderConfig } from './identity-providers';
import { s256Challenge } from './pkce';
import { TEST_PROVIDER_CLIENT, startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider';

const DOMAIN = 'idp.test';
const CLIENT_ID = 'test-portal';
const REDIRECT = 'http://127.0.0.1:3000/signin';

describe.each(backends())('external sign-in (%s)', (backend) => {
  let server: TestServer;
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    server = await startTestServer(backend);
    idp = await startTestIdentityProvider();
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: 'ClientApplication',
      id: CLIENT_ID,
      name: 'Test portal',
      redirectUris: [REDIRECT],
    });
    await configure(idp.config({ usePkce: true }));
  }, 60_000);
  afterAll(async () => {
    await idp?.close();
    await server?.destroy();
  });

  /** Sets the default project's identity providers: DOMAIN signs in at the scripted provider. */
  async function configure(identityProvider: IdentityProviderConfig, subjectSystem?: string) {
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: 'Project',
      id: server.ctx.defaultProjectId,
      name: 'Test',
      identityProviders: [{ domains: [DOMAIN], identityProvider, ...(subjectSystem ? { subjectSystem } : {}) }],
    });
  }

  /** A patient account (User, Patient, membership) in the default project, without a password. */
  async function createAccount(email: string, identifier?: { system: string; value: string }) {
    const repo = server.ctx.systemRepo;
    const patient = await repo.createResource<any>({
      resourceType: 'Patient',
      name: [{ given: ['Ext'], family: 'Ernal' }],
      ...(identifier ? { identifier: [identifier] } : {}),
    });
    const user = await repo.createResource<any>({
      resourceType: 'User',
      email,
      passwordHash: '',
      firstName: 'Ext',
      lastName: 'Ernal',
    });
    await repo.createResource<any>({
      resourceType: 'ProjectMembership',
      project: { reference: `Project/${server.ctx.defaultProjectId}` },
      user: { reference: `User/${user.id}` },
      profile: { reference: `Patient/${patient.id}` },
    });
    return { patient: `Patient/${patient.id}`, userId: user.id };
  }

  let n = 0;
  const email = () => `person-${++n}-${Date.now()}@${DOMAIN}`;

  /** The browser's login request, as the portal's forms put it in `state`. */
  function loginRequest(extra: Record<string, unknown> = {}) {
    const { verifier, challenge } = pkce();
    const request = {
      clientId: CLIENT_ID,
      redirectUri: REDIRECT,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      domain: DOMAIN,
      ...extra,
    };
    return { verifier, state: JSON.stringify(request) };
  }

  /** auth/method, then the authorize URL with the browser's state; answers the server's answer. */
  async function authorize(address: string, state: string, loginHint?: string): Promise<RawResponse> {
    const method = await raw(server, 'POST', 'auth/method', { email: address });
    expect(method.status).toBe(200);
    const url = new URL(method.body.authorizeUrl);
    url.searchParams.set('state', state);
    if (loginHint !== undefined) url.searchParams.set('login_hint', loginHint);
    return raw(server, 'GET', url.toString());
  }

  /** The provider's answer to our callback (with a code it issued), then our answer. */
  function callback(providerUrl: URL, params: Record<string, string> = { code: idp.issueCode(providerUrl) }) {
    const url = new URL(providerUrl.searchParams.get('redirect_uri')!);
    url.searchParams.set('state', providerUrl.searchParams.get('state')!);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return raw(server, 'GET', url.toString());
  }

  /** The whole journey for an email; answers the final redirect back to the browser. */
  async function journey(address: string, extra: Record<string, unknown> = {}) {
    const browser = loginRequest(extra);
    const start = await authorize(address, browser.state);
    expect(start.status, start.text).toBe(302);
    const providerUrl = new URL(start.headers.get('location')!);
    const done = await callback(providerUrl);
    expect(done.status, done.text).toBe(302);
    return { ...browser, providerUrl, back: new URL(done.headers.get('location')!) };
  }

  const tokenForm = (code: string, verifier: string) =>
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
    }).toString();

  const exchangeCode = (code: string, verifier: string) =>
    raw(server, 'POST', 'oauth2/token', tokenForm(code, verifier), {
      'Content-Type': 'application/x-www-form-urlencoded',
    });

  describe('POST auth/method', () => {
    it('answers the authorize URL for a domain with a provider, and {} for others', async () => {
      const external = await raw(server, 'POST', 'auth/method', { email: `Someone@${DOMAIN.toUpperCase()}` });
      expect(external.status).toBe(200);
      expect(external.body).toEqual({
        domain: DOMAIN,
        authorizeUrl: `${server.url}auth/external/authorize?domain=${DOMAIN}`,
      });
      expect((await raw(server, 'POST', 'auth/method', { email: 'someone@example.com' })).body).toEqual({});
    });

    it('refuses what is not an email, naming the field', async () => {
      const res = await raw(server, 'POST', 'auth/method', { email: 'x'.repeat(5000) });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].expression).toEqual(['email']);
    });
  });

  describe('when a user of the domain signs in', () => {
    it('goes to the provider with our own state and PKCE, and comes back with a code bound to the browser', async () => {
      const address = email();
      const account = await createAccount(address);
      idp.claims = { sub: 'subject-1', email: address, email_verified: true };
      const { verifier, state, providerUrl, back } = await journey(address);

      // To the provider: its client id, our exact callback, our sealed state, our own challenge.
      expect(providerUrl.origin + providerUrl.pathname).toBe(`${idp.url}/authorize`);
      expect(Object.fromEntries(providerUrl.searchParams)).toEqual({
        response_type: 'code',
        client_id: TEST_PROVIDER_CLIENT.id,
        redirect_uri: `${server.url}auth/external/callback`,
        scope: 'openid email profile',
        state: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/),
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge_method: 'S256',
      });
      expect(providerUrl.searchParams.get('code_challenge')).not.toBe(JSON.parse(state).codeChallenge);

      // At the provider's token endpoint: Basic client auth, the code, the exact callback, the verifier.
      const tokenCall = idp.requests.filter((r) => r.path === '/token').at(-1)!;
      expect(tokenCall.headers.authorization).toBe(
        `Basic ${Buffer.from(`${TEST_PROVIDER_CLIENT.id}:${TEST_PROVIDER_CLIENT.secret}`).toString('base64')}`
      );
      expect(tokenCall.form.get('redirect_uri')).toBe(`${server.url}auth/external/callback`);
      expect(s256Challenge(tokenCall.form.get('code_verifier')!)).toBe(providerUrl.searchParams.get('code_challenge'));

      // Back at the portal: only the one-time code and the browser's own state.
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect([...back.searchParams.keys()].sort()).toEqual(['code', 'state']);
      expect(back.searchParams.get('state')).toBe(state);
      const tokens = await exchangeCode(back.searchParams.get('code')!, verifier);
      expect(tokens.status, tokens.text).toBe(200);
      expect(tokens.body.profile).toEqual({ reference: account.patient });
      const me = await raw(server, 'GET', 'auth/me', undefined, {
        Authorization: `Bearer ${tokens.body.access_token}`,
      });
      expect(me.body.user.email).toBe(address);
      // The session says it signed in at the provider: the portal shows no password form to change.
      expect(me.body.login).toEqual({ authMethod: 'external' });
    });

    it('passes the email the user typed to the provider as login_hint, and no address of another domain', async () => {
      const address = email();
      const start = await authorize(address, loginRequest().state, address);
      expect(start.status, start.text).toBe(302);
      const providerUrl = new URL(start.headers.get('location')!);
      expect(providerUrl.origin + providerUrl.pathname).toBe(`${idp.url}/authorize`);
      expect(providerUrl.searchParams.get('login_hint')).toBe(address);

      const elsewhere = await authorize(address, loginRequest().state, 'someone@elsewhere.example');
      expect(elsewhere.status, elsewhere.text).toBe(302);
      expect(new URL(elsewhere.headers.get('location')!).searchParams.has('login_hint')).toBe(false);
    });

    it('sends the client secret in the form and no PKCE when the provider is configured so', async () => {
      await configure(idp.config({ usePkce: false, tokenAuthMethod: 'client_secret_post' }));
      const address = email();
      await createAccount(address);
      idp.claims = { sub: 'subject-2', email: address, email_verified: true };
      const { verifier, providerUrl, back } = await journey(address);
      expect(providerUrl.searchParams.has('code_challenge')).toBe(false);
      const tokenCall = idp.requests.filter((r) => r.path === '/token').at(-1)!;
      expect(tokenCall.headers.authorization).toBeUndefined();
      expect(tokenCall.form.get('client_id')).toBe(TEST_PROVIDER_CLIENT.id);
      expect(tokenCall.form.get('client_secret')).toBe(TEST_PROVIDER_CLIENT.secret);
      expect(tokenCall.form.has('code_verifier')).toBe(false);
      expect((await exchangeCode(back.searchParams.get('code')!, verifier)).status).toBe(200);
      await configure(idp.config({ usePkce: true }));
    });

    it('matches by subject with useSubject, whatever the email says', async () => {
      const system = 'https://idp.test/subjects';
      await configure(idp.config({ usePkce: true, useSubject: true }), system);
      const account = await createAccount(email(), { system, value: 'subject-42' });
      idp.claims = { sub: 'subject-42' };
      const { verifier, back } = await journey(`whoever@${DOMAIN}`);
      const tokens = await exchangeCode(back.searchParams.get('code')!, verifier);
      expect(tokens.body.profile).toEqual({ reference: account.patient });
      await configure(idp.config({ usePkce: true }));
    });
  });

  describe('when someone new registers through the provider', () => {
    it('creates the patient from what the provider says, then signs in', async () => {
      const address = email();
      idp.claims = { sub: 'new-1', email: address, email_verified: true, given_name: 'Nova', family_name: 'Reyes' };
      const { verifier, back } = await journey(address, { createUser: true });
      const tokens = await exchangeCode(back.searchParams.get('code')!, verifier);
      expect(tokens.status, tokens.text).toBe(200);
      const [type, id] = tokens.body.profile.reference.split('/');
      const patient = await server.ctx.systemRepo.readResource<any>(type, id);
      expect(patient.name).toEqual([{ use: 'official', given: ['Nova'], family: 'Reyes' }]);
      expect(patient.telecom).toEqual([{ system: 'email', use: 'home', value: address }]);
      const user = await server.ctx.systemRepo.searchOne<any>('User', { email: address });
      // No password signs in to it.
      const password = await raw(server, 'POST', 'auth/login', { email: address, password: '' });
      expect(password.status).toBe(400);
      expect(user.passwordHash).toBe('');
    });

    it('does not create anyone on a plain sign-in', async () => {
      const address = email();
      idp.claims = { sub: 'new-2', email: address, email_verified: true };
      const { back, state } = await journey(address);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'access_denied',
        error_description: ExternalLoginMessages.noAccount,
        state,
      });
      expect(await server.ctx.systemRepo.searchOne<any>('User', { email: address })).toBeUndefined();
    });
  });

  describe('when an attacker tampers with the state', () => {
    it('refuses an altered, replayed or expired state without sending the browser anywhere', async () => {
      const address = email();
      await createAccount(address);
      idp.claims = { sub: 's', email: address, email_verified: true };
      const browser = loginRequest();
      const start = await authorize(address, browser.state);
      const providerUrl = new URL(start.headers.get('location')!);
      const sealed = providerUrl.searchParams.get('state')!;

      // Altered: the payload changed (another redirect URI), the seal kept.
      const [payload, seal] = sealed.split('.');
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...flow, redirectUri: 'https://evil.example/' })).toString(
        'base64url'
      );
      const altered = await callback(providerUrl, { code: idp.issueCode(providerUrl), state: `${forged}.${seal}` });
      expect(altered.status).toBe(400);
      expect(altered.headers.get('location')).toBeNull();
      expect(altered.body.issue[0].details.text).toBe(ExternalLoginMessages.invalidState);

      // The real one works once; the same state again is refused.
      expect((await callback(providerUrl)).status).toBe(302);
      const replay = await callback(providerUrl);
      expect(replay.status).toBe(400);
      expect(replay.headers.get('location')).toBeNull();

      // Sealed by this server but expired.
      const expired: ExternalFlow = { ...flow, id: 'expired-flow', expires: Date.now() - 1 };
      const old = await callback(providerUrl, {
        code: idp.issueCode(providerUrl),
        state: sealFlow(server.ctx.jwtSecret, expired),
      });
      expect(old.status).toBe(400);
      expect(old.headers.get('location')).toBeNull();
    });

    it("refuses a code for another browser's challenge at the token endpoint", async () => {
      const address = email();
      await createAccount(address);
      idp.claims = { sub: 's2', email: address, email_verified: true };
      const { back } = await journey(address);
      const wrong = await exchangeCode(back.searchParams.get('code')!, pkce().verifier);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('invalid_grant');
      const none = await exchange(server, back.searchParams.get('code')!, '');
      expect(none.status).toBe(400);
    });
  });

  describe('when an attacker sends the browser back elsewhere', () => {
    it.each([
      ['a foreign origin', 'https://evil.example/signin'],
      ['another path of the registered origin', 'http://127.0.0.1:3000/evil'],
      ['the registered URI with a query', `${REDIRECT}?next=https://evil.example`],
      ['the registered URI with a trailing slash', `${REDIRECT}/`],
    ])('refuses %s with 400 and no redirect', async (_label, redirectUri) => {
      const { state } = loginRequest({ redirectUri });
      const res = await authorize(email(), state);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.body.issue[0].details.text).toBe(ExternalLoginMessages.redirectNotRegistered);
    });

    it('refuses an unknown client, and a request without S256 PKCE', async () => {
      const unknown = await authorize(email(), loginRequest({ clientId: 'nobody' }).state);
      expect(unknown.status).toBe(400);
      expect(unknown.headers.get('location')).toBeNull();
      const plain = await authorize(email(), loginRequest({ codeChallengeMethod: 'plain' }).state);
      expect(plain.status).toBe(400);
      expect(plain.body.issue[0].details.text).toBe(ExternalLoginMessages.pkceRequired);
      const none = await authorize(email(), JSON.stringify({ clientId: CLIENT_ID, redirectUri: REDIRECT }));
      expect(none.status).toBe(400);
      const notJson = await authorize(email(), 'x'.repeat(5000));
      expect(notJson.status).toBe(400);
    });
  });

  describe('when the provider answers badly', () => {
    it('refuses an email outside its domain, so it cannot sign in as anyone else', async () => {
      const victim = `victim-${Date.now()}@example.com`;
      await createAccount(victim);
      idp.claims = { sub: 'mallory', email: victim, email_verified: true };
      const { back } = await journey(`mallory@${DOMAIN}`);
      expect(back.searchParams.get('error_description')).toBe(ExternalLoginMessages.wrongDomain);
      expect(back.searchParams.has('code')).toBe(false);
    });

    it('refuses an unverified email', async () => {
      const address = email();
      await createAccount(address);
      idp.claims = { sub: 'u', email: address, email_verified: false };
      const { back } = await journey(address);
      expect(back.searchParams.get('error_description')).toBe(ExternalLoginMessages.emailNotVerified);
    });

    it('refuses an answer over the size limit, or not JSON, without reading it all', async () => {
      const address = email();
      await createAccount(address);
      idp.claims = { sub: 'b', email: address, email_verified: true };
      idp.override.userinfo = (res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            sub: 'x',
            email: address,
            email_verified: true,
            pad: 'p'.repeat(2 * ProviderLimits.maxBodyBytes),
          })
        );
      };
      const big = await journey(address);
      expect(big.back.searchParams.get('error_description')).toBe(ProviderMessages.failed);
      idp.override.userinfo = (res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html>');
      };
      const html = await journey(address);
      expect(html.back.searchParams.get('error_description')).toBe(ProviderMessages.failed);
      idp.override.token = (res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ access_token: 42 }));
      };
      const badToken = await journey(address);
      expect(badToken.back.searchParams.get('error_description')).toBe(ProviderMessages.failed);
      idp.override = {};
    });

    it('answers a cancelled sign-in at the provider with the browser back and an error', async () => {
      const browser = loginRequest();
      const start = await authorize(email(), browser.state);
      const providerUrl = new URL(start.headers.get('location')!);
      const res = await callback(providerUrl, { error: 'access_denied' });
      const back = new URL(res.headers.get('location')!);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'access_denied',
        error_description: ExternalLoginMessages.cancelled,
        state: browser.state,
      });
    });
  });
});
