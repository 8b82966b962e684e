// The login protocol (client-layer.md section 7) through the package's FhirClient and its login
// steps, as the portal signs in. `wire` records what the client sent and got, for assertions
// on the answers a user never sees (status, OAuth error bodies, headers). Raw requests are
// left only where a test sends what our client never would; each says so.
import type { FhirClient } from '../../../src/client';
import {
  chooseProfile,
  chooseScope,
  getAuthMethod,
  getPkceStore,
  PkceStorageKeys,
  startMfaEnroll,
  startPkce,
  startSmartLaunch,
  verifyMfa,
  handleRedirectCallback,
  type NewUserRequest,
} from '../../../src/client/login';
import { clientFor, failure } from '../test/test-server';
import { generateTotpCode } from './totp';
import { signAccessToken } from './jwt';
import { s256Challenge } from './pkce';
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_MFA_SECRET,
  DEMO_PROJECT_ID,
  DemoCredentials,
  DemoIds,
} from '../seed/ids';
import {
  getJson,
  issueText,
  loginClient,
  postForm,
  resetPkceStore,
  signIn,
  solveAltcha,
  startTestServer,
  type RecordingFetch,
  type TestServer,
} from '../test/login-helpers';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// Every test starts its own login: no verifier or redirect URI left over from the last one.
beforeEach(() => resetPkceStore());

const patient = DemoCredentials.patient;

/** The claims of a JWT. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** The form the client posted to the token endpoint. */
const tokenForm = (wire: RecordingFetch) => new URLSearchParams(wire.last('oauth2/token').requestBody);

/** Signs in with a password through the client, up to the code (startLogin). */
async function startPatientLogin(email: string = patient.email, password: string = patient.password) {
  const { client, wire } = loginClient(base);
  const started = await client.startLogin({ email, password, remember: true });
  return { client, wire, started };
}

describe('POST auth/method', () => {
  it('answers {} for our own users (no external identity provider)', async () => {
    const { client, wire } = loginClient(base);
    expect(await getAuthMethod(client, patient.email)).toEqual({});
    expect(wire.last('auth/method').status).toBe(200);
  });
});

describe('POST auth/login', () => {
  describe('when the password is wrong', () => {
    it("answers 400 'Email or password is invalid' on the password field", async () => {
      const { client } = loginClient(base);
      const failed = await failure(client.startLogin({ email: patient.email, password: 'not-the-password' }));
      expect(failed.status).toBe(400);
      expect(failed.text).toBe('Email or password is invalid');
      expect(failed.expressions).toEqual(['password']);
    });
  });

  describe('when the email is unknown', () => {
    it('answers exactly as for a wrong password (the same text on the password field)', async () => {
      const { client } = loginClient(base);
      const failed = await failure(client.startLogin({ email: 'nobody@example.com', password: 'whatever-123' }));
      expect(failed.status).toBe(400);
      expect(failed.text).toBe('Email or password is invalid');
      expect(failed.expressions).toEqual(['password']);
    });
  });

  it('answers a login and a code for a user with one membership', async () => {
    const { started, wire } = await startPatientLogin();
    expect(started).toEqual({ login: expect.any(String), code: expect.any(String) });
    // The client sent an S256 challenge of the verifier it keeps for the exchange.
    const sent = JSON.parse(wire.last('auth/login').requestBody!);
    expect(sent).toMatchObject({ email: patient.email, remember: true, codeChallengeMethod: 'S256' });
    expect(sent.codeChallenge).toBe(s256Challenge(getPkceStore().getItem(PkceStorageKeys.codeVerifier)!));
  });
});

