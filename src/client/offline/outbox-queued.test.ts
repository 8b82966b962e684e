import 'fake-indexeddb/auto';
import type { Observation, QuestionnaireResponse } from '../../fhir/types';
import { FHIR } from '../test-helpers';
import { createIndexedDbStore } from './indexeddb-store';
import { OUTBOX_IDENTIFIER_SYSTEM, type OutboxEntry } from './outbox-entry';
import { fakeServer, loginKey, settle, signedIn } from './offline-test-helpers';

const draft = (answer: string, identifier?: QuestionnaireResponse['identifier']): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  status: 'in-progress',
  ...(identifier ? { identifier } : {}),
  item: [{ linkId: 'q1', answer: [{ valueString: answer }] }],
});

describe('queued writes', () => {
  it('tells which answered value waits in the outbox, by the object and by a copy of a create', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle);
    server.state.offline = true;
    const vital: Observation = await client.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Heart rate' },
    });

    expect(client.queuedEntry(vital)).toMatchObject({ kind: 'create', state: 'pending' });
    expect(client.isQueued(vital)).toBe(true);
    expect(client.isQueued(structuredClone(vital))).toBe(true);
    expect(client.isQueued({ resourceType: 'Observation' })).toBe(false);
    expect(client.isQueued(undefined)).toBe(false);

    server.state.offline = false;
    await client.outbox?.flush();
    expect(client.queuedEntry(vital)?.state).toBe('sent');
    expect(client.isQueued(vital)).toBe(false);
  });

  it('keeps a draft saved ten times offline as one create, sent once with the last body', async () => {
    const server = fakeServer();
    const { client, fhirRequests, store } = await signedIn(server.handle);
    server.state.offline = true;
    let saved = await client.createResource(draft('v1'));
    const identifier = saved.identifier;
    // One Identifier, not a list: QuestionnaireResponse.identifier is 0..1 in R4.
    expect(identifier).toEqual({ system: OUTBOX_IDENTIFIER_SYSTEM, value: expect.any(String) });
    for (let i = 2; i <= 10; i++) saved = await client.createResource(draft(`v${i}`, identifier));

    expect(client.outbox?.list()).toHaveLength(1);
    expect(client.isQueued(saved)).toBe(true);
    // Replaced on the device too, so a reload sends the last draft.
    const stored = await store.list<OutboxEntry>(loginKey(), 'outbox');
    expect(stored.map((entry) => (entry.body as QuestionnaireResponse).item?.[0].answer?.[0].valueString)).toEqual([
      'v10',
    ]);

    server.state.offline = false;
    const before = fhirRequests().length;
    await client.outbox?.flush();

    const posts = fhirRequests()
      .slice(before)
      .filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0].body)).item[0].answer[0].valueString).toBe('v10');
    expect(server.ofType('QuestionnaireResponse')).toHaveLength(1);
  });

  it("resolves a conflict with 'mine': the local content goes again with If-Match of the server's version", async () => {
    const server = fakeServer();
    const mine = { resourceType: 'Patient' as const, id: '1', meta: { versionId: '1' }, gender: 'female' as const };
    server.resources.set('Patient/1', { ...mine, gender: 'male' });
    const { client, fhirRequests } = await signedIn(server.handle);
    server.state.offline = true;
    await client.updateResource(mine);
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '2' }, gender: 'other' });
    server.state.offline = false;
    await client.outbox?.flush();
    const entry = client.outbox?.list()[0] as OutboxEntry;
    expect(entry.state).toBe('conflict');

    const before = fhirRequests().length;
    await client.outbox?.resolveConflict(entry.id, 'mine');

    const sent = fhirRequests().slice(before);
    expect(sent.map((r) => `${r.method} ${r.url} ${r.headers['If-Match']}`)).toEqual([`PUT ${FHIR}Patient/1 W/"2"`]);
    expect(JSON.parse(String(sent[0].body)).gender).toBe('female');
    expect(server.resources.get('Patient/1')).toMatchObject({ gender: 'female', meta: { versionId: '3' } });
    expect(client.outbox?.list().map((e) => e.state)).toEqual(['sent']);
  });

  it("resolves a conflict with 'theirs': nothing is sent and the cached copy is dropped", async () => {
    const server = fakeServer();
    const mine = { resourceType: 'Patient' as const, id: '1', meta: { versionId: '1' }, gender: 'female' as const };
    server.resources.set('Patient/1', { ...mine, gender: 'male' });
    const { client, fhirRequests, store } = await signedIn(server.handle);
    await client.readResource('Patient', '1');
    server.state.offline = true;
    await client.updateResource(mine);
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '2' }, gender: 'other' });
    server.state.offline = false;
    await client.outbox?.flush();
    const entry = client.outbox?.list()[0] as OutboxEntry;

    const before = fhirRequests().length;
    await client.outbox?.resolveConflict(entry.id, 'theirs');

    expect(fhirRequests().slice(before)).toEqual([]);
    expect(client.outbox?.list()).toEqual([]);
    expect(await store.list(loginKey(), 'outbox')).toEqual([]);
    expect(client.getCached('Patient', '1')).toBeUndefined();
    expect((await client.readResource('Patient', '1')).gender).toBe('other');
  });

  it('leaves no IndexedDB database once the last login signs out', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle, { store: createIndexedDbStore('signed-out') });
    server.state.offline = true;
    await client.createResource<Observation>({ resourceType: 'Observation', status: 'final', code: { text: 'x' } });
    expect((await indexedDB.databases()).map((db) => db.name)).toContain('signed-out');

    await client.signOut();
    await settle();

    expect(await indexedDB.databases()).toEqual([]);
  });
});
