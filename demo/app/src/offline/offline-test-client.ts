// For the demo's offline tests only (no page imports it): a client signed in as the patient
// (a stored login, as after a reload) with the offline option and an injected fetch that fails
// like a lost network while `network.down` is set.
import { ClientStorage, createMemoryStore, FhirClient, MemoryStorage } from 'fhir-portal-kit';

const BASE = 'https://portal.test/';
export const FHIR = `${BASE}fhir/R4/`;

/** What the fake server saw, FHIR requests only. */
export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });

/** An access token valid for an hour (the client reads exp only). */
function accessToken(subject: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part({ sub: subject, exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
}

/**
 * A signed-in patient's client with an in-memory offline store. `respond` answers the FHIR
 * requests while the network is up; auth/me and sign-out are answered here.
 */
export async function offlineClient(respond: (request: SeenRequest) => Response = () => json({}, 404)) {
  const network = { down: false };
  const requests: SeenRequest[] = [];
  const storage = new ClientStorage(new MemoryStorage());
  const login = { accessToken: accessToken('homer'), refreshToken: 'r', profile: { reference: 'Patient/homer' } };
  storage.setObject('activeLogin', login);
  storage.setObject('logins', [login]);
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (network.down) throw new TypeError('Failed to fetch');
    const url = input.toString();
    if (url === `${BASE}auth/me`) {
      return json({
        profile: { resourceType: 'Patient', id: 'homer', name: [{ given: ['Homer'], family: 'Simpson' }] },
        project: { resourceType: 'Project', id: 'p' },
        membership: { resourceType: 'ProjectMembership', id: 'm' },
      });
    }
    if (url.startsWith(`${BASE}oauth2/logout`)) return json({});
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method: init.method ?? 'GET', url, body };
    requests.push(request);
    return respond(request);
  };
  const client = new FhirClient({
    baseUrl: BASE,
    fetch: fetch as typeof globalThis.fetch,
    storage,
    cacheTime: 0,
    maxRetries: 0,
    logLevel: 'none',
    offline: { store: createMemoryStore() },
  });
  await client.getProfileAsync();
  await client.whenOfflineReady();
  await client.outbox?.ready;
  return { client, network, requests, storage, json };
}