describe('POST oauth2/token (authorization_code)', () => {
  it('exchanges a code with an S256 verifier for tokens', async () => {
    const { client, wire, started } = await startPatientLogin();
    await client.processCode(started.code!);
    const token = wire.last('oauth2/token');
    expect(tokenForm(wire).get('grant_type')).toBe('authorization_code');
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
      token_type: 'Bearer',
      scope: 'openid profile email',
      project: { reference: `Project/${DEMO_PROJECT_ID}` },
      profile: { reference: `Patient/${DemoIds.patient}` },
    });
    expect(token.headers.get('cache-control')).toBe('no-store');
    // The client holds the login and has loaded the profile (auth/me).
    expect(client.getActiveLogin()).toMatchObject({
      accessToken: token.body.access_token,
      refreshToken: token.body.refresh_token,
      profile: { reference: `Patient/${DemoIds.patient}` },
      project: { reference: `Project/${DEMO_PROJECT_ID}` },
    });
    expect(client.getProfile()).toMatchObject({ resourceType: 'Patient', id: DemoIds.patient });
    // auth/me says how the session signed in: with a password here (account/security offers to change it).
    expect(wire.last('auth/me').body.login).toEqual({ authMethod: 'password' });
    const claims = claimsOf(client.getAccessToken()!);
    expect(claims).toMatchObject({
      sub: DemoIds.patientUser,
      login_id: started.login,
      profile: `Patient/${DemoIds.patient}`,
      iss: base,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    // Neither the code nor the refresh secret is stored as is.
    const stored = JSON.stringify(await server.ctx.systemRepo.readResource('Login', started.login!));
    expect(stored).not.toContain(started.code);
    expect(stored).not.toContain(token.body.refresh_token.split('.')[1]);
  });

  describe('when the browser has no SHA-256 (the client falls back to a plain challenge)', () => {
    const plainPkce = async () => {
      // The client's PKCE without a SHA-256 digest falls back to plain, as in an insecure context.
      const pkce = await startPkce(getPkceStore(), {
        getRandomValues: <T extends ArrayBufferView>(array: T) => crypto.getRandomValues(array as any) as T,
      });
      expect(pkce.codeChallengeMethod).toBe('plain');
      return pkce;
    };

    it('refuses it for a public client: S256 is required', async () => {
      const { codeChallenge, codeChallengeMethod } = await plainPkce();
      const { client } = loginClient(base);
      const failed = await failure(
        client.startLogin({ email: patient.email, password: patient.password, codeChallenge, codeChallengeMethod })
      );
      expect(failed.status).toBe(400);
      expect(failed.text).toBe('PKCE with S256 is required for this client');
      expect(failed.expressions).toEqual(['codeChallengeMethod']);
    });

    it('exchanges it for a public client configured as unable to hash', async () => {
      await server.ctx.systemRepo.updateResource({
        resourceType: 'ClientApplication',
        id: 'kiosk-without-sha256',
        name: 'A kiosk browser without SHA-256',
        pkcePlain: true,
      });
      const { codeChallenge, codeChallengeMethod } = await plainPkce();
      const { client, wire } = loginClient(base, { clientId: 'kiosk-without-sha256' });
      const started = await client.startLogin({
        email: patient.email,
        password: patient.password,
        codeChallenge,
        codeChallengeMethod,
      });
      await client.processCode(started.code!);
      expect(tokenForm(wire).get('code_verifier')).toBe(codeChallenge);
      expect(wire.last('oauth2/token').status).toBe(200);
      expect(client.getAccessToken()).toEqual(expect.any(String));
    });
  });

  it('refuses a wrong verifier', async () => {
    const { client, wire, started } = await startPatientLogin();
    // Another sign-in started meanwhile (another tab) replaced the verifier this code needs.
    await startPkce();
    const failed = await failure(client.processCode(started.code!));
    expect(failed.text).toBe('Invalid code verifier');
    expect(wire.last('oauth2/token').status).toBe(400);
    expect(wire.last('oauth2/token').body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier',
    });
    expect(client.getActiveLogin()).toBeUndefined();
  });

  it('refuses a code used twice, and revokes what the first use issued', async () => {
    const { client, wire, started } = await startPatientLogin();
    const verifier = getPkceStore().getItem(PkceStorageKeys.codeVerifier)!;
    await client.processCode(started.code!);
    const firstAccess = client.getAccessToken()!;
    // Raw: a replay (someone who saw the code and verifier) is not something the client does.
    const second = await postForm(base, 'oauth2/token', {
      grant_type: 'authorization_code',
      code: started.code!,
      code_verifier: verifier,
    });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const me = await failure(clientFor(server, firstAccess).get('auth/me'));
    expect(me.status).toBe(401);
    expect(wire.last('oauth2/token').status).toBe(200);
  });

  it('refuses a code older than 60 seconds', async () => {
    const { client, wire, started } = await startPatientLogin();
    const login = await server.ctx.systemRepo.readResource<any>('Login', started.login!);
    await server.ctx.systemRepo.updateResource({ ...login, codeIssued: Date.now() - 61_000 });
    const failed = await failure(client.processCode(started.code!));
    expect(failed.text).toBe('Code expired');
    expect(wire.last('oauth2/token').body).toEqual({ error: 'invalid_grant', error_description: 'Code expired' });
  });

  it('shows where a login stands without giving secrets away', async () => {
    const { client, started } = await startPatientLogin(DemoCredentials.mfa.email, DemoCredentials.mfa.password);
    expect(started).toEqual({ login: expect.any(String), mfaRequired: true });
    expect(await client.get(`auth/login/${started.login}`)).toEqual({ login: started.login, mfaRequired: true });
    expect((await failure(client.get('auth/login/no-such-login'))).status).toBe(400);
  });

  it('refuses an unknown code', async () => {
    const { client, wire } = loginClient(base);
    const failed = await failure(client.processCode('no-such-code'));
    expect(failed.text).toBe('Invalid code');
    expect(wire.last('oauth2/token').body).toEqual({ error: 'invalid_grant', error_description: 'Invalid code' });
  });

  it('refuses a request without a grant type', async () => {
    // Raw: the client always names its grant type.
    const res = await postForm(base, 'oauth2/token', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });
});

