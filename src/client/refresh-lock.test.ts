// @vitest-environment jsdom
import { FhirClient } from './FhirClient';
import { AreaClientStorage } from './login/storage';
import { BASE, rotatingTokenServer } from './test-helpers';

// A browser without Web Locks (jsdom has none): tabs coordinate through the storage they share.
describe('tabs sharing a remembered login, without Web Locks', () => {
  beforeEach(() => localStorage.clear());

  function twoTabs(server: ReturnType<typeof rotatingTokenServer>) {
    const storage = new AreaClientStorage(localStorage);
    storage.setObject('activeLogin', server.login);
    const tab = () =>
      new FhirClient({ baseUrl: BASE, fetch: server.fetch, storage, cacheTime: 0, maxRetries: 0, logLevel: 'none' });
    return { storage, a: tab(), b: tab() };
  }

  it('refresh once between them after expiry, through a lease in the shared storage', async () => {
    expect((navigator as { locks?: unknown }).locks).toBeUndefined();
    const server = rotatingTokenServer();
    const { storage, a, b } = twoTabs(server);
    const [pa, pb] = await Promise.all([a.readResource('Patient', '1'), b.readResource('Patient', '1')]);
    expect([pa.id, pb.id]).toEqual(['1', '1']);
    expect(server.tokenPosts()).toBe(1);
    expect(server.state.revoked).toBe(false);
    expect([a.getAccessToken(), b.getAccessToken()]).toEqual([server.state.valid, server.state.valid]);
    // The lease is gone once the refresh is done.
    expect(storage.getString('fhir-portal-kit refresh Patient/1')).toBeUndefined();
  });

  it('adopt the login another tab stored when its storage event arrives, so no stale token goes out', async () => {
    const server = rotatingTokenServer();
    const storage = new AreaClientStorage(localStorage);
    storage.setObject('activeLogin', server.login);
    const options = {
      baseUrl: BASE,
      fetch: server.fetch,
      storage,
      cacheTime: 0,
      maxRetries: 0,
      logLevel: 'none',
    } as const;
    const a = new FhirClient(options);
    await a.getProfileAsync();
    const tokenA = a.getAccessToken();
    expect(tokenA).toBe(server.state.valid);
    // The other tab refreshes; one window hears no storage event of its own writes, so send the one a tab would get.
    const b = new FhirClient(options);
    await b.refresh();
    const newer = server.state.valid as string;
    expect(newer).not.toBe(tokenA);
    expect(a.getAccessToken()).toBe(tokenA);
    const changed = vi.fn();
    a.addEventListener('change', changed);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'activeLogin',
        newValue: localStorage.getItem('activeLogin'),
        storageArea: localStorage,
      })
    );
    expect(a.getAccessToken()).toBe(newer);
    expect(changed).toHaveBeenCalled();
    const sent = server.fetch.requests.length;
    await expect(a.readResource('Patient', '1')).resolves.toMatchObject({ id: '1' });
    // Tab b may still be loading its profile; tab a's read went out once, with the newer token.
    const reads = server.fetch.requests.slice(sent).filter((r) => r.url.startsWith(BASE + 'fhir/'));
    expect(reads.map((r) => r.headers.Authorization)).toEqual([`Bearer ${newer}`]);
    expect(server.state.revoked).toBe(false);
  });
});
