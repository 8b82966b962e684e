// Shared by the offline tests: a signed-in client with an offline store, and a small FHIR server
// that keeps resources, honours If-None-Exist and If-Match, and can lose its answers. Not exported.
import { FhirClient } from '../FhirClient';
import { ClientStorage, MemoryStorage } from '../storage';
import { BASE, FHIR, type RecordedRequest, json, makeJwt, mockFetch, nowSeconds } from '../test-helpers';
import type { BackoffOptions } from './backoff';
import { createMemoryStore } from './memory-store';
import type { OfflineStore } from './store';

/** A network failure as fetch reports it. */
export const networkDown = (): never => {
  throw new TypeError('Failed to fetch');
};

/**
 * A FHIR server in memory: POST with If-None-Exist answers the match (200) instead of creating,
 * PUT with an If-Match of an older version answers 412. `offline` makes every request fail with
 * no answer; `loseAnswers` lets the server act, then drops that many answers on the way back.
 */
export function fakeServer() {
  const resources = new Map<string, any>();
  let nextId = 1;
  const state = { offline: false, loseAnswers: 0, answerStatus: undefined as number | undefined };
  const deliver = (response: Response): Response => {
    if (state.loseAnswers > 0) {
      state.loseAnswers--;
      return networkDown();
    }
    return response;
  };
  const handle = (request: RecordedRequest): Response => {
    if (state.offline) return networkDown();
    if (state.answerStatus) return json({ resourceType: 'OperationOutcome', issue: [] }, state.answerStatus);
    const path = request.url.slice(FHIR.length);
    const [type, id] = path.split('/');
    const body = request.body ? JSON.parse(String(request.body)) : undefined;
    if (request.method === 'GET') {
      const found = resources.get(path);
      return found ? json(found) : json({ resourceType: 'OperationOutcome', issue: [] }, 404);
    }
    if (request.method === 'POST') {
      const header = request.headers['If-None-Exist'];
      const condition = header && decodeURIComponent(header.replace(/^identifier=/, ''));
      const match = [...resources.values()].find(
        (r) =>
          r.resourceType === type &&
          [r.identifier ?? []].flat().some((i: any) => `${i.system}|${i.value}` === condition)
      );
      if (match) return deliver(json(match, 200));
      const created = { ...body, id: String(nextId++), meta: { versionId: '1' } };
      resources.set(`${type}/${created.id}`, created);
      return deliver(json(created, 201));
    }
    if (request.method === 'PUT') {
      const current = resources.get(path);
      const ifMatch = request.headers['If-Match'];
      if (current && ifMatch && ifMatch !== `W/"${current.meta.versionId}"`) {
        return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'conflict' }] }, 412);
      }
      const version = String(Number(current?.meta?.versionId ?? 0) + 1);
      const updated = { ...body, id, meta: { versionId: version } };
      resources.set(path, updated);
      return deliver(json(updated));
    }
    if (request.method === 'DELETE') {
      if (!resources.delete(path)) return json({ resourceType: 'OperationOutcome', issue: [] }, 410);
      return deliver(new Response(null, { status: 204 }));
    }
    return json({}, 405);
  };
  const ofType = (type: string) => [...resources.values()].filter((r) => r.resourceType === type);
  return { resources, state, handle, ofType };
}

/** An access token that is valid for an hour. */
export const accessToken = (subject = 'patient-1'): string => makeJwt({ exp: nowSeconds() + 3600, sub: subject });

/** The key the client stores a login's data under. */
export const loginKey = (profile = 'Patient/1'): string => `${BASE} ${profile}`;

/** A client signed in as `profile` (a stored login, as after a reload), with the offline option on. */
export async function signedIn(
  handle: (request: RecordedRequest) => Response | Promise<Response>,
  options: {
    store?: OfflineStore;
    profile?: string;
    token?: string;
    backoff?: BackoffOptions;
    storage?: ClientStorage;
  } = {}
) {
  const profile = options.profile ?? 'Patient/1';
  const store = options.store ?? createMemoryStore();
  const token = options.token ?? accessToken(profile);
  const storage = options.storage ?? new ClientStorage(new MemoryStorage());
  if (!options.storage) {
    const login = { accessToken: token, refreshToken: 'refresh-secret', profile: { reference: profile } };
    storage.setObject('activeLogin', login);
    storage.setObject('logins', [login]);
  }
  const [type, id] = profile.split('/');
  const fetch = mockFetch((request) => {
    if (request.url === BASE + 'auth/me') {
      return json({
        profile: { resourceType: type, id },
        project: { resourceType: 'Project', id: 'p' },
        membership: { resourceType: 'ProjectMembership', id: 'm' },
      });
    }
    if (request.url === BASE + 'oauth2/logout') return json({});
    return handle(request);
  });
  const client = new FhirClient({
    baseUrl: BASE,
    fetch,
    storage,
    cacheTime: 0,
    maxRetries: 0,
    logLevel: 'none',
    offline: { store, backoff: options.backoff },
  });
  // Signed in as after a reload: the profile (auth/me) is loaded before the test starts.
  await client.getProfileAsync();
  await client.whenOfflineReady();
  await client.outbox?.ready;
  /** The FHIR requests on the wire (auth/me and sign-out left out). */
  const fhirRequests = () => fetch.requests.filter((request) => request.url.startsWith(FHIR));
  return { client, fetch, store, storage, token, fhirRequests };
}

/** Waits until nothing more is scheduled on the microtask queue or the store (a few turns of the event loop). */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