describe('POST oauth2/token (refresh_token)', () => {
  it('rotates the refresh token, and a reused one is refused and revokes the chain', async () => {
    const first = await signIn(base, patient.email, patient.password);
    const { client } = first;
    await client.refresh();
    const refreshed = client.getActiveLogin()!;
    expect(refreshed.refreshToken).toEqual(expect.any(String));
    expect(refreshed.refreshToken).not.toBe(first.refresh_token);
    expect(refreshed.accessToken).toEqual(expect.any(String));

    // A second client still holding the old refresh token (a copy of the session elsewhere).
    const { client: stale, wire } = loginClient(base);
    stale.setAccessToken(first.access_token, first.refresh_token);
    const reused = await failure(stale.refresh());
    expect(reused.text).toBe('Invalid refresh token');
    expect(wire.last('oauth2/token').status).toBe(400);
    expect(wire.last('oauth2/token').body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid refresh token',
    });

    // The newest token of the chain is revoked too, and so is its access token.
    const newest = await failure(client.refresh());
    expect(newest.text).toBe('Invalid refresh token');
    expect(client.getActiveLogin()).toBeUndefined();
    const { client: revoked, wire: revokedWire } = loginClient(base);
    revoked.setAccessToken(refreshed.accessToken);
    expect((await failure(revoked.get('auth/me'))).status).toBe(401);
    expect(revokedWire.last('auth/me').status).toBe(401);
    expect(issueText(revokedWire.last('auth/me').body)).toBe('Unauthorized');
  });
});

describe('POST oauth2/token (client_credentials)', () => {
  it('signs in a client with its id and secret in a basic header', async () => {
    const { client, wire } = loginClient(base);
    await client.startClientLogin(DEMO_CLIENT_ID, DEMO_CLIENT_SECRET);
    const token = wire.last('oauth2/token');
    expect(token.status).toBe(200);
    expect(token.requestHeaders.get('authorization')).toBe(
      `Basic ${Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64')}`
    );
    expect(token.body.profile).toEqual({ reference: `ClientApplication/${DEMO_CLIENT_ID}` });
    expect(token.body.refresh_token).toBeUndefined();
    expect(client.getProfile()).toEqual({ resourceType: 'ClientApplication', id: DEMO_CLIENT_ID, name: 'Demo client' });
    expect((await client.search('Practitioner')).resourceType).toBe('Bundle');
    expect(JSON.stringify(await client.get('auth/me'))).not.toContain(DEMO_CLIENT_SECRET);
  });

  it('accepts the id and secret in the form body too', async () => {
    // Raw: our client sends client credentials in a basic header; other OAuth2 clients use the body.
    const body = await postForm(base, 'oauth2/token', {
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
    });
    expect(body.status).toBe(200);
    expect(body.body.profile).toEqual({ reference: `ClientApplication/${DEMO_CLIENT_ID}` });
    expect(body.body.refresh_token).toBeUndefined();
  });

  it('refuses a wrong secret', async () => {
    const { client, wire } = loginClient(base);
    await failure(client.startClientLogin(DEMO_CLIENT_ID, 'wrong'));
    expect(wire.last('oauth2/token').status).toBe(401);
    expect(wire.last('oauth2/token').body.error).toBe('invalid_client');
    expect(client.getActiveLogin()).toBeUndefined();
  });
});

