// Issue 19, high: pre-registration took over an external account. Mallory registered
// alex@{domain} with a password of her own; when Alex later came through the project's identity
// provider, the external sign-in put him in Mallory's account, and her password read everything
// he wrote. External sign-in also skipped the account's MFA, and a provider matching by
// subject searched `system|sub` unescaped, so a `sub` with a comma matched other patients.
// Now an external identity joins an account only when that provider made it or was linked to
// it, or the account's password is proven (auth/external/link); passwords are refused for
// domains a provider owns; the account's MFA is asked as after a password.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExternalLoginMessages } from '../auth/external-request';
import { AuthMessages } from '../auth/errors';
import { ProviderDomainMessages, type IdentityProviderConfig } from '../auth/identity-providers';
import { hashPassword } from '../auth/password';
import { startTestIdentityProvider, type TestIdentityProvider } from '../test/identity-provider';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { wrongCode } from '../test/accounts';
import { exchange, newUser, pkce, raw, type RawResponse } from '../test/attacker';
import { TOTP } from 'otpauth';

const DOMAIN = 'northwind.test';
const CLIENT_ID = 'linking-portal';
const REDIRECT = 'http://127.0.0.1:3000/signin';
const SUBJECTS = 'https://northwind.test/subjects';
const MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe.each(backends())('account linking (%s)', (backend) => {
  let server: TestServer;
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    server = await startTestServer(backend);
    idp = await startTestIdentityProvider();
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: 'ClientApplication',
      id: CLIENT_ID,
      redirectUris: [REDIRECT],
    });
    await configure({ usePkce: true });
  }, 60_000);
  afterAll(async () => {
    await idp?.close();
    await server?.destroy();
  });

  /** The default project's provider for `domains` (DOMAIN unless told). */
  async function configure(extra: Partial<IdentityProviderConfig>, domains = [DOMAIN]) {
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: 'Project',
      id: server.ctx.defaultProjectId,
      name: 'Test',
      identityProviders: [{ domains, identityProvider: idp.config(extra), subjectSystem: SUBJECTS }],
    });
  }

  const address = (name: string) => `${name}-${randomUUID()}@${DOMAIN}`;
  const project = () => ({ reference: `Project/${server.ctx.defaultProjectId}` });

  /** An account written as the system would: a User, and a Patient with its membership. */
  async function account(user: Record<string, unknown>, identifier?: { system: string; value: string }) {
    const repo = server.ctx.systemRepo;
    const patient = await repo.createResource<any>({
      resourceType: 'Patient',
      name: [{ family: 'Existing' }],
      ...(identifier ? { identifier: [identifier] } : {}),
    });
    const created = await repo.createResource<any>({
      resourceType: 'User',
      passwordHash: '',
      firstName: 'Existing',
      lastName: 'Account',
      ...user,
    });
    await repo.createResource<any>({
      resourceType: 'ProjectMembership',
      project: project(),
      user: { reference: `User/${created.id}` },
      profile: { reference: `Patient/${patient.id}` },
    });
    return { userId: created.id as string, patient: `Patient/${patient.id}` };
  }

  /** The browser's whole way through the provider; answers where it is sent back, and its verifier. */
  async function externalSignIn(email: string, createUser = false) {
    const { verifier, challenge } = pkce();
    const state = JSON.stringify({
      clientId: CLIENT_ID,
      redirectUri: REDIRECT,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      domain: DOMAIN,
      createUser,
    });
    const method = await raw(server, 'POST', 'auth/method', { email });
    const authorize = new URL(method.body.authorizeUrl);
    authorize.searchParams.set('state', state);
    const start = await raw(server, 'GET', authorize.toString());
    expect(start.status, start.text).toBe(302);
    const providerUrl = new URL(start.headers.get('location')!);
    const callback = new URL(providerUrl.searchParams.get('redirect_uri')!);
    callback.searchParams.set('state', providerUrl.searchParams.get('state')!);
    callback.searchParams.set('code', idp.issueCode(providerUrl));
    const done = await raw(server, 'GET', callback.toString());
    expect(done.status, done.text).toBe(302);
    const back = new URL(done.headers.get('location')!);
    return { verifier, back, params: Object.fromEntries([...back.searchParams].filter(([k]) => k !== 'state')) };
  }

  /** The code exchange; an external sign-in's names the client and its redirect URI, as the portal does. */
  const tokenOf = async (code: string, verifier: string, external = true) => {
    const form = { grant_type: 'authorization_code', code, code_verifier: verifier };
    const tokens = external
      ? await raw(
          server,
          'POST',
          'oauth2/token',
          new URLSearchParams({ ...form, client_id: CLIENT_ID, redirect_uri: REDIRECT }).toString(),
          { 'Content-Type': 'application/x-www-form-urlencoded' }
        )
      : await exchange(server, code, verifier);
    expect(tokens.status, tokens.text).toBe(200);
    return tokens.body as { access_token: string; profile: { reference: string } };
  };
  const text = (res: RawResponse) => res.body?.issue?.[0]?.details?.text;
  const passwordLogin = (email: string, password: string) =>
    raw(server, 'POST', 'auth/login', {
      email,
      password,
      codeChallenge: pkce().challenge,
      codeChallengeMethod: 'S256',
    });

  describe('when Mallory registered Alex’s address with a password before Alex came through the provider', () => {
    it('does not sign Alex in to her account: the login waits for that account’s password, which Alex cannot give', async () => {
      // Registered while the domain had no provider yet (or at a project that names none).
      await configure({ usePkce: true }, ['elsewhere.test']);
      const alex = address('alex');
      const mallory = await newUser(server, alex, 'mallory-password-1');
      const patient = await raw(server, 'POST', 'auth/newpatient', { login: mallory.login });
      expect(patient.status, patient.text).toBe(200);
      const mallorysPatient = (await tokenOf(patient.body.code, mallory.verifier, false)).profile.reference;
      await configure({ usePkce: true });

      // Alex registers through Northwind ID.
      idp.claims = { sub: 'alex-1', email: alex, email_verified: true, given_name: 'Alex' };
      const { params } = await externalSignIn(alex, true);
      expect(params).toEqual({ login: expect.any(String) });
      const login = params.login;
      expect((await raw(server, 'GET', `auth/login/${login}`)).body).toEqual({ login, linkRequired: true });

      // No other step takes the login on: no profile, scope, MFA or new patient on Mallory's account.
      for (const [path, body] of [
        ['auth/profile', { login, profile: mallorysPatient }],
        ['auth/scope', { login, scope: 'openid' }],
        ['auth/mfa/verify', { login, token: '123456' }],
        ['auth/newpatient', { login }],
      ] as const) {
        const res = await raw(server, 'POST', path, body);
        expect(res.status, path).toBe(400);
        expect(text(res), path).toBe(AuthMessages.linkPending);
        expect(res.body.code, path).toBeUndefined();
      }
      const guess = await raw(server, 'POST', 'auth/external/link', { login, password: 'alex-guesses-1' });
      expect(guess.status).toBe(400);
      expect(text(guess)).toBe(AuthMessages.invalidCredentials);
      expect(guess.body.code).toBeUndefined();

      // And Mallory's password no longer signs in to the address: it belongs to the provider.
      const hers = await passwordLogin(alex, 'mallory-password-1');
      expect(hers.status).toBe(400);
      expect(text(hers)).toBe(ProviderDomainMessages.passwordNotUsed);
      expect(hers.body.code).toBeUndefined();
    });

    it('refuses a new password registration for the provider’s domain, naming the email', async () => {
      await expect(newUser(server, address('alex'), 'mallory-password-1')).rejects.toThrow(
        ProviderDomainMessages.passwordNotUsed
      );
      const res = await raw(server, 'POST', 'auth/newuser', {
        firstName: 'Mallory',
        lastName: 'Attacker',
        email: address('alex').toUpperCase(),
        password: 'mallory-password-1',
        projectId: 'some-other-project',
      });
      expect(res.status).toBe(400);
      expect(res.body.issue[0]).toMatchObject({
        details: { text: ProviderDomainMessages.passwordNotUsed },
        expression: ['email'],
      });
    });
  });

  describe('when the owner of a password account comes through the provider', () => {
    it('links it once the password is proven, and signs in by the provider alone after that', async () => {
      const email = address('bob');
      const bob = await account({ email, passwordHash: await hashPassword('bobs-password-1') });
      idp.claims = { sub: 'bob-1', email, email_verified: true };
      const first = await externalSignIn(email);
      expect(first.params).toEqual({ login: expect.any(String) });
      const linked = await raw(server, 'POST', 'auth/external/link', {
        login: first.params.login,
        password: 'bobs-password-1',
      });
      expect(linked.status, linked.text).toBe(200);
      expect(linked.body).toEqual({ login: first.params.login, code: expect.any(String) });
      expect((await tokenOf(linked.body.code, first.verifier)).profile.reference).toBe(bob.patient);
      // The proof is spent: the login takes no second password.
      const again = await raw(server, 'POST', 'auth/external/link', {
        login: first.params.login,
        password: 'bobs-password-1',
      });
      expect(again.status).toBe(400);

      const next = await externalSignIn(email);
      expect(next.params).toEqual({ code: expect.any(String) });
      expect((await tokenOf(next.params.code, next.verifier)).profile.reference).toBe(bob.patient);
    });

    it('refuses an account without a password that another provider made', async () => {
      const email = address('carol');
      await account({ email, externalIdentities: [{ project: 'another-project', domain: DOMAIN, subject: 'c' }] });
      idp.claims = { sub: 'carol-1', email, email_verified: true };
      const { params } = await externalSignIn(email);
      expect(params).toEqual({ error: 'access_denied', error_description: ExternalLoginMessages.linkRefused });
    });
  });

  describe('when an account with MFA on signs in through the provider', () => {
    it('asks for the code before any profile is granted, as after a password', async () => {
      const email = address('dana');
      const dana = await account({
        email,
        passwordHash: await hashPassword('danas-password-1'),
        mfaEnrolled: true,
        mfaSecret: MFA_SECRET,
        externalIdentities: [{ project: server.ctx.defaultProjectId, domain: DOMAIN, subject: 'dana-1' }],
      });
      idp.claims = { sub: 'dana-1', email, email_verified: true };
      const { params, verifier } = await externalSignIn(email);
      expect(params).toEqual({ login: expect.any(String) });
      const login = params.login;
      expect((await raw(server, 'GET', `auth/login/${login}`)).body).toEqual({ login, mfaRequired: true });
      const skip = await raw(server, 'POST', 'auth/profile', { login, profile: dana.patient });
      expect(skip.status).toBe(400);
      expect(text(skip)).toBe(AuthMessages.mfaRequired);
      const wrong = await raw(server, 'POST', 'auth/mfa/verify', { login, token: wrongCode() });
      expect(wrong.status).toBe(400);
      const right = await raw(server, 'POST', 'auth/mfa/verify', {
        login,
        token: new TOTP({ secret: MFA_SECRET }).generate(),
      });
      expect(right.status, right.text).toBe(200);
      expect((await tokenOf(right.body.code, verifier)).profile.reference).toBe(dana.patient);
    });
  });

  describe('when the provider matches by subject', () => {
    beforeAll(() => configure({ usePkce: true, useSubject: true }));
    afterAll(() => configure({ usePkce: true }));

    it('does not let a subject with a comma match another patient’s identifier', async () => {
      const victim = await account({ email: address('erin') }, { system: 'urn:mrn', value: 'mrn-77' });
      expect(victim.patient).toBeTruthy();
      // `system|x,mrn-77` read as a search is `system|x` OR `mrn-77` (any system).
      idp.claims = { sub: 'x,mrn-77' };
      const { params } = await externalSignIn(address('frank'));
      expect(params).toEqual({ error: 'access_denied', error_description: ExternalLoginMessages.noAccount });
    });

    it('matches a subject with a comma exactly', async () => {
      const gail = await account({ email: address('gail') }, { system: SUBJECTS, value: 'gail,7' });
      idp.claims = { sub: 'gail,7' };
      const { params, verifier } = await externalSignIn(address('gail'));
      expect(params).toEqual({ code: expect.any(String) });
      expect((await tokenOf(params.code, verifier)).profile.reference).toBe(gail.patient);
    });

    it('does not sign someone in to a password account whose profile claims their subject', async () => {
      // Mallory's own profile carries Hank's subject; her account has a password of her own.
      const mallory = await account(
        { email: `mallory-${randomUUID()}@example.com`, passwordHash: await hashPassword('mallory-password-1') },
        { system: SUBJECTS, value: 'hank-1' }
      );
      idp.claims = { sub: 'hank-1' };
      const { params } = await externalSignIn(address('hank'));
      expect(params).toEqual({ login: expect.any(String) });
      expect((await raw(server, 'GET', `auth/login/${params.login}`)).body.linkRequired).toBe(true);
      const profile = await raw(server, 'POST', 'auth/profile', { login: params.login, profile: mallory.patient });
      expect(profile.status).toBe(400);
    });
  });
});
