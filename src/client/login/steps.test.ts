// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { isOperationOutcomeError } from '../../fhir/outcomes';
import { createMockFetch, MockLoginClient } from './mockLoginClient';
import {
  chooseProfile,
  chooseScope,
  getAuthMethod,
  invite,
  processCode,
  startGoogleLogin,
  startLogin,
  startMfaEnroll,
  startNewPatient,
  startNewProject,
  startNewUser,
  verifyMfa,
} from './steps';

const BASE = 'https://fhir.example.com/';
const ok = { status: 200, body: { login: 'L1' } };

function setup(clientId?: string) {
  const fetch = createMockFetch({
    'POST auth/login': ok,
    'POST auth/google': ok,
    'POST auth/newuser': ok,
    'POST auth/newproject': { body: { login: 'L1', code: 'C1' } },
    'POST auth/newpatient': { body: { login: 'L1', code: 'C1' } },
    'POST auth/method': { body: { domain: 'example.com' } },
    'POST auth/mfa/login-enroll': { body: { login: 'L1', code: 'C1' } },
    'POST auth/mfa/verify': { body: { login: 'L1', code: 'C1' } },
    'POST auth/profile': { body: { login: 'L1', code: 'C1' } },
    'POST auth/scope': { body: { login: 'L1', code: 'C1' } },
    'POST admin/projects/P1/invite': { body: { resourceType: 'ProjectMembership' } },
    'POST oauth2/token': { body: { access_token: 'A', refresh_token: 'R', profile: { reference: 'Patient/1' } } },
  });
  const client = new MockLoginClient(fetch, { baseUrl: BASE, clientId });
  const last = () => {
    const request = fetch.requests[fetch.requests.length - 1];
    const json =
      request.headers['Content-Type'] === 'application/json' && request.body ? JSON.parse(request.body) : undefined;
    return { ...request, json };
  };
  return { fetch, client, last };
}

beforeEach(() => sessionStorage.clear());