describe('MFA', () => {
  it('asks for a code, refuses a wrong one, and accepts the current TOTP', async () => {
    const { client, started } = await startPatientLogin(DemoCredentials.mfa.email, DemoCredentials.mfa.password);
    expect(started).toEqual({ login: expect.any(String), mfaRequired: true });

    const wrongCode = generateTotpCode(DEMO_MFA_SECRET, Date.now() - 10 * 60_000);
    const wrong = await failure(verifyMfa(client, started.login!, wrongCode));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('Invalid MFA token');

    // No profile or code before the second factor.
    const early = await failure(chooseProfile(client, started.login!, DemoIds.mfaMembership));
    expect(early.status).toBe(400);

    const ok = await verifyMfa(client, started.login!, generateTotpCode(DEMO_MFA_SECRET));
    expect(ok.code).toEqual(expect.any(String));
    await client.processCode(ok.code!);
    expect(client.getActiveLogin()?.profile).toEqual({ reference: `Patient/${DemoIds.mfaPatient}` });
  });

  it('enrolls a user who must set up MFA, with a QR code, then verifies', async () => {
    const email = `enroll-${Date.now()}@example.com`;
    const { client } = loginClient(base);
    const registered = await client.startNewUser({
      firstName: 'Edna',
      lastName: 'Krabappel',
      email,
      password: 'apple-pie-42',
      altcha: await solveAltcha(base),
    });
    expect(registered).toEqual({ login: expect.any(String) });
    await client.startNewPatient({ login: registered.login! });
    const user = await server.ctx.systemRepo.searchOne<any>('User', { email });
    await server.ctx.systemRepo.updateResource({ ...user, mfaRequired: true });

    const login = await client.startLogin({ email, password: 'apple-pie-42' });
    expect(login).toMatchObject({
      mfaEnrollRequired: true,
      enrollQrCode: expect.stringMatching(/^data:image\/png;base64,/),
    });
    const secret = (await server.ctx.systemRepo.readResource<any>('User', user.id)).mfaSecret;
    const bad = await failure(
      startMfaEnroll(client, login.login!, '000000' === generateTotpCode(secret) ? '111111' : '000000')
    );
    expect(bad.text).toBe('Invalid MFA token');
    const enrolled = await startMfaEnroll(client, login.login!, generateTotpCode(secret));
    expect(enrolled.code).toEqual(expect.any(String));
    expect((await server.ctx.systemRepo.readResource<any>('User', user.id)).mfaEnrolled).toBe(true);
    // The next sign-in asks for a code.
    expect((await client.startLogin({ email, password: 'apple-pie-42' })).mfaRequired).toBe(true);
  });
});

