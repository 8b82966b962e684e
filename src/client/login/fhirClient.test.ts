// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { FhirClient } from '../FhirClient';
import { ClientStorage, MemoryStorage } from '../storage';
import { createMockFetch } from './mockLoginClient';
import { listenForSignOutInOtherTabs } from './crossTab';
import { handleRedirectCallback, startSmartLaunch } from './redirect';
import { processCode, startLogin } from './steps';
import { AreaClientStorage } from './storage';
import type { LoginClient } from './types';

const BASE = 'https://fhir.example.com/';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

// The login steps against the real FhirClient, which is a LoginClient: no cast, no reach into its insides.
describe('login steps with FhirClient', () => {
  function setup(storage = new ClientStorage(new MemoryStorage())) {
    const fetch = createMockFetch(
      {
        'POST auth/login': { body: { login: 'L1', code: 'C1' } },
        'POST oauth2/token': { body: { access_token: 'opaque', refresh_token: 'r' } },
      },
      BASE
    );
    const client = new FhirClient({ baseUrl: BASE, fetch, storage, clientId: 'app-1', maxRetries: 0 });
    const login: LoginClient = client;
    return { fetch, client, login };
  }

  it('signs in with a password and sets the active login', async () => {
    const { fetch, client, login } = setup();
    const response = await startLogin(login, { email: 'a@b.c', password: 'pw', clientId: 'app-1' });
    await processCode(login, response.code!, { clientId: 'app-1' });
    expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${BASE}auth/login`,
      `POST ${BASE}oauth2/token`,
    ]);
    expect(new URLSearchParams(fetch.requests[1].body).get('code_verifier')).toHaveLength(128);
    expect(client.getActiveLogin()).toMatchObject({ accessToken: 'opaque', refreshToken: 'r' });
  });

  it('reads where a pending login stands with GET auth/login/{login}', async () => {
    const fetch = createMockFetch({ 'GET auth/login/L%2F1': { body: { login: 'L/1', mfaRequired: true } } }, BASE);
    const client = new FhirClient({
      baseUrl: BASE,
      fetch,
      storage: new ClientStorage(new MemoryStorage()),
      maxRetries: 0,
    });
    await expect(client.getLogin('L/1')).resolves.toEqual({ login: 'L/1', mfaRequired: true });
    expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${BASE}auth/login/L%2F1`]);
    expect(fetch.requests[0].headers.Accept).toContain('application/fhir+json');
    await expect(client.getLogin('')).rejects.toThrow('needs the login id');
  });

  it('proves the password of the account an external sign-in matched with POST auth/external/link', async () => {
    const fetch = createMockFetch(
      {
        'POST auth/external/link': (request) =>
          JSON.parse(request.body!).password === 'right'
            ? { body: { login: 'L1', mfaRequired: true } }
            : {
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
      },
      BASE
    );
    const client = new FhirClient({
      baseUrl: BASE,
      fetch,
      storage: new ClientStorage(new MemoryStorage()),
      maxRetries: 0,
    });
    await expect(client.linkExternalLogin('L1', 'wrong')).rejects.toThrow('Email or password is invalid');
    await expect(client.linkExternalLogin('L1', 'right')).resolves.toEqual({ login: 'L1', mfaRequired: true });
    expect(fetch.requests.map((r) => [r.method, r.url, r.headers['Content-Type'], JSON.parse(r.body!)])).toEqual([
      ['POST', `${BASE}auth/external/link`, 'application/fhir+json', { login: 'L1', password: 'wrong' }],
      ['POST', `${BASE}auth/external/link`, 'application/fhir+json', { login: 'L1', password: 'right' }],
    ]);
  });

  it('completes a SMART launch and refuses a tampered state', async () => {
    const { fetch, client, login } = setup();
    let target = '';
    await startSmartLaunch(
      login,
      { clientId: 'app-1', redirectUri: 'https://app.example.com/cb' },
      { navigate: (u) => (target = u) }
    );
    const state = new URL(target).searchParams.get('state')!;
    await expect(handleRedirectCallback(login, `https://app.example.com/cb?code=C9&state=x${state}`)).rejects.toThrow();
    expect(fetch.requests).toHaveLength(0);
    await startSmartLaunch(
      login,
      { clientId: 'app-1', redirectUri: 'https://app.example.com/cb' },
      { navigate: (u) => (target = u) }
    );
    const fresh = new URL(target).searchParams.get('state')!;
    await handleRedirectCallback(login, `https://app.example.com/cb?code=C9&state=${fresh}`);
    expect(client.getActiveLogin()).toMatchObject({ accessToken: 'opaque' });
  });

  it('is signed out by another tab without a reload, and emits change', async () => {
    const storage = new AreaClientStorage(localStorage);
    const { client, login } = setup(storage);
    await processCode(login, 'C1', { clientId: 'app-1' });
    let changes = 0;
    client.addEventListener('change', () => changes++);
    const stop = listenForSignOutInOtherTabs(client, storage);
    // Another tab removed the active login.
    localStorage.removeItem('activeLogin');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'activeLogin', newValue: null, storageArea: localStorage })
    );
    expect(client.isAuthenticated()).toBe(false);
    expect(changes).toBe(1);
    stop();
  });
});
