// A reload offline with a token that is expired (or in its last minutes) must not sign the
// patient out: the refresh gets no answer, the login stays, and reads and writes work from the device.
import { FhirClient } from '../FhirClient';
import { ClientStorage, MemoryStorage } from '../storage';
import { BASE, FHIR, json, makeJwt, mockFetch, nowSeconds } from '../test-helpers';
import { createMemoryStore } from './memory-store';
import { loginKey, networkDown } from './offline-test-helpers';

const patient = { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, name: [{ family: 'Diaz' }] };
const details = {
  profile: { resourceType: 'Patient', id: '1' },
  project: { resourceType: 'Project', id: 'p' },
  membership: { resourceType: 'ProjectMembership', id: 'm' },
};
const TOKEN_URL = BASE + 'oauth2/token';

/** A client reloaded with an expired access token, its reads kept on the device from an earlier visit. */
async function reloaded(offlineOption: boolean) {
  const expired = makeJwt({ exp: nowSeconds() - 60, sub: 'patient-1' });
  const fresh = makeJwt({ exp: nowSeconds() + 3600, sub: 'patient-1' });
  const storage = new ClientStorage(new MemoryStorage());
  const login = { accessToken: expired, refreshToken: 'refresh-1', profile: { reference: 'Patient/1' } };
  storage.setObject('activeLogin', login);
  storage.setObject('logins', [login]);
  const store = createMemoryStore();
  const storedAt = new Date().toISOString();
  await store.put(loginKey(), 'reads', FHIR + 'Patient/1', { value: patient, storedAt });
  await store.put(loginKey(), 'reads', BASE + 'auth/me', { value: details, storedAt });
  const network = { up: false };
  const fetch = mockFetch((request) => {
    if (!network.up) return networkDown();
    if (request.url === TOKEN_URL) {
      return json({ access_token: fresh, refresh_token: 'refresh-2', profile: { reference: 'Patient/1' } });
    }
    if (request.url === BASE + 'auth/me') return json(details);
    if (request.method === 'POST') return json({ ...JSON.parse(String(request.body)), id: 'o1' }, 201);
    return json(patient);
  });
  const onUnauthenticated = vi.fn();
  const client = new FhirClient({
    baseUrl: BASE,
    fetch,
    storage,
    cacheTime: 0,
    maxRetries: 0,
    logLevel: 'none',
    onUnauthenticated,
    ...(offlineOption ? { offline: { store, backoff: { base: 60_000 } } } : {}),
  });
  await client.whenOfflineReady();
  return { client, fetch, network, onUnauthenticated, fresh };
}

describe('an offline reload with an expired token', () => {
  it('keeps the login, answers reads from the device, and refreshes once the network is back', async () => {
    const { client, fetch, network, onUnauthenticated, fresh } = await reloaded(true);

    const offline = await client.readResource('Patient', '1');

    expect(offline).toEqual(patient);
    expect(client.isStale(offline)).toBe(true);
    expect(client.getActiveLogin()?.refreshToken).toBe('refresh-1');
    expect(onUnauthenticated).not.toHaveBeenCalled();
    // The refresh was tried, and got no answer.
    expect(fetch.requests.some((r) => r.url === TOKEN_URL)).toBe(true);

    network.up = true;
    const sent = fetch.requests.length;
    const online = await client.readResource('Patient', '1');

    expect(client.isStale(online)).toBe(false);
    const after = fetch.requests.slice(sent);
    expect(after.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${TOKEN_URL}`, `GET ${FHIR}Patient/1`]);
    expect(String(after[0].body)).toContain('refresh_token=refresh-1');
    expect(after[1].headers.Authorization).toBe(`Bearer ${fresh}`);
    expect(client.getActiveLogin()?.refreshToken).toBe('refresh-2');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('queues a write in the outbox instead of signing out', async () => {
    const { client, onUnauthenticated } = await reloaded(true);

    const vital = await client.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Weight' },
    });

    expect(client.queuedEntry(vital)?.state).toBe('pending');
    expect(client.getActiveLogin()?.refreshToken).toBe('refresh-1');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('still signs out a client without the offline option', async () => {
    const { client, onUnauthenticated } = await reloaded(false);

    await expect(client.readResource('Patient', '1')).rejects.toThrow('Unauthorized');

    expect(client.getActiveLogin()).toBeUndefined();
    expect(onUnauthenticated).toHaveBeenCalled();
  });
});
