import type { Observation } from '../../fhir/types';
import { FHIR, type RecordedRequest } from '../test-helpers';
import { createMemoryStore } from './memory-store';
import { OUTBOX_IDENTIFIER_SYSTEM, type OutboxEntry } from './outbox-entry';
import type { OutboxEventMap } from './outbox';
import { fakeServer, loginKey, networkDown, signedIn } from './offline-test-helpers';

const wire = (request: RecordedRequest) => ({
  method: request.method,
  url: request.url,
  ifNoneExist: request.headers['If-None-Exist'],
  ifMatch: request.headers['If-Match'],
  authorization: request.headers.Authorization,
});
const observation = (value: number): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'Heart rate' },
  valueQuantity: { value, unit: '/min' },
});
const CONDITIONAL = new RegExp(`^identifier=${OUTBOX_IDENTIFIER_SYSTEM.replace(/[.]/g, '\\.')}\\|[0-9a-f-]{36}$`);

describe('the outbox', () => {
  it('keeps writes made offline and sends them in order, each once, when the network is back', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'male' });
    const { client, fhirRequests, token } = await signedIn(server.handle);
    server.state.offline = true;

    const vital = await client.createResource(observation(72));
    await client.updateResource({ resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'female' });
    await client.createResource({
      resourceType: 'Communication',
      status: 'in-progress',
      payload: [{ contentString: 'Hi' }],
    });

    // The first write tried the network once; the others queued behind it without trying.
    expect(fhirRequests().map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${FHIR}Observation`]);
    expect(vital.identifier).toEqual([{ system: OUTBOX_IDENTIFIER_SYSTEM, value: expect.any(String) }]);
    expect(client.outbox?.list().map((e) => [e.kind, e.state])).toEqual([
      ['create', 'pending'],
      ['update', 'pending'],
      ['create', 'pending'],
    ]);
    expect(client.outbox?.hasPending()).toBe(true);

    server.state.offline = false;
    const before = fhirRequests().length;
    await client.outbox?.flush();

    expect(fhirRequests().slice(before).map(wire)).toEqual([
      {
        method: 'POST',
        url: FHIR + 'Observation',
        ifNoneExist: expect.stringMatching(CONDITIONAL),
        ifMatch: undefined,
        authorization: `Bearer ${token}`,
      },
      {
        method: 'PUT',
        url: FHIR + 'Patient/1',
        ifNoneExist: undefined,
        ifMatch: 'W/"1"',
        authorization: `Bearer ${token}`,
      },
      {
        method: 'POST',
        url: FHIR + 'Communication',
        ifNoneExist: expect.stringMatching(CONDITIONAL),
        ifMatch: undefined,
        authorization: `Bearer ${token}`,
      },
    ]);
    expect(server.ofType('Observation')).toHaveLength(1);
    expect(server.ofType('Communication')).toHaveLength(1);
    expect(server.resources.get('Patient/1').gender).toBe('female');
    expect(client.outbox?.list().map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);
    expect(client.outbox?.list()[0].result).toMatchObject({ resourceType: 'Observation', id: '1' });
    expect(client.outbox?.hasPending()).toBe(false);
  });

  it('sends a create whose answer was lost again with the same identifier, and the server keeps one', async () => {
    const server = fakeServer();
    const { client, fhirRequests } = await signedIn(server.handle);
    server.state.loseAnswers = 1;

    const made = await client.createResource(observation(80));
    expect(server.ofType('Observation')).toHaveLength(1);
    expect(client.outbox?.list()[0].state).toBe('pending');

    await client.outbox?.flush();

    const posts = fhirRequests().filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers['If-None-Exist']).toBe(posts[0].headers['If-None-Exist']);
    expect(posts[1].headers['If-None-Exist']).toBe(
      `identifier=${OUTBOX_IDENTIFIER_SYSTEM}|${made.identifier?.[0].value}`
    );
    expect(JSON.parse(String(posts[1].body))).toEqual(JSON.parse(String(posts[0].body)));
    expect(server.ofType('Observation')).toHaveLength(1);
    expect(client.outbox?.list()[0]).toMatchObject({ state: 'sent', result: { id: '1' } });
  });

  it('sends a create whose answer was lost again after the tab was closed offline and reopened online', async () => {
    const server = fakeServer();
    const store = createMemoryStore();
    const first = await signedIn(server.handle, { store });
    server.state.loseAnswers = 1;
    await first.client.createResource(observation(90));
    // The page goes away offline; the next one opens with the same login and the same store.
    first.client.outbox?.close();

    const second = await signedIn(server.handle, { store, storage: first.storage });
    await second.client.outbox?.flush();

    const posts = [...first.fhirRequests(), ...second.fhirRequests()].filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['If-None-Exist'])).toEqual([
      posts[0].headers['If-None-Exist'],
      posts[0].headers['If-None-Exist'],
    ]);
    expect(server.ofType('Observation')).toHaveLength(1);
    expect(await store.list(loginKey(), 'outbox')).toEqual([]);
  });

  it('waits longer after each failed try, doubling up to the cap', async () => {
    vi.useFakeTimers();
    try {
      const times: number[] = [];
      const { client } = await signedIn(
        () => {
          times.push(Date.now());
          return networkDown();
        },
        { backoff: { base: 1000, max: 4000 } }
      );
      const start = Date.now();
      await client.createResource(observation(60));
      await vi.advanceTimersByTimeAsync(999);
      expect(times.map((t) => t - start)).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1 + 2000 + 4000 + 4000);
      expect(times.map((t) => t - start)).toEqual([0, 1000, 3000, 7000, 11000]);
      expect(client.outbox?.list()[0]).toMatchObject({ state: 'pending', attempts: 4 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries a 5xx later and sends the write once the server answers', async () => {
    vi.useFakeTimers();
    try {
      const server = fakeServer();
      const { client, fhirRequests } = await signedIn(server.handle, { backoff: { base: 1000 } });
      server.state.offline = true;
      await client.createResource(observation(61));
      server.state.offline = false;
      server.state.answerStatus = 503;
      await vi.advanceTimersByTimeAsync(1000);
      expect(fhirRequests()).toHaveLength(2);
      expect(client.outbox?.list()[0].state).toBe('pending');
      server.state.answerStatus = undefined;
      await vi.advanceTimersByTimeAsync(2000);
      expect(fhirRequests()).toHaveLength(3);
      expect(client.outbox?.list()[0].state).toBe('sent');
      expect(server.ofType('Observation')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops an update the server refuses with 412 as a conflict with both versions, and overwrites nothing', async () => {
    const server = fakeServer();
    const mine = { resourceType: 'Patient' as const, id: '1', meta: { versionId: '1' }, gender: 'female' as const };
    server.resources.set('Patient/1', { ...mine, gender: 'male' });
    const { client, fhirRequests, store } = await signedIn(server.handle);
    server.state.offline = true;
    await client.updateResource(mine);
    // Meanwhile someone else changed the patient on the server.
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '2' }, gender: 'other' });
    server.state.offline = false;
    const conflicts: OutboxEventMap['conflict'][] = [];
    client.outbox?.addEventListener('conflict', (event) => conflicts.push(event));

    await client.outbox?.flush();

    expect(
      fhirRequests()
        .slice(-2)
        .map((r) => `${r.method} ${r.url} ${r.headers['If-Match'] ?? ''}`)
    ).toEqual([`PUT ${FHIR}Patient/1 W/"1"`, `GET ${FHIR}Patient/1 `]);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].local).toEqual(mine);
    expect(conflicts[0].server).toMatchObject({ meta: { versionId: '2' }, gender: 'other' });
    expect(server.resources.get('Patient/1').gender).toBe('other');
    expect(client.outbox?.list()[0]).toMatchObject({ state: 'conflict', conflict: { local: mine } });
    // Still on the device, and still unsent: sign-out must ask.
    expect(await store.list<OutboxEntry>(loginKey(), 'outbox')).toMatchObject([{ state: 'conflict' }]);
    expect(client.outbox?.hasPending()).toBe(true);
  });

  it('counts its own update, applied before the answer was lost, as sent rather than a conflict', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'male' });
    const { client } = await signedIn(server.handle);
    const conflicts: unknown[] = [];
    client.outbox?.addEventListener('conflict', (event) => conflicts.push(event));
    server.state.loseAnswers = 1;
    await client.updateResource({ resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'female' });
    await client.outbox?.flush();
    expect(conflicts).toEqual([]);
    expect(client.outbox?.list()[0]).toMatchObject({ state: 'sent', result: { meta: { versionId: '2' } } });
    expect(server.resources.get('Patient/1').meta.versionId).toBe('2');
  });

  it('sends a second offline update of the same resource over the version the first one made', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'male' });
    const { client, fhirRequests } = await signedIn(server.handle);
    server.state.offline = true;
    await client.updateResource({ resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'female' });
    await client.updateResource({ resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'other' });
    server.state.offline = false;
    await client.outbox?.flush();
    expect(
      fhirRequests()
        .slice(-2)
        .map((r) => r.headers['If-Match'])
    ).toEqual(['W/"1"', 'W/"2"']);
    expect(server.resources.get('Patient/1')).toMatchObject({ gender: 'other', meta: { versionId: '3' } });
    expect(client.outbox?.list().map((e) => e.state)).toEqual(['sent', 'sent']);
  });

  it('drops a write the server refuses with a 4xx, reports it, and goes on with the next', async () => {
    const server = fakeServer();
    const { client, store, fhirRequests } = await signedIn((request) =>
      request.url === FHIR + 'Observation' && !server.state.offline
        ? new Response(
            JSON.stringify({
              resourceType: 'OperationOutcome',
              issue: [{ severity: 'error', code: 'invalid', details: { text: 'Missing code' } }],
            }),
            {
              status: 400,
              headers: { 'content-type': 'application/fhir+json' },
            }
          )
        : server.handle(request)
    );
    server.state.offline = true;
    await client.createResource(observation(1));
    await client.createResource({ resourceType: 'Communication', status: 'in-progress' });
    server.state.offline = false;
    const errors: OutboxEventMap['error'][] = [];
    client.outbox?.addEventListener('error', (event) => errors.push(event));

    await client.outbox?.flush();

    expect(errors.map((e) => e.entry.url)).toEqual([FHIR + 'Observation']);
    expect(client.outbox?.list().map((e) => [e.resourceType, e.state, e.error])).toEqual([
      ['Observation', 'failed', 'Missing code'],
      ['Communication', 'sent', undefined],
    ]);
    expect(fhirRequests().filter((r) => r.method === 'POST' && r.url === FHIR + 'Observation')).toHaveLength(2);
    expect(await store.list(loginKey(), 'outbox')).toEqual([]);
    expect(client.outbox?.hasPending()).toBe(false);
  });

  it('gives a write that fails with a 4xx while online straight back to the caller, without queuing it', async () => {
    const { client } = await signedIn(
      () => new Response('{}', { status: 403, headers: { 'content-type': 'application/json' } })
    );
    await expect(client.createResource(observation(2))).rejects.toThrow();
    expect(client.outbox?.list()).toEqual([]);
  });
});
