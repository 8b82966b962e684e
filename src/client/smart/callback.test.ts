import { describe, expect, it, vi } from 'vitest';
import { FhirClient } from '../FhirClient';
import { ClientStorage, MemoryStorage } from '../storage';
import { json } from '../test-helpers';
import { completeSmartLaunch, smartLaunch, SmartMessages } from './index';
import { CLIENT_ID, ISS, memoryStore, REDIRECT, SCOPE, type ServerAnswers, smartServer, TOKEN } from './test-server';

/** Launches, then comes back to the redirect page with a code and the state the server echoes. */
async function launchAndReturn(answers: ServerAnswers = {}, tamper?: (url: URL) => void) {
  const fetch = smartServer(answers);
  const store = memoryStore();
  const navigate = vi.fn();
  await smartLaunch({ clientId: CLIENT_ID, scope: SCOPE, redirectUri: REDIRECT, iss: ISS, fetch, navigate, store });
  const authorize = new URL(navigate.mock.calls[0][0]);
  const back = new URL(REDIRECT);
  back.searchParams.set('code', 'CODE-1');
  back.searchParams.set('state', authorize.searchParams.get('state') as string);
  tamper?.(back);
  fetch.requests.length = 0;
  const storage = new ClientStorage(new MemoryStorage());
  const complete = () =>
    completeSmartLaunch({ url: back.toString(), fetch, store, clientOptions: { storage, cacheTime: 0 } });
  return { fetch, store, storage, authorize, complete };
}

const SMART_TOKENS = {
  access_token: 'AT-1',
  refresh_token: 'RT-1',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: SCOPE,
  patient: '123',
  encounter: 'enc-9',
  need_patient_banner: true,
  smart_style_url: 'https://ehr.example.org/smart-style.json',
  intent: 'reconcile-medications',
  tenant: 't1',
};

describe('completeSmartLaunch', () => {
  it('posts the authorization_code grant with the PKCE verifier to the discovered token endpoint', async () => {
    const { fetch, store, authorize, complete } = await launchAndReturn({ token: SMART_TOKENS });
    const verifier = JSON.parse(store.map.get('fpk-smart-launch') as string).codeVerifier;
    await complete();
    expect(fetch.requests[0]).toEqual({
      method: 'POST',
      url: TOKEN,
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'CODE-1',
        redirect_uri: REDIRECT,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      }).toString(),
      credentials: undefined,
    });
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(fetch.requests).toHaveLength(1);
  });

  it('resolves with a signed-in client on iss that exposes the launch context', async () => {
    const { fetch, complete } = await launchAndReturn({ token: SMART_TOKENS });
    const client = await complete();
    expect(client.getBaseUrl()).toBe(`${ISS}/`);
    expect(client.getLaunchContext()).toEqual({
      patient: '123',
      encounter: 'enc-9',
      needPatientBanner: true,
      smartStyleUrl: 'https://ehr.example.org/smart-style.json',
      intent: 'reconcile-medications',
      tenant: 't1',
      scope: SCOPE,
    });
    await client.readResource('Patient', client.getLaunchContext()?.patient as string);
    const read = fetch.requests.at(-1);
    expect(read?.url).toBe(`${ISS}/Patient/123`);
    expect(read?.headers.Authorization).toBe('Bearer AT-1');
  });

  it('keeps the launch context across a reload and a token refresh, and sign-out clears it', async () => {
    const answers: ServerAnswers = { token: SMART_TOKENS };
    const { fetch, storage, complete } = await launchAndReturn(answers);
    await complete();
    // The refresh answer carries no context: the launch's stays.
    answers.token = { access_token: 'AT-2', refresh_token: 'RT-2' };
    // A reload: a new client over the same storage.
    const reloaded = new FhirClient({ baseUrl: ISS, fhirUrlPath: '', tokenUrl: TOKEN, fetch, storage, cacheTime: 0 });
    expect(reloaded.getLaunchContext()?.patient).toBe('123');
    await reloaded.refresh();
    expect(new URLSearchParams(fetch.requests.at(-1)?.body).get('grant_type')).toBe('refresh_token');
    expect(reloaded.getAccessToken()).toBe('AT-2');
    expect(reloaded.getLaunchContext()?.patient).toBe('123');
    expect(storage.getObject<{ smartServer?: { iss: string } }>('activeLogin')?.smartServer?.iss).toBe(ISS);
    await reloaded.signOut();
    expect(reloaded.getLaunchContext()).toBeUndefined();
    expect(new FhirClient({ baseUrl: ISS, fetch, storage }).getLaunchContext()).toBeUndefined();
  });

  describe('when the state does not match (a forged or replayed callback)', () => {
    it('refuses and sends no token request', async () => {
      const { fetch, complete } = await launchAndReturn({ token: SMART_TOKENS }, (url) =>
        url.searchParams.set('state', 'attacker-state')
      );
      await expect(complete()).rejects.toThrow(SmartMessages.stateMismatch);
      expect(fetch.requests).toEqual([]);
    });

    it('never spends the code twice: a reload of the callback takes up the stored session', async () => {
      const { fetch, complete } = await launchAndReturn({ token: SMART_TOKENS });
      await complete();
      const reloaded = await complete();
      expect(fetch.requests.filter((r) => r.url === TOKEN)).toHaveLength(1);
      expect(reloaded.getAccessToken()).toBe('AT-1');
      expect(reloaded.getBaseUrl()).toBe(`${ISS}/`);
      expect(reloaded.getLaunchContext()?.patient).toBe('123');
    });

    it('refuses a callback URL this browser did not start, with no stored session, and sends nothing', async () => {
      const fetch = smartServer({ token: SMART_TOKENS });
      const forged = `${REDIRECT}?code=ATTACKER-CODE&state=whatever`;
      const storage = new ClientStorage(new MemoryStorage());
      await expect(
        completeSmartLaunch({ url: forged, fetch, store: memoryStore(), clientOptions: { storage } })
      ).rejects.toThrow(SmartMessages.noPendingLaunch);
      expect(fetch.requests).toEqual([]);
    });
  });

  describe('when a step fails', () => {
    it("shows the authorization server's error", async () => {
      const { complete, store } = await launchAndReturn({}, (url) => {
        url.search = '?error=access_denied&error_description=The+user+declined';
      });
      await expect(complete()).rejects.toThrow('The user declined');
      // The launch is spent: a later callback cannot resume it.
      expect(store.map.has('fpk-smart-launch')).toBe(false);
    });

    it("shows the token endpoint's error_description", async () => {
      const { complete } = await launchAndReturn({
        token: json({ error: 'invalid_grant', error_description: 'Bad code' }, 400),
      });
      await expect(complete()).rejects.toThrow('Bad code');
    });

    it("says 'Failed to fetch tokens' when the token endpoint gives no reason", async () => {
      const { complete } = await launchAndReturn({ token: json({ error: 'server_error' }, 500) });
      await expect(complete()).rejects.toThrow('Failed to fetch tokens');
    });
  });
});
