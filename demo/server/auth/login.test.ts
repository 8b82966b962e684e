import { generateTotpCode } from './totp';
import { signAccessToken } from './jwt';
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
  pkcePair,
  postForm,
  postJson,
  signIn,
  startTestServer,
  type TestServer,
} from './test-helpers';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const patient = DemoCredentials.patient;

async function loginWithPkce(
  method: 'S256' | 'plain',
  email: string = patient.email,
  password: string = patient.password
) {
  const { verifier, challenge } = pkcePair();
  const codeChallenge = method === 'S256' ? challenge : verifier;
  const res = await postJson(base, 'auth/login', {
    email,
    password,
    remember: true,
    codeChallenge,
    codeChallengeMethod: method,
  });
  return { res, verifier };
}

function exchange(code: string, verifier: string, extra: Record<string, string> = {}) {
  return postForm(base, 'oauth2/token', { grant_type: 'authorization_code', code, code_verifier: verifier, ...extra });
}

describe('POST auth/method', () => {
  it('answers {} for our own users (no external identity provider)', async () => {
    const res = await postJson(base, 'auth/method', { email: patient.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });
});

describe('POST auth/login', () => {
  describe('when the password is wrong', () => {
    it("answers 400 'Email or password is invalid' on the password field", async () => {
      const res = await postJson(base, 'auth/login', {
        email: patient.email,
        password: 'not-the-password',
        codeChallenge: 'x',
        codeChallengeMethod: 'plain',
      });
      expect(res.status).toBe(400);
      expect(res.body.resourceType).toBe('OperationOutcome');
      expect(issueText(res.body)).toBe('Email or password is invalid');
      expect(res.body.issue[0].expression).toEqual(['password']);
    });
  });

  describe('when the email is unknown', () => {
    it('answers the same text on the email field', async () => {
      const res = await postJson(base, 'auth/login', { email: 'nobody@example.com', password: 'whatever-123' });
      expect(res.status).toBe(400);
      expect(issueText(res.body)).toBe('Email or password is invalid');
      expect(res.body.issue[0].expression).toEqual(['email']);
    });
  });

  it('answers a login and a code for a user with one membership', async () => {
    const { res } = await loginWithPkce('S256');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ login: expect.any(String), code: expect.any(String) });
  });
});

