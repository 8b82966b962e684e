import { FhirClient } from './FhirClient';
import { BASE, rotatingTokenServer } from './test-helpers';
import { ClientStorage, MemoryStorage } from './storage';

/** navigator.locks as a browser has it: callbacks under one name run one at a time, in order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  return {
    names,
    request(name: string, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
      names.push(name);
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback({ name, mode: 'exclusive' }));
      tails.set(
        name,
        run.catch(() => undefined)
      );
      return run;
    },
  };
}

/** Two tabs: two clients over one storage, as two tabs share localStorage, and one server. */
function twoTabs(server: ReturnType<typeof rotatingTokenServer>, count = 2) {
  const storage = new ClientStorage(new MemoryStorage());
  storage.setObject('activeLogin', server.login);
  const tab = () =>
    new FhirClient({ baseUrl: BASE, fetch: server.fetch, storage, cacheTime: 0, maxRetries: 0, logLevel: 'none' });
  const a = tab();
  return { storage, a, b: count > 1 ? tab() : a };
}

describe('tabs sharing a remembered login', () => {
  describe('with Web Locks', () => {
    let locks: ReturnType<typeof fakeLocks>;
    beforeEach(() => {
      locks = fakeLocks();
      vi.stubGlobal('navigator', { locks });
    });
    afterEach(() => vi.unstubAllGlobals());

    it('refresh once between them after expiry, and both go on with the new token', async () => {
      const server = rotatingTokenServer();
      const { storage, a, b } = twoTabs(server);
      const [pa, pb] = await Promise.all([a.readResource('Patient', '1'), b.readResource('Patient', '1')]);
      expect(pa).toMatchObject({ resourceType: 'Patient', id: '1' });
      expect(pb).toMatchObject({ resourceType: 'Patient', id: '1' });
      expect(server.tokenPosts()).toBe(1);
      expect(server.state.revoked).toBe(false);
      expect(a.getAccessToken()).toBe(server.state.valid);
      expect(b.getAccessToken()).toBe(server.state.valid);
      expect(storage.getObject<{ accessToken: string }>('activeLogin')?.accessToken).toBe(server.state.valid);
      expect(locks.names.every((name) => name === 'fhir-portal-kit refresh Patient/1')).toBe(true);
    });

    it('take the token another tab stored instead of spending the rotated refresh token', async () => {
      const server = rotatingTokenServer();
      const { a, b } = twoTabs(server);
      await a.readResource('Patient', '1');
      expect(server.tokenPosts()).toBe(1);
      // Tab b still holds the expired token and the refresh token tab a spent.
      await expect(b.readResource('Patient', '1')).resolves.toMatchObject({ id: '1' });
      expect(server.tokenPosts()).toBe(1);
      expect(server.state.revoked).toBe(false);
      expect(b.getAccessToken()).toBe(server.state.valid);
      expect(b.getProfile()).toMatchObject({ resourceType: 'Patient', id: '1' });
    });

    it('refresh once between them after a 401 too', async () => {
      const server = rotatingTokenServer();
      // Opaque tokens carry no expiry: only the server's 401 tells that the token is stale.
      const { a, b } = twoTabs(server);
      a.setAccessToken('opaque-1', 'R1');
      b.setAccessToken('opaque-1', 'R1');
      await Promise.all([a.readResource('Patient', '1'), b.readResource('Patient', '1')]);
      expect(server.tokenPosts()).toBe(1);
      expect(server.state.revoked).toBe(false);
      expect([a.getAccessToken(), b.getAccessToken()]).toEqual([server.state.valid, server.state.valid]);
    });
  });

  describe('without Web Locks, outside a browser (Node)', () => {
    it('keeps one refresh in flight per client', async () => {
      expect((globalThis as { navigator?: { locks?: unknown } }).navigator?.locks).toBeUndefined();
      const server = rotatingTokenServer();
      const { a } = twoTabs(server, 1);
      const reads = Array.from({ length: 5 }, () => a.readResource('Patient', '1', { cache: 'reload' }));
      await expect(Promise.all(reads)).resolves.toHaveLength(5);
      expect(server.tokenPosts()).toBe(1);
    });
  });
});

describe('a frame whose Web Locks refuse to lock (an opaque origin)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('still refreshes, once', async () => {
    const request = vi.fn(() => Promise.reject(new DOMException('The request is not allowed', 'SecurityError')));
    vi.stubGlobal('navigator', { locks: { request } });
    const server = rotatingTokenServer();
    const { a } = twoTabs(server, 1);
    await expect(a.readResource('Patient', '1')).resolves.toMatchObject({ id: '1' });
    expect(request).toHaveBeenCalled();
    expect(server.tokenPosts()).toBe(1);
    expect(a.getAccessToken()).toBe(server.state.valid);
  });
});