describe('registration', () => {
  it('creates a user, then a patient in the demo project, named after the user', async () => {
    const { client, wire } = loginClient(base);
    const email = `New.Patient.${Date.now()}@Example.com`;
    const registered = await client.startNewUser({
      firstName: 'Maude',
      lastName: 'Flanders',
      email,
      password: 'correct-horse',
      remember: true,
      altcha: await solveAltcha(base),
    });
    expect(registered).toEqual({ login: expect.any(String) });
    expect(JSON.parse(wire.last('auth/newuser').requestBody!)).toMatchObject({
      codeChallengeMethod: 'S256',
      altcha: expect.any(String),
    });
    // Without a projectId (as the portal's registration sends it), the demo project.
    const created = await client.startNewPatient({ login: registered.login! });
    expect(created).toEqual({ login: registered.login, code: expect.any(String) });
    await client.processCode(created.code!);
    expect(wire.last('oauth2/token').status).toBe(200);
    expect(client.getActiveLogin()?.project).toEqual({ reference: `Project/${DEMO_PROJECT_ID}` });
    const me = client.getProfile() as any;
    expect(me).toMatchObject({ resourceType: 'Patient', name: [{ given: ['Maude'], family: 'Flanders' }] });
    expect(me.telecom).toContainEqual({ system: 'email', use: 'home', value: email.toLowerCase() });
    // The new patient reads their own record and not the demo patient's.
    expect((await client.readResource('Patient', me.id)).id).toBe(me.id);
    expect([403, 404]).toContain((await failure(client.readResource('Patient', DemoIds.patient))).status);
  });

  it("refuses an email already registered with 'Email already registered' on the email field", async () => {
    const { client } = loginClient(base);
    const failed = await failure(
      client.startNewUser({
        firstName: 'Homer',
        lastName: 'Again',
        email: 'PATIENT@example.com',
        password: 'long-enough-1',
        altcha: await solveAltcha(base),
      })
    );
    expect(failed.status).toBe(400);
    expect(failed.text).toBe('Email already registered');
    expect(failed.expressions).toEqual(['email']);
  });

  it('refuses a password shorter than 8 characters on the password field', async () => {
    const { client } = loginClient(base);
    const failed = await failure(
      client.startNewUser({
        firstName: 'A',
        lastName: 'B',
        email: `short-${Date.now()}@example.com`,
        password: 'short',
      })
    );
    expect(failed.status).toBe(400);
    expect(failed.expressions).toEqual(['password']);
  });

  it('refuses missing names on their fields', async () => {
    const { client } = loginClient(base);
    const noFirst = await failure(
      client.startNewUser({
        firstName: ' ',
        lastName: 'B',
        email: `nofirst-${Date.now()}@example.com`,
        password: 'long-enough-1',
      })
    );
    expect(noFirst.status).toBe(400);
    expect(noFirst.expressions).toEqual(['firstName']);
    const noLast = await failure(
      client.startNewUser({
        firstName: 'A',
        email: `nolast-${Date.now()}@example.com`,
        password: 'long-enough-1',
      } as NewUserRequest)
    );
    expect(noLast.expressions).toEqual(['lastName']);
  });

  it('creates a project with a practitioner profile as admin; with two memberships the user chooses a profile', async () => {
    const email = `admin-${Date.now()}@example.com`;
    const { client, wire } = loginClient(base);
    const registered = await client.startNewUser({
      firstName: 'Ned',
      lastName: 'Flanders',
      email,
      password: 'okily-dokily',
      altcha: await solveAltcha(base),
    });
    const project = await client.startNewProject({ login: registered.login!, projectName: 'Leftorium Clinic' });
    expect(project.code).toEqual(expect.any(String));
    await client.processCode(project.code!);
    expect(wire.last('oauth2/token').status).toBe(200);
    expect(client.getProfile()?.resourceType).toBe('Practitioner');
    expect(client.getProject()).toMatchObject({ name: 'Leftorium Clinic', superAdmin: false });
    expect(client.getProjectMembership()).toMatchObject({ admin: true });
    expect(client.isProjectAdmin()).toBe(true);
    expect(JSON.stringify(wire.last('auth/me').body)).not.toMatch(/passwordHash|mfaSecret|refreshSecret|scrypt/);

    // Second membership: a patient in the demo project.
    const again = await client.startLogin({ email, password: 'okily-dokily' });
    expect(again.code).toEqual(expect.any(String));
    const login2 = await client.startLogin({ email, password: 'okily-dokily' });
    // The registration's bot check went to the project: a second profile needs a solution of its own.
    const unchecked = await failure(client.startNewPatient({ login: login2.login!, projectId: DEMO_PROJECT_ID }));
    expect(unchecked.text).toBe('Bot check required');
    await client.startNewPatient({ login: login2.login!, projectId: DEMO_PROJECT_ID, altcha: await solveAltcha(base) });

    const choose = await client.startLogin({ email, password: 'okily-dokily' });
    expect(choose.memberships).toHaveLength(2);
    expect(choose.code).toBeUndefined();
    const status = await client.get(`auth/login/${choose.login}`);
    expect(status.memberships).toHaveLength(2);
    const patientMembership = choose.memberships!.find((m) => m.profile!.reference!.startsWith('Patient/'))!;
    const chosen = await chooseProfile(client, choose.login!, patientMembership.id);
    expect(chosen).toEqual({ login: choose.login, code: expect.any(String) });
    const scoped = await chooseScope(client, choose.login!, 'openid  patient/*.read');
    expect(scoped.code).toEqual(expect.any(String));
    await client.processCode(scoped.code!);
    expect(client.getActiveLogin()?.profile?.reference).toBe(patientMembership.profile!.reference);
    expect(wire.last('oauth2/token').body.scope).toBe('openid patient/*.read');
    expect(client.getProfile()?.resourceType).toBe('Patient');
  });

  it('refuses newpatient for an unknown project', async () => {
    const { client } = loginClient(base);
    const registered = await client.startNewUser({
      firstName: 'A',
      lastName: 'B',
      email: `noproj-${Date.now()}@example.com`,
      password: 'long-enough-1',
      altcha: await solveAltcha(base),
    });
    const failed = await failure(client.startNewPatient({ login: registered.login!, projectId: 'no-such-project' }));
    expect(failed.status).toBe(400);
    expect(failed.expressions).toEqual(['projectId']);
  });
});