describe('POST oauth2/token (authorization_code)', () => {
  it('exchanges a code with an S256 verifier for tokens', async () => {
    const { res, verifier } = await loginWithPkce('S256');
    const token = await exchange(res.body.code, verifier);
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
    const claims = JSON.parse(Buffer.from(token.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: DemoIds.patientUser,
      login_id: res.body.login,
      profile: `Patient/${DemoIds.patient}`,
      iss: base,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    // Neither the code nor the refresh secret is stored as is.
    const stored = JSON.stringify(await server.ctx.systemRepo.readResource('Login', res.body.login));
    expect(stored).not.toContain(res.body.code);
    expect(stored).not.toContain(token.body.refresh_token.split('.')[1]);
  });

  it('exchanges a code with a plain verifier', async () => {
    const { res, verifier } = await loginWithPkce('plain');
    const token = await exchange(res.body.code, verifier);
    expect(token.status).toBe(200);
    expect(token.body.access_token).toEqual(expect.any(String));
  });

  it('refuses a wrong verifier', async () => {
    const { res } = await loginWithPkce('S256');
    const token = await exchange(res.body.code, pkcePair().verifier);
    expect(token.status).toBe(400);
    expect(token.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier' });
  });

  it('refuses a code used twice, and revokes what the first use issued', async () => {
    const { res, verifier } = await loginWithPkce('S256');
    const first = await exchange(res.body.code, verifier);
    expect(first.status).toBe(200);
    const second = await exchange(res.body.code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const me = await getJson(base, 'auth/me', first.body.access_token);
    expect(me.status).toBe(401);
  });

  it('refuses a code older than 60 seconds', async () => {
    const { res, verifier } = await loginWithPkce('S256');
    const login = await server.ctx.systemRepo.readResource<any>('Login', res.body.login);
    await server.ctx.systemRepo.updateResource({ ...login, codeIssued: Date.now() - 61_000 });
    const token = await exchange(res.body.code, verifier);
    expect(token.body).toEqual({ error: 'invalid_grant', error_description: 'Code expired' });
  });

  it('shows where a login stands without giving secrets away', async () => {
    const mfa = await postJson(base, 'auth/login', {
      email: DemoCredentials.mfa.email,
      password: DemoCredentials.mfa.password,
    });
    const status = await getJson(base, `auth/login/${mfa.body.login}`);
    expect(status.body).toEqual({ login: mfa.body.login, mfaRequired: true });
    expect((await getJson(base, 'auth/login/no-such-login')).status).toBe(400);
  });

  it('refuses an unknown code and a missing grant type', async () => {
    expect((await exchange('no-such-code', 'v')).body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code',
    });
    const res = await postForm(base, 'oauth2/token', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });
});

describe('POST oauth2/token (refresh_token)', () => {
  it('rotates the refresh token, and a reused one is refused and revokes the chain', async () => {
    const tokens = await signIn(base, patient.email, patient.password);
    const refreshed = await postForm(base, 'oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.body.access_token).toEqual(expect.any(String));

    const reused = await postForm(base, 'oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });

    // The newest token of the chain is revoked too, and so is its access token.
    const newest = await postForm(base, 'oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
    });
    expect(newest.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    const me = await getJson(base, 'auth/me', refreshed.body.access_token);
    expect(me.status).toBe(401);
    expect(issueText(me.body)).toBe('Unauthorized');
  });
});

describe('POST oauth2/token (client_credentials)', () => {
  it('accepts the demo client id and secret in the body or a basic header', async () => {
    const body = await postForm(base, 'oauth2/token', {
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
    });
    expect(body.status).toBe(200);
    expect(body.body.profile).toEqual({ reference: `ClientApplication/${DEMO_CLIENT_ID}` });
    expect(body.body.refresh_token).toBeUndefined();
    const basic = Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64');
    const header = await postForm(
      base,
      'oauth2/token',
      { grant_type: 'client_credentials' },
      { Authorization: `Basic ${basic}` }
    );
    expect(header.status).toBe(200);
    const practitioners = await getJson(base, 'fhir/R4/Practitioner', header.body.access_token);
    expect(practitioners.status).toBe(200);
    const me = await getJson(base, 'auth/me', header.body.access_token);
    expect(me.body.profile).toEqual({ resourceType: 'ClientApplication', id: DEMO_CLIENT_ID, name: 'Demo client' });
    expect(JSON.stringify(me.body)).not.toContain(DEMO_CLIENT_SECRET);
  });

  it('refuses a wrong secret', async () => {
    const res = await postForm(base, 'oauth2/token', {
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT_ID,
      client_secret: 'wrong',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});

describe('MFA', () => {
  it('asks for a code, refuses a wrong one, and accepts the current TOTP', async () => {
    const { res, verifier } = await loginWithPkce('S256', DemoCredentials.mfa.email, DemoCredentials.mfa.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ login: expect.any(String), mfaRequired: true });

    const wrongCode = generateTotpCode(DEMO_MFA_SECRET, Date.now() - 10 * 60_000);
    const wrong = await postJson(base, 'auth/mfa/verify', { login: res.body.login, token: wrongCode });
    expect(wrong.status).toBe(400);
    expect(issueText(wrong.body)).toBe('Invalid MFA token');

    // No profile or code before the second factor.
    const early = await postJson(base, 'auth/profile', { login: res.body.login, profile: DemoIds.mfaMembership });
    expect(early.status).toBe(400);

    const ok = await postJson(base, 'auth/mfa/verify', {
      login: res.body.login,
      token: generateTotpCode(DEMO_MFA_SECRET),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toEqual(expect.any(String));
    const token = await exchange(ok.body.code, verifier);
    expect(token.body.profile).toEqual({ reference: `Patient/${DemoIds.mfaPatient}` });
  });

  it('enrolls a user who must set up MFA, with a QR code, then verifies', async () => {
    const email = `enroll-${Date.now()}@example.com`;
    const reg = await postJson(base, 'auth/newuser', {
      firstName: 'Edna',
      lastName: 'Krabappel',
      email,
      password: 'apple-pie-42',
      codeChallenge: 'c'.repeat(43),
      codeChallengeMethod: 'plain',
    });
    expect(reg.status).toBe(200);
    await postJson(base, 'auth/newpatient', { login: reg.body.login });
    const user = await server.ctx.systemRepo.searchOne<any>('User', { email });
    await server.ctx.systemRepo.updateResource({ ...user, mfaRequired: true });

    const login = await postJson(base, 'auth/login', { email, password: 'apple-pie-42' });
    expect(login.body).toMatchObject({
      mfaEnrollRequired: true,
      enrollQrCode: expect.stringMatching(/^data:image\/png;base64,/),
    });
    const secret = (await server.ctx.systemRepo.readResource<any>('User', user.id)).mfaSecret;
    const bad = await postJson(base, 'auth/mfa/login-enroll', {
      login: login.body.login,
      token: '000000' === generateTotpCode(secret) ? '111111' : '000000',
    });
    expect(issueText(bad.body)).toBe('Invalid MFA token');
    const enrolled = await postJson(base, 'auth/mfa/login-enroll', {
      login: login.body.login,
      token: generateTotpCode(secret),
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.code).toEqual(expect.any(String));
    expect((await server.ctx.systemRepo.readResource<any>('User', user.id)).mfaEnrolled).toBe(true);
    // The next sign-in asks for a code.
    expect((await postJson(base, 'auth/login', { email, password: 'apple-pie-42' })).body.mfaRequired).toBe(true);
  });
});

describe('registration', () => {
  it('creates a user, then a patient in the demo project, named after the user', async () => {
    const { verifier, challenge } = pkcePair();
    const email = `New.Patient.${Date.now()}@Example.com`;
    const reg = await postJson(base, 'auth/newuser', {
      firstName: 'Maude',
      lastName: 'Flanders',
      email,
      password: 'correct-horse',
      remember: true,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ login: expect.any(String) });
    const created = await postJson(base, 'auth/newpatient', { login: reg.body.login });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ login: reg.body.login, code: expect.any(String) });
    const token = await exchange(created.body.code, verifier);
    expect(token.status).toBe(200);
    expect(token.body.project).toEqual({ reference: `Project/${DEMO_PROJECT_ID}` });
    const me = await getJson(base, 'auth/me', token.body.access_token);
    expect(me.body.profile).toMatchObject({
      resourceType: 'Patient',
      name: [{ given: ['Maude'], family: 'Flanders' }],
    });
    expect(me.body.profile.telecom).toContainEqual({ system: 'email', use: 'home', value: email.toLowerCase() });
    // The new patient reads their own record and not the demo patient's.
    expect((await getJson(base, `fhir/R4/Patient/${me.body.profile.id}`, token.body.access_token)).status).toBe(200);
    expect([403, 404]).toContain(
      (await getJson(base, `fhir/R4/Patient/${DemoIds.patient}`, token.body.access_token)).status
    );
  });

  it("refuses an email already registered with 'Email already registered' on the email field", async () => {
    const res = await postJson(base, 'auth/newuser', {
      firstName: 'Homer',
      lastName: 'Again',
      email: 'PATIENT@example.com',
      password: 'long-enough-1',
    });
    expect(res.status).toBe(400);
    expect(issueText(res.body)).toBe('Email already registered');
    expect(res.body.issue[0].expression).toEqual(['email']);
  });

  it('refuses a password shorter than 8 characters on the password field', async () => {
    const res = await postJson(base, 'auth/newuser', {
      firstName: 'A',
      lastName: 'B',
      email: `short-${Date.now()}@example.com`,
      password: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression).toEqual(['password']);
  });

  it('refuses missing names on their fields', async () => {
    const res = await postJson(base, 'auth/newuser', {
      lastName: 'B',
      email: `nofirst-${Date.now()}@example.com`,
      password: 'long-enough-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression).toEqual(['firstName']);
  });

  it('creates a project with a practitioner profile as admin; with two memberships the user chooses a profile', async () => {
    const email = `admin-${Date.now()}@example.com`;
    const reg = await postJson(base, 'auth/newuser', {
      firstName: 'Ned',
      lastName: 'Flanders',
      email,
      password: 'okily-dokily',
    });
    const project = await postJson(base, 'auth/newproject', { login: reg.body.login, projectName: 'Leftorium Clinic' });
    expect(project.status).toBe(200);
    expect(project.body.code).toEqual(expect.any(String));
    const token = await exchange(project.body.code, '');
    expect(token.status).toBe(200);
    const me = await getJson(base, 'auth/me', token.body.access_token);
    expect(me.body.profile.resourceType).toBe('Practitioner');
    expect(me.body.project).toMatchObject({ name: 'Leftorium Clinic', superAdmin: false });
    expect(me.body.membership).toMatchObject({ admin: true });
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|mfaSecret|refreshSecret|scrypt/);

    // Second membership: a patient in the demo project.
    const again = await postJson(base, 'auth/login', { email, password: 'okily-dokily' });
    expect(again.body.code).toEqual(expect.any(String));
    const login2 = await postJson(base, 'auth/login', { email, password: 'okily-dokily' });
    await postJson(base, 'auth/newpatient', { login: login2.body.login, projectId: DEMO_PROJECT_ID });

    const choose = await postJson(base, 'auth/login', { email, password: 'okily-dokily' });
    expect(choose.body.memberships).toHaveLength(2);
    expect(choose.body.code).toBeUndefined();
    const status = await getJson(base, `auth/login/${choose.body.login}`);
    expect(status.body.memberships).toHaveLength(2);
    const patientMembership = choose.body.memberships.find((m: any) => m.profile.reference.startsWith('Patient/'));
    const chosen = await postJson(base, 'auth/profile', { login: choose.body.login, profile: patientMembership.id });
    expect(chosen.status).toBe(200);
    const scoped = await postJson(base, 'auth/scope', { login: choose.body.login, scope: 'openid  patient/*.read' });
    expect(scoped.body.code).toEqual(expect.any(String));
    const t2 = await exchange(scoped.body.code, '');
    expect(t2.body.profile.reference).toBe(patientMembership.profile.reference);
    expect(t2.body.scope).toBe('openid patient/*.read');
  });

  it('refuses newpatient for an unknown project', async () => {
    const reg = await postJson(base, 'auth/newuser', {
      firstName: 'A',
      lastName: 'B',
      email: `noproj-${Date.now()}@example.com`,
      password: 'long-enough-1',
    });
    const res = await postJson(base, 'auth/newpatient', { login: reg.body.login, projectId: 'no-such-project' });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression).toEqual(['projectId']);
  });
});

describe('GET auth/me and authentication', () => {
  it('answers the session details without secrets', async () => {
    const tokens = await signIn(base, patient.email, patient.password);
    const me = await getJson(base, 'auth/me', tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({ resourceType: 'Patient', id: DemoIds.patient });
    expect(me.body.project).toEqual({
      resourceType: 'Project',
      id: DEMO_PROJECT_ID,
      name: 'Demo Project',
      superAdmin: false,
    });
    expect(me.body.membership).toMatchObject({ id: DemoIds.patientMembership, admin: false });
    expect(me.body.config).toEqual({});
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|mfaSecret|refreshSecret/);
  });

  it('answers 401 without a token', async () => {
    const me = await getJson(base, 'auth/me');
    expect(me.status).toBe(401);
  });

  it("answers 401 'Token expired' for an expired token", async () => {
    const tokens = await signIn(base, patient.email, patient.password);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    const expired = await signAccessToken(
      server.ctx.jwtSecret,
      { sub: claims.sub, login_id: claims.login_id, profile: claims.profile, scope: claims.scope, iss: claims.iss },
      3600,
      Date.now() - 2 * 3600_000
    );
    const res = await getJson(base, `fhir/R4/Patient/${DemoIds.patient}`, expired);
    expect(res.status).toBe(401);
    expect(issueText(res.body)).toBe('Token expired');
  });

  it('signs out: oauth2/logout revokes the login, its access and refresh tokens', async () => {
    const tokens = await signIn(base, patient.email, patient.password);
    expect((await getJson(base, `fhir/R4/Patient/${DemoIds.patient}`, tokens.access_token)).status).toBe(200);
    const out = await fetch(new URL('oauth2/logout', base), {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(out.status).toBe(200);
    const after = await getJson(base, `fhir/R4/Patient/${DemoIds.patient}`, tokens.access_token);
    expect(after.status).toBe(401);
    expect(issueText(after.body)).toBe('Unauthorized');
    const refresh = await postForm(base, 'oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });
});

describe('SMART standalone launch', () => {
  it('publishes the SMART configuration', async () => {
    const res = await getJson(base, '.well-known/smart-configuration');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authorization_endpoint: `${base}oauth2/authorize`,
      token_endpoint: `${base}oauth2/token`,
      code_challenge_methods_supported: ['S256'],
      capabilities: expect.arrayContaining(['launch-standalone', 'client-public']),
    });
  });

  it('shows a sign-in page, then redirects to redirect_uri with the code and state', async () => {
    const { verifier, challenge } = pkcePair();
    const params = {
      response_type: 'code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/callback',
      state: 'st<ate>&1',
      scope: 'openid patient/*.read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const page = await fetch(new URL(`oauth2/authorize?${new URLSearchParams(params)}`, base));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('value="st&#60;ate&#62;&#38;1"');
    expect(html).not.toContain('st<ate>');

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
    const code = location.searchParams.get('code')!;
    // The redirect_uri must match the one the code was issued for.
    const mismatch = await exchange(code, verifier, {
      client_id: DEMO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/other',
    });
    expect(mismatch.body.error).toBe('invalid_grant');
  });

  it('completes the launch with a matching redirect_uri', async () => {
    const { verifier, challenge } = pkcePair();
    const params = {
      response_type: 'code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/callback',
      state: 's1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const posted = await postForm(base, 'oauth2/authorize', {
      ...params,
      email: patient.email,
      password: patient.password,
    });
    const code = new URL(posted.headers.get('location')!).searchParams.get('code')!;
    const token = await exchange(code, verifier, { client_id: DEMO_CLIENT_ID, redirect_uri: params.redirect_uri });
    expect(token.status).toBe(200);
    expect(token.body.profile).toEqual({ reference: `Patient/${DemoIds.patient}` });
  });

  it('asks the MFA user for a code on the page', async () => {
    const params = {
      response_type: 'code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/callback',
      state: 's2',
    };
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
    expect(new URL(posted.headers.get('location')!).searchParams.get('code')).toEqual(expect.any(String));
  });

  it('refuses an unknown client or a foreign redirect_uri without redirecting', async () => {
    const bad = await fetch(
      new URL(
        `oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: DEMO_CLIENT_ID, redirect_uri: 'https://evil.example/cb' })}`,
        base
      ),
      { redirect: 'manual' }
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('redirect_uri does not match the client');
    const unknown = await fetch(
      new URL(
        `oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'nope', redirect_uri: 'http://localhost:3000/' })}`,
        base
      )
    );
    expect(unknown.status).toBe(400);
  });
});
