import { ClientStorage, MemoryStorage } from '../storage';
import { FHIR, json } from '../test-helpers';
import { createMemoryStore } from './memory-store';
import { accessToken, fakeServer, loginKey, signedIn } from './offline-test-helpers';
import type { OfflineStore } from './store';

const patient = { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, name: [{ family: 'Diaz' }] };
const vital = { resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'Weight' } };

/** Everything a store holds, for every login, as one string. */
async function dump(store: OfflineStore): Promise<string> {
  const logins = await store.logins();
  const all = await Promise.all(
    logins.map(async (login) => [login, await store.list(login, 'reads'), await store.list(login, 'outbox')])
  );
  return JSON.stringify(all);
}

describe('the offline client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers reads from the server online and from the device, marked stale, when the network fails', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    server.resources.set('Observation/o1', vital);
    const { client, fhirRequests } = await signedIn((request) =>
      request.url.startsWith(FHIR + 'Observation?')
        ? server.state.offline
          ? server.handle(request)
          : json({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: vital }] })
        : server.handle(request)
    );
    const online = await client.readResource('Patient', '1');
    await client.searchResources('Observation', { code: 'weight' });
    expect(client.isStale(online)).toBe(false);
    expect(client.isOffline()).toBe(false);

    server.state.offline = true;
    const offline = await client.readResource('Patient', '1');
    const vitals = await client.searchResources('Observation', { code: 'weight' });

    expect(offline).toEqual(patient);
    expect(client.isStale(offline)).toBe(true);
    expect(vitals).toEqual([vital]);
    expect(client.isStale(vitals)).toBe(true);
    expect(client.isStale(vitals[0])).toBe(true);
    expect(client.isOffline()).toBe(true);
    // Each offline read still tried the server first.
    expect(fhirRequests().map((r) => r.url)).toEqual([
      FHIR + 'Patient/1',
      FHIR + 'Observation?code=weight',
      FHIR + 'Patient/1',
      FHIR + 'Observation?code=weight',
    ]);
  });

  it('answers from the device without a request while the browser says it is offline', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    const { client, fhirRequests } = await signedIn(server.handle);
    await client.readResource('Patient', '1');
    vi.stubGlobal('navigator', { onLine: false });

    const offline = await client.readResource('Patient', '1');

    expect(offline).toEqual(patient);
    expect(client.isStale(offline)).toBe(true);
    expect(fhirRequests()).toHaveLength(1);
  });

  it('fails a read it never kept with the network error', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle);
    server.state.offline = true;
    await expect(client.readResource('Patient', '9')).rejects.toThrow('Failed to fetch');
  });

  it('sends what waits once a read gets an answer again, when the browser never said it was offline (a server down)', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    const { client, fhirRequests } = await signedIn(server.handle);
    await client.readResource('Patient', '1');
    server.state.offline = true;
    await client.readResource('Patient', '1');
    await client.createResource({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' } });
    expect(client.outbox?.list().map((entry) => entry.state)).toEqual(['pending']);

    // No 'online' event: the next read that reaches the server is what says the network is back.
    server.state.offline = false;
    await client.readResource('Patient', '1', { cache: 'reload' });
    await vi.waitFor(() => expect(client.outbox?.list().map((entry) => entry.state)).toEqual(['sent']));
    // The attempt made offline never reached the server; the one made now did, once.
    expect(fhirRequests().filter((request) => request.method === 'POST')).toHaveLength(2);
    expect([...server.resources.keys()].filter((key) => key.startsWith('Observation/'))).toHaveLength(1);
    expect(client.isOffline()).toBe(false);
  });

  it('never puts a token on the device: not in kept reads, not in queued writes', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    const { client, store, token, fhirRequests } = await signedIn(server.handle);
    await client.readResource('Patient', '1');
    server.state.offline = true;
    await client.createResource({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' } });
    // A caller's own Authorization header is not kept either.
    await client.updateResource(patient as never, { headers: { Authorization: `Bearer ${token}` } });

    const kept = await dump(store);
    expect(kept).toContain('Diaz');
    expect(kept).toContain('"kind":"create"');
    expect(kept).not.toContain(token);
    expect(kept).not.toContain('refresh-secret');
    expect(kept).not.toMatch(/authorization/i);

    // The replay carries the session's token of the moment, taken from memory.
    server.state.offline = false;
    await client.outbox?.flush();
    expect(fhirRequests().at(-1)?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('wipes the login reads and outbox on sign-out, unsent writes included', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    const { client, store } = await signedIn(server.handle);
    await client.readResource('Patient', '1');
    server.state.offline = true;
    await client.createResource({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' } });
    expect(client.outbox?.hasPending()).toBe(true);
    expect(await store.logins()).toEqual([loginKey()]);

    await client.signOut();

    expect(await store.logins()).toEqual([]);
    expect(await dump(store)).toBe('[]');
    expect(client.outbox).toBeUndefined();
  });

  it('wipes the login when the server ends the session with a 401', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    let revoked = false;
    const { client, store } = await signedIn((request) =>
      revoked ? json({ resourceType: 'OperationOutcome', issue: [] }, 401) : server.handle(request)
    );
    await client.readResource('Patient', '1');
    // The server revokes the session: the read answers 401, and so does the refresh it tries.
    revoked = true;
    await expect(client.readResource('Patient', '1')).rejects.toThrow('Unauthorized');
    await client.whenOfflineReady();
    expect(await store.logins()).toEqual([]);
  });

  it('keeps two logins on one device apart', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    server.resources.set('Patient/1', patient);
    const alice = await signedIn(server.handle, { store, profile: 'Patient/1' });
    await alice.client.readResource('Patient', '1');
    server.state.offline = true;
    await alice.client.createResource({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' } });

    // Bob signs in on the same browser: the storage now holds both logins, his active.
    const bobLogin = { accessToken: accessToken('Patient/2'), profile: { reference: 'Patient/2' } };
    alice.storage.setObject('activeLogin', bobLogin);
    alice.storage.setObject('logins', [...alice.client.getLogins(), bobLogin]);
    const bob = await signedIn(server.handle, { store, profile: 'Patient/2', storage: alice.storage });

    await expect(bob.client.readResource('Patient', '1')).rejects.toThrow('Failed to fetch');
    expect(bob.client.outbox?.list()).toEqual([]);
    expect(JSON.stringify(await store.list(loginKey('Patient/2'), 'reads'))).not.toContain('Diaz');
    expect(await store.list(loginKey('Patient/1'), 'outbox')).toHaveLength(1);
  });

  it('wipes at start what belongs to a login the client no longer holds (a session without Remember me that ended)', async () => {
    const store = createMemoryStore();
    await store.put(loginKey('Patient/7'), 'reads', FHIR + 'Patient/7', { value: { resourceType: 'Patient' } });
    await store.put(loginKey('Patient/7'), 'outbox', '1', { kind: 'create' });
    const server = fakeServer();
    const { client } = await signedIn(server.handle, { store, storage: new ClientStorage(new MemoryStorage()) });
    await client.whenOfflineReady();
    expect(await store.logins()).toEqual([]);
  });
});