describe('GET auth/me and authentication', () => {
  it('answers the session details without secrets', async () => {
    const { client } = await signIn(base, patient.email, patient.password);
    expect(client.getProfile()).toMatchObject({ resourceType: 'Patient', id: DemoIds.patient });
    expect(client.getProject()).toEqual({
      resourceType: 'Project',
      id: DEMO_PROJECT_ID,
      name: 'Demo Project',
      superAdmin: false,
    });
    expect(client.getProjectMembership()).toMatchObject({ id: DemoIds.patientMembership, admin: false });
    expect(client.getUserConfiguration()).toEqual({});
    expect(JSON.stringify(await client.get('auth/me'))).not.toMatch(/passwordHash|mfaSecret|refreshSecret/);
  });

  it('answers 401 to a client that is not signed in', async () => {
    const { client, wire } = loginClient(base);
    expect((await failure(client.get('auth/me'))).status).toBe(401);
    expect(wire.last('auth/me').requestHeaders.get('authorization')).toBeNull();
    expect(wire.last('auth/me').status).toBe(401);
  });

  it("answers 401 'Token expired' for an expired token", async () => {
    const { access_token } = await signIn(base, patient.email, patient.password);
    const claims = claimsOf(access_token);
    const expired = await signAccessToken(
      server.ctx.jwtSecret,
      { sub: claims.sub, login_id: claims.login_id, profile: claims.profile, scope: claims.scope, iss: claims.iss },
      3600,
      Date.now() - 2 * 3600_000
    );
    // A client holding an expired token and no refresh token: the request goes out and fails.
    const { client, wire } = loginClient(base);
    client.setAccessToken(expired);
    expect((await failure(client.readResource('Patient', DemoIds.patient))).status).toBe(401);
    const answer = wire.last(`Patient/${DemoIds.patient}`);
    expect(answer.status).toBe(401);
    expect(issueText(answer.body)).toBe('Token expired');
  });

  it('signs out: oauth2/logout revokes the login, its access and refresh tokens', async () => {
    const { client, access_token, refresh_token } = await signIn(base, patient.email, patient.password);
    expect((await client.readResource('Patient', DemoIds.patient)).id).toBe(DemoIds.patient);
    const { client: other, wire } = loginClient(base);
    other.setAccessToken(access_token, refresh_token);
    await client.signOut();
    expect(client.getActiveLogin()).toBeUndefined();
    // The same tokens, kept by a copy of the session: refused, and the refresh token too.
    expect((await failure(other.readResource('Patient', DemoIds.patient))).status).toBe(401);
    expect(issueText(wire.exchanges.find((e) => e.url.pathname.endsWith(`Patient/${DemoIds.patient}`))!.body)).toBe(
      'Unauthorized'
    );
    expect(wire.last('oauth2/token').body.error).toBe('invalid_grant');
  });
});

