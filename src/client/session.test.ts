import { isOperationOutcomeError } from '../fhir/outcomes';
import { FhirClient } from './FhirClient';
import { tokenClaims } from './session';
import { ClientStorage, MemoryStorage } from './storage';
import {
  BASE,
  FHIR,
  type RecordedRequest,
  expectedHeaders,
  json,
  makeJwt,
  mockFetch,
  nowSeconds,
  setup,
} from './test-helpers';

const profile = { resourceType: 'Practitioner', id: 'p1' };
const me = {
  profile,
  project: { resourceType: 'Project', id: 'proj', superAdmin: true },
  membership: { resourceType: 'ProjectMembership', id: 'm1', admin: true },
};

const validToken = (claims: Record<string, unknown> = {}) =>
  makeJwt({ exp: nowSeconds() + 3600, client_id: 'app', ...claims });

const tokenForm = (req: RecordedRequest) => Object.fromEntries(new URLSearchParams(req.body as string));

describe('session', () => {
  describe('when the access token is inside the grace period', () => {
    it('sends exactly one refresh for ten concurrent requests and uses the new token', async () => {
      const fresh = validToken();
      const { client, fetch } = setup(
        (req) => {
          if (req.url === BASE + 'oauth2/token') return json({ access_token: fresh, refresh_token: 'r2' });
          return json({ resourceType: 'Patient', id: req.url.split('/').pop() });
        },
        { clientId: 'app' }
      );
      client.setAccessToken(makeJwt({ exp: nowSeconds() - 10, client_id: 'app' }), 'r1');
      await Promise.all(Array.from({ length: 10 }, (_, i) => client.readResource('Patient', String(i))));
      const tokenRequests = fetch.requests.filter((r) => r.url === BASE + 'oauth2/token');
      expect(tokenRequests).toEqual([
        {
          method: 'POST',
          url: BASE + 'oauth2/token',
          headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=refresh_token&refresh_token=r1&client_id=app',
          credentials: 'include',
        },
      ]);
      const reads = fetch.requests.filter((r) => r.url.startsWith(FHIR));
      expect(reads).toHaveLength(10);
      for (const read of reads) expect(read.headers.Authorization).toBe(`Bearer ${fresh}`);
      expect(client.getAccessToken()).toBe(fresh);
    });

    it('refreshes 300000 ms before expiry by default, not earlier', async () => {
      const { client, fetch } = setup((req) =>
        req.url.endsWith('oauth2/token')
          ? json({ access_token: validToken() })
          : json({ resourceType: 'Patient', id: '1' })
      );
      client.setAccessToken(makeJwt({ exp: nowSeconds() + 301 }), 'r1');
      await client.readResource('Patient', '1');
      expect(fetch.requests.map((r) => r.url)).toEqual([FHIR + 'Patient/1']);
      client.setAccessToken(makeJwt({ exp: nowSeconds() + 299 }), 'r1');
      await client.readResource('Patient', '1', { cache: 'reload' });
      expect(fetch.requests.map((r) => r.url)).toEqual([FHIR + 'Patient/1', BASE + 'oauth2/token', FHIR + 'Patient/1']);
    });
  });

  describe('when time passes into the grace period', () => {
    beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
    afterEach(() => vi.useRealTimers());

    it('refreshes before the next request once the clock reaches expiry minus refreshGracePeriod', async () => {
      const { client, fetch } = setup(
        (req) =>
          req.url.endsWith('oauth2/token')
            ? json({ access_token: makeJwt({ exp: nowSeconds() + 3600 }), refresh_token: 'r2' })
            : json({ resourceType: 'Patient', id: '1' }),
        { refreshGracePeriod: 60000 }
      );
      client.setAccessToken(makeJwt({ exp: nowSeconds() + 120 }), 'r1');
      await client.readResource('Patient', '1');
      vi.advanceTimersByTime(59999);
      await client.readResource('Patient', '1', { cache: 'reload' });
      expect(fetch.requests.filter((r) => r.url.endsWith('oauth2/token'))).toHaveLength(0);
      vi.advanceTimersByTime(2);
      await client.readResource('Patient', '1', { cache: 'reload' });
      expect(fetch.requests.map((r) => r.url)).toEqual([
        FHIR + 'Patient/1',
        FHIR + 'Patient/1',
        BASE + 'oauth2/token',
        FHIR + 'Patient/1',
      ]);
      expect(client.isAuthenticated()).toBe(true);
    });
  });

  describe('when the server answers 401', () => {
    it('refreshes once and retries the request', async () => {
      const fresh = validToken();
      const { client, fetch } = setup((req) => {
        if (req.url.endsWith('oauth2/token')) return json({ access_token: fresh, refresh_token: 'r2' });
        if (req.headers.Authorization === 'Bearer old') return json({}, 401);
        return json({ resourceType: 'Patient', id: '1' });
      });
      client.setAccessToken('old', 'r1');
      await expect(client.readResource('Patient', '1')).resolves.toMatchObject({ id: '1' });
      expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        `GET ${FHIR}Patient/1`,
        `POST ${BASE}oauth2/token`,
        `GET ${FHIR}Patient/1`,
      ]);
      expect(fetch.requests[2].headers.Authorization).toBe(`Bearer ${fresh}`);
    });

    it('clears the session, runs onUnauthenticated and fails Unauthorized when no refresh is possible', async () => {
      const onUnauthenticated = vi.fn();
      const { client, storage } = setup(() => json({}, 401), { onUnauthenticated });
      await client.setActiveLogin({ accessToken: 'tok' });
      expect(storage.getObject('activeLogin')).toEqual({ accessToken: 'tok' });
      await expect(client.readResource('Patient', '1')).rejects.toThrow('Unauthorized');
      expect(onUnauthenticated).toHaveBeenCalledTimes(1);
      expect(client.getAccessToken()).toBeUndefined();
      expect(storage.getObject('activeLogin')).toBeUndefined();
    });

    it('fails Unauthorized after one retry when the new token is rejected too', async () => {
      const onUnauthenticated = vi.fn();
      const { client, fetch } = setup(
        (req) => (req.url.endsWith('oauth2/token') ? json({ access_token: validToken() }) : json({}, 401)),
        { onUnauthenticated }
      );
      client.setAccessToken('old', 'r1');
      await expect(client.readResource('Patient', '1')).rejects.toThrow('Unauthorized');
      expect(fetch.requests).toHaveLength(3);
      expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    });
  });

  describe('when the token endpoint fails', () => {
    it('clears the login and raises error_description', async () => {
      const { client, storage } = setup(() =>
        json({ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400)
      );
      storage.setObject('activeLogin', { accessToken: 'a' });
      client.setAccessToken('a', 'r');
      await expect(client.refresh()).rejects.toThrow('Invalid refresh token');
      expect(client.getAccessToken()).toBeUndefined();
      expect(storage.getObject('activeLogin')).toBeUndefined();
    });

    it("raises 'Failed to fetch tokens' without an error_description", async () => {
      const { client } = setup(() => new Response('<html>oops</html>', { status: 500 }), { maxRetries: 0 });
      await expect(client.startClientLogin('c', 's')).rejects.toThrow('Failed to fetch tokens');
    });
  });

  describe('when the token is rejected', () => {
    it("fails 'Token expired' for a token past its expiry and clears the login", async () => {
      const { client, storage } = setup(() => json({ access_token: makeJwt({ exp: nowSeconds() - 1 }) }));
      storage.setObject('activeLogin', { accessToken: 'a' });
      await expect(client.startJwtAssertionLogin('assertion')).rejects.toThrow('Token expired');
      expect(storage.getObject('activeLogin')).toBeUndefined();
    });

    it.each(['client_id', 'azp'])(
      "fails 'Token not issued for this audience' when %s differs from clientId",
      async (claim) => {
        const { client } = setup(() => json({ access_token: makeJwt({ exp: nowSeconds() + 60, [claim]: 'other' }) }), {
          clientId: 'app',
        });
        const error = await client.exchangeExternalAccessToken('ext').catch((e: unknown) => e);
        expect(isOperationOutcomeError(error)).toBe(true);
        expect((error as Error).message).toBe('Token not issued for this audience');
        expect(client.getAccessToken()).toBeUndefined();
      }
    );
  });

  describe('when signing in without a login form', () => {
    it('startClientLogin posts client_credentials with Basic authorization', async () => {
      const token = validToken({ client_id: 'c1' });
      const { client, fetch } = setup(() => json({ access_token: token }));
      await client.startClientLogin('c1', 's1');
      expect(fetch.requests[0]).toEqual({
        method: 'POST',
        url: BASE + 'oauth2/token',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: 'Basic ' + btoa('c1:s1'),
        },
        body: 'grant_type=client_credentials',
        credentials: 'include',
      });
      expect(client.getAccessToken()).toBe(token);
    });

    it('startJwtBearerLogin posts the jwt-bearer grant', async () => {
      const { client, fetch } = setup(() => json({ access_token: validToken({ client_id: 'c1' }) }));
      await client.startJwtBearerLogin('c1', 'the-assertion', 'openid profile');
      expect(tokenForm(fetch.requests[0])).toEqual({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        client_id: 'c1',
        assertion: 'the-assertion',
        scope: 'openid profile',
      });
    });

    it('startJwtAssertionLogin posts a client assertion', async () => {
      const { client, fetch } = setup(() => json({ access_token: validToken() }));
      await client.startJwtAssertionLogin('signed-jwt');
      expect(tokenForm(fetch.requests[0])).toEqual({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: 'signed-jwt',
      });
    });

    it('exchangeExternalAccessToken posts the token-exchange grant', async () => {
      const { client, fetch } = setup(() => json({ access_token: validToken() }), { clientId: 'app' });
      await client.exchangeExternalAccessToken('external');
      expect(fetch.requests[0].url).toBe(BASE + 'oauth2/token');
      expect(tokenForm(fetch.requests[0])).toEqual({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        client_id: 'app',
        subject_token: 'external',
      });
    });

    it('exchangeExternalAccessToken needs a clientId', async () => {
      const { client, fetch } = setup();
      await expect(client.exchangeExternalAccessToken('external')).rejects.toThrow('FhirClient is missing clientId');
      expect(fetch.requests).toHaveLength(0);
    });

    it('uses the tokenUrl option', async () => {
      const { client, fetch } = setup(() => json({ access_token: validToken() }), {
        tokenUrl: 'https://idp.test/token',
      });
      await client.startJwtAssertionLogin('x');
      expect(fetch.requests[0].url).toBe('https://idp.test/token');
    });
  });

  describe('when a login with a profile becomes active', () => {
    it('stores it, fetches auth/me and reports roles', async () => {
      const token = validToken();
      const { client, fetch, storage } = setup((req) =>
        req.url.endsWith('oauth2/token')
          ? json({
              access_token: token,
              refresh_token: 'r',
              project: { reference: 'Project/proj' },
              profile: { reference: 'Practitioner/p1' },
            })
          : json(me)
      );
      const events: string[] = [];
      for (const type of ['change', 'profileRefreshing', 'profileRefreshed'] as const) {
        client.addEventListener(type, (e) => events.push(e.type));
      }
      await expect(client.startJwtAssertionLogin('x')).resolves.toEqual(profile);
      expect(fetch.requests[1]).toEqual({
        method: 'GET',
        url: BASE + 'auth/me',
        headers: expectedHeaders(token),
        body: undefined,
        credentials: 'include',
      });
      const login = {
        accessToken: token,
        refreshToken: 'r',
        project: { reference: 'Project/proj' },
        profile: { reference: 'Practitioner/p1' },
      };
      expect(storage.getObject('activeLogin')).toEqual(login);
      expect(client.getActiveLogin()).toEqual(login);
      expect(client.getLogins()).toEqual([login]);
      expect(client.getProfile()).toEqual(profile);
      expect(client.getProject()).toEqual(me.project);
      expect(client.getProjectMembership()).toEqual(me.membership);
      expect(client.isSuperAdmin()).toBe(true);
      expect(client.isProjectAdmin()).toBe(true);
      expect(client.isAuthenticated()).toBe(true);
      expect(events).toEqual(['change', 'change', 'profileRefreshing', 'change', 'profileRefreshed']);
    });

    it('keeps one login per profile in the login list', async () => {
      const { client } = setup(() => json(me));
      await client.setActiveLogin({ accessToken: 'a', profile: { reference: 'Practitioner/p1' } });
      await client.setActiveLogin({ accessToken: 'b', profile: { reference: 'Patient/x' } });
      await client.setActiveLogin({ accessToken: 'c', profile: { reference: 'Practitioner/p1' } });
      expect(client.getLogins().map((l) => l.accessToken)).toEqual(['b', 'c']);
    });

    it('restores the stored login in a new client', async () => {
      const storage = new ClientStorage(new MemoryStorage());
      storage.setObject('activeLogin', { accessToken: 'saved', profile: { reference: 'Practitioner/p1' } });
      const fetch = mockFetch(() => json(me));
      const client = new FhirClient({ baseUrl: BASE, fetch, storage });
      expect(client.getAccessToken()).toBe('saved');
      expect(client.isLoading()).toBe(true);
      await expect(client.getProfileAsync()).resolves.toEqual(profile);
      expect(client.isLoading()).toBe(false);
      expect(fetch.requests[0].url).toBe(BASE + 'auth/me');
    });

    it('waits for an asynchronous storage and emits storageInitialized', async () => {
      class SlowStorage extends ClientStorage {
        override getInitPromise() {
          return Promise.resolve();
        }
      }
      const storage = new SlowStorage(new MemoryStorage());
      storage.setObject('activeLogin', { accessToken: 'later' });
      const client = new FhirClient({ baseUrl: BASE, fetch: mockFetch(), storage });
      const initialized = vi.fn();
      client.addEventListener('storageInitialized', initialized);
      expect(client.isInitialized()).toBe(false);
      expect(client.isLoading()).toBe(true);
      await client.getInitPromise();
      expect(initialized).toHaveBeenCalledTimes(1);
      expect(client.getAccessToken()).toBe('later');
    });
  });

  describe('when signing out', () => {
    it('posts the logout URL and clears everything', async () => {
      const { client, fetch, storage } = setup(() => json({}));
      await client.setActiveLogin({ accessToken: 'tok' });
      await client.signOut();
      expect(fetch.requests[0]).toEqual({
        method: 'POST',
        url: BASE + 'oauth2/logout',
        headers: expectedHeaders('tok', { 'Content-Type': 'application/fhir+json' }),
        body: '{}',
        credentials: 'include',
      });
      expect(client.getAccessToken()).toBeUndefined();
      expect(storage.getObject('activeLogin')).toBeUndefined();
      expect(client.getLogins()).toEqual([]);
    });

    it('only logs a failing logout request', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { client } = setup(() =>
        json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'exception', details: { text: 'Down' } }],
          },
          400
        )
      );
      await client.setActiveLogin({ accessToken: 'tok' });
      await expect(client.signOut()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith('[FhirClient] Sign-out request failed: Down');
      expect(client.getAccessToken()).toBeUndefined();
      warn.mockRestore();
    });
  });
});