describe('login steps', () => {
  it('applies the Remember me choice to where the tokens will be kept before signing in', async () => {
    const { client } = setup('client-1');
    const choices: boolean[] = [];
    Object.assign(client, { setRememberMe: (remember: boolean) => choices.push(remember) });
    await startLogin(client, { email: 'alice@example.com', password: 'secret', remember: false });
    await startNewUser(client, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      password: 'secret-pw',
      remember: true,
    } as never);
    expect(choices).toEqual([false, true]);
  });

  it('startLogin posts the login fields with a fresh S256 challenge and keeps the verifier', async () => {
    const { client, last } = setup('client-1');
    const response = await startLogin(client, {
      email: 'alice@example.com',
      password: 'secret',
      remember: true,
      projectId: 'P1',
      scope: 'openid',
      resourceType: 'Patient',
    });
    expect(response).toEqual({ login: 'L1' });
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${BASE}auth/login`);
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(request.json).toEqual({
      email: 'alice@example.com',
      password: 'secret',
      remember: true,
      projectId: 'P1',
      clientId: 'client-1',
      scope: 'openid',
      resourceType: 'Patient',
      codeChallenge: sessionStorage.getItem('codeChallenge'),
      codeChallengeMethod: 'S256',
    });
    expect(sessionStorage.getItem('codeVerifier')).toHaveLength(128);
  });

  it('startLogin keeps a caller-given challenge and clientId', async () => {
    const { client, last } = setup('default-client');
    await startLogin(client, {
      email: 'a@b.c',
      password: 'p',
      clientId: 'mine',
      codeChallenge: 'xyz',
      codeChallengeMethod: 'plain',
    });
    expect(last().json).toEqual({
      email: 'a@b.c',
      password: 'p',
      clientId: 'mine',
      codeChallenge: 'xyz',
      codeChallengeMethod: 'plain',
    });
    expect(sessionStorage.getItem('codeVerifier')).toBeNull();
  });

  it('startGoogleLogin posts auth/google with the credential and a challenge', async () => {
    const { client, last } = setup('client-1');
    await startGoogleLogin(client, {
      googleClientId: 'g-1',
      googleCredential: 'jwt',
      createUser: true,
      projectId: 'P1',
    });
    const request = last();
    expect(request.url).toBe(`${BASE}auth/google`);
    expect(request.json).toEqual({
      googleClientId: 'g-1',
      googleCredential: 'jwt',
      createUser: true,
      projectId: 'P1',
      clientId: 'client-1',
      codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      codeChallengeMethod: 'S256',
    });
  });

  it('startNewUser posts the registration fields with clientId and a challenge', async () => {
    const { client, last } = setup('client-1');
    await startNewUser(client, {
      firstName: 'Alice',
      lastName: 'Smith',
      email: 'alice@example.com',
      password: 'secret',
      remember: false,
      projectId: 'P1',
      recaptchaSiteKey: 'site',
      recaptchaToken: 'tok',
    });
    expect(last().url).toBe(`${BASE}auth/newuser`);
    expect(last().json).toEqual({
      firstName: 'Alice',
      lastName: 'Smith',
      email: 'alice@example.com',
      password: 'secret',
      remember: false,
      projectId: 'P1',
      recaptchaSiteKey: 'site',
      recaptchaToken: 'tok',
      clientId: 'client-1',
      codeChallengeMethod: 'S256',
      codeChallenge: sessionStorage.getItem('codeChallenge'),
    });
  });

  it('startNewProject and startNewPatient post the partial login', async () => {
    const { client, fetch } = setup();
    await startNewProject(client, { login: 'L1', projectName: 'My Project' });
    await startNewPatient(client, { login: 'L1', projectId: 'P1' });
    expect(fetch.requests.map((r) => [r.method, r.url, JSON.parse(r.body!)])).toEqual([
      ['POST', `${BASE}auth/newproject`, { login: 'L1', projectName: 'My Project' }],
      ['POST', `${BASE}auth/newpatient`, { login: 'L1', projectId: 'P1' }],
    ]);
  });

  it('getAuthMethod, MFA, profile, scope and invite post exactly their bodies', async () => {
    const { client, fetch } = setup();
    await getAuthMethod(client, 'alice@example.com');
    await startMfaEnroll(client, 'L1', '123456');
    await verifyMfa(client, 'L1', '654321');
    await chooseProfile(client, 'L1', 'M1');
    await chooseScope(client, 'L1', ['openid', 'patient/Observation.rs']);
    await chooseScope(client, 'L1', 'openid profile');
    await invite(client, 'P1', { resourceType: 'Patient', firstName: 'Bob', lastName: 'Jones', email: 'bob@x.org' });
    expect(fetch.requests.map((r) => [r.method, r.url, JSON.parse(r.body!)])).toEqual([
      ['POST', `${BASE}auth/method`, { email: 'alice@example.com' }],
      ['POST', `${BASE}auth/mfa/login-enroll`, { login: 'L1', token: '123456' }],
      ['POST', `${BASE}auth/mfa/verify`, { login: 'L1', token: '654321' }],
      ['POST', `${BASE}auth/profile`, { login: 'L1', profile: 'M1' }],
      ['POST', `${BASE}auth/scope`, { login: 'L1', scope: 'openid patient/Observation.rs' }],
      ['POST', `${BASE}auth/scope`, { login: 'L1', scope: 'openid profile' }],
      [
        'POST',
        `${BASE}admin/projects/P1/invite`,
        { resourceType: 'Patient', firstName: 'Bob', lastName: 'Jones', email: 'bob@x.org' },
      ],
    ]);
  });

  it('invite refuses a missing project id with a message that says what to pass', async () => {
    const { client } = setup();
    await expect(invite(client, '', {})).rejects.toThrow('needs a projectId');
  });

  describe('processCode', () => {
    it('exchanges the code with client_id, redirect_uri and the stored verifier, then forgets the verifier', async () => {
      const { client, last } = setup('client-1');
      sessionStorage.setItem('codeVerifier', 'v'.repeat(128));
      const tokens = await processCode(client, 'C1');
      expect(tokens).toMatchObject({ access_token: 'A' });
      const request = last();
      expect(request.method).toBe('POST');
      expect(request.url).toBe(`${BASE}oauth2/token`);
      expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
      expect(request.body).toBe(
        `grant_type=authorization_code&code=C1&client_id=client-1&redirect_uri=${encodeURIComponent(
          window.location.origin + '/'
        )}&code_verifier=${'v'.repeat(128)}`
      );
      expect(client.getActiveLogin()).toMatchObject({ access_token: 'A' });
      expect(sessionStorage.getItem('codeVerifier')).toBeNull();
    });

    it('uses the login params clientId and redirectUri', async () => {
      const { client, last } = setup();
      await processCode(client, 'C2', { clientId: 'c9', redirectUri: 'https://app.example.com/cb' });
      expect(last().body).toBe(
        'grant_type=authorization_code&code=C2&client_id=c9&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb'
      );
    });
  });

  describe('when the server refuses', () => {
    it('rejects with an OperationOutcomeError carrying the outcome', async () => {
      const fetch = createMockFetch({
        'POST auth/login': {
          status: 400,
          body: {
            resourceType: 'OperationOutcome',
            issue: [
              {
                severity: 'error',
                code: 'invalid',
                details: { text: 'Email or password is invalid' },
                expression: ['password'],
              },
            ],
          },
        },
      });
      const error = await startLogin(new MockLoginClient(fetch), { email: 'a@b.c', password: 'x' }).catch((e) => e);
      expect(isOperationOutcomeError(error)).toBe(true);
      expect(error.outcome.issue[0].expression).toEqual(['password']);
    });
  });
});