describe('SMART standalone launch', () => {
  /** A client of the demo client application (confidential: it has a secret), as a SMART app sets one up. */
  const smartClient = () => loginClient(base, { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET });

  /**
   * The client's launch: where it sends the browser. `aud` is the FHIR base exactly as the
   * server names it (no trailing slash); the server refuses any other (smart-launch.test.ts).
   */
  async function launch(client: FhirClient, params: { redirectUri: string; scope?: string }): Promise<URL> {
    let target: string | undefined;
    await startSmartLaunch(client, { ...params, aud: `${base}fhir/R4` }, { navigate: (url) => (target = url) });
    return new URL(target!);
  }

  // The sign-in page is the browser's part of the launch: raw requests stand in for a person
  // filling in the form. The client builds the launch and finishes it from the redirect.

  it('publishes the SMART configuration', async () => {
    const { client } = loginClient(base);
    expect(await client.get('.well-known/smart-configuration')).toMatchObject({
      authorization_endpoint: `${base}oauth2/authorize`,
      token_endpoint: `${base}oauth2/token`,
      code_challenge_methods_supported: ['S256'],
      capabilities: expect.arrayContaining(['launch-standalone', 'client-public']),
    });
  });

  it('shows a sign-in page, then redirects to redirect_uri with the code and state', async () => {
    const { client, wire } = smartClient();
    const authorize = await launch(client, {
      redirectUri: 'http://localhost:3000/callback',
      scope: 'openid patient/*.read',
    });
    expect(authorize.origin + authorize.pathname).toBe(`${base}oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/callback',
      code_challenge_method: 'S256',
      scope: 'openid patient/*.read',
    });
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');

    const params = Object.fromEntries(authorize.searchParams);
    const wrong = await postForm(base, 'oauth2/authorize', { ...params, email: patient.email, password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('Email or password is invalid');

    const posted = await postForm(base, 'oauth2/authorize', {
      ...params,
      email: patient.email,
      password: patient.password,
    });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/callback');
    expect(location.searchParams.get('state')).toBe(params.state);
    // The redirect_uri must match the one the code was issued for.
    const mismatch = await failure(
      handleRedirectCallback(client, location, { redirectUri: 'http://localhost:3000/other' })
    );
    expect(mismatch.status).toBe(400);
    expect(tokenForm(wire).get('redirect_uri')).toBe('http://localhost:3000/other');
    expect(wire.last('oauth2/token').body.error).toBe('invalid_grant');
  });

  it('escapes the state it shows on the page', async () => {
    // Raw: a state with markup in it is not one the client makes (it sends random hex).
    const page = await fetch(
      new URL(
        `oauth2/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: DEMO_CLIENT_ID,
          redirect_uri: 'http://localhost:3000/callback',
          state: 'st<ate>&1',
        })}`,
        base
      )
    );
    const html = await page.text();
    expect(html).toContain('value="st&#60;ate&#62;&#38;1"');
    expect(html).not.toContain('st<ate>');
  });

  it('completes the launch with a matching redirect_uri', async () => {
    const { client, wire } = smartClient();
    const authorize = await launch(client, { redirectUri: 'http://localhost:3000/callback' });
    const posted = await postForm(base, 'oauth2/authorize', {
      ...Object.fromEntries(authorize.searchParams),
      email: patient.email,
      password: patient.password,
    });
    await handleRedirectCallback(client, posted.headers.get('location')!);
    expect(tokenForm(wire).get('client_id')).toBe(DEMO_CLIENT_ID);
    expect(tokenForm(wire).get('redirect_uri')).toBe('http://localhost:3000/callback');
    expect(wire.last('oauth2/token').status).toBe(200);
    expect(client.getActiveLogin()?.profile).toEqual({ reference: `Patient/${DemoIds.patient}` });
  });

  it('asks the MFA user for a code on the page', async () => {
    const { client } = smartClient();
    const authorize = await launch(client, { redirectUri: 'http://localhost:3000/callback' });
    const params = Object.fromEntries(authorize.searchParams);
    const page = await postForm(base, 'oauth2/authorize', {
      ...params,
      email: DemoCredentials.mfa.email,
      password: DemoCredentials.mfa.password,
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Enter MFA code');
    const login = /name="login" value="([^"]+)"/.exec(page.body)![1];
    const posted = await postForm(base, 'oauth2/authorize', {
      ...params,
      step: 'mfa',
      login,
      token: generateTotpCode(DEMO_MFA_SECRET),
    });
    expect(posted.status).toBe(302);
    await handleRedirectCallback(client, posted.headers.get('location')!);
    expect(client.getActiveLogin()?.profile).toEqual({ reference: `Patient/${DemoIds.mfaPatient}` });
  });

  it('refuses an unknown client or a foreign redirect_uri without redirecting', async () => {
    // Raw: the page refuses what a client registered elsewhere (or no client) asks for.
    const bad = await fetch(
      new URL(
        `oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: DEMO_CLIENT_ID, redirect_uri: 'https://evil.example/cb' })}`,
        base
      ),
      { redirect: 'manual' }
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('redirect_uri does not match the client');
    const unknown = await getJson(
      base,
      `oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'nope', redirect_uri: 'http://localhost:3000/' })}`
    );
    expect(unknown.status).toBe(400);
  });
});