describe('session refresh of the same user', () => {
  it('keeps the profile and the cache and does not ask auth/me again', async () => {
    const fresh = makeJwt({ exp: nowSeconds() + 3600 });
    const { client, fetch } = setup((req) => {
      if (req.url.endsWith('oauth2/token'))
        return json({ access_token: fresh, refresh_token: 'r2', profile: { reference: 'Practitioner/p1' } });
      if (req.url.endsWith('auth/me')) return json(me);
      return json({ resourceType: 'Patient', id: '1' });
    });
    await client.setActiveLogin({ accessToken: 'a', refreshToken: 'r1', profile: { reference: 'Practitioner/p1' } });
    await client.readResource('Patient', '1');
    const change = vi.fn();
    client.onCacheChange(change);
    await client.refresh();
    expect(client.getAccessToken()).toBe(fresh);
    expect(client.getProfile()).toEqual(profile);
    expect(client.getCached('Patient', '1')).toBeDefined();
    expect(change).not.toHaveBeenCalled();
    expect(fetch.requests.filter((r) => r.url.endsWith('auth/me'))).toHaveLength(1);
  });
});

describe('tokenClaims', () => {
  it('reads the claims of a JWT with unpadded base64url and UTF-8 text', () => {
    const claims = { exp: 1700000000, name: 'José Ñúñez ✓', sub: '??>' };
    expect(tokenClaims(makeJwt(claims))).toEqual(claims);
  });

  it('answers undefined for an opaque token, an encrypted (5-part) one or a payload that is not an object', () => {
    expect(tokenClaims('opaque-token')).toBeUndefined();
    expect(tokenClaims('a.b.c.d.e')).toBeUndefined();
    expect(tokenClaims(`x.${Buffer.from('[1,2]').toString('base64url')}.y`)).toBeUndefined();
    expect(tokenClaims('x.%%%.y')).toBeUndefined();
  });
});
