import { OUTBOX_IDENTIFIER_SYSTEM, type QuestionnaireResponse } from 'fhir-portal-kit';
import { offlineClient } from '../offline/offline-test-client';
import { createDraftSaver, outboxIdentifier, type DraftWriter } from './draft-saves';

const draft = (answer: string, status: QuestionnaireResponse['status'] = 'in-progress'): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  status,
  item: [{ linkId: 'q', answer: [{ valueString: answer }] }],
});

/** A client whose creates are kept on the device (as the outbox answers them) while `offline`. */
function fakeClient() {
  const calls: Array<[string, QuestionnaireResponse]> = [];
  let n = 0;
  const state = { offline: true };
  const client: DraftWriter = {
    async createResource(resource) {
      calls.push(['create', resource]);
      if (state.offline) {
        const mine = outboxIdentifier(resource) ?? { system: OUTBOX_IDENTIFIER_SYSTEM, value: `o-${++n}` };
        return { ...resource, identifier: [mine] } as unknown as QuestionnaireResponse;
      }
      return { ...resource, id: 'qr-1', meta: { versionId: '1' } };
    },
    async updateResource(resource) {
      calls.push(['update', resource]);
      return { ...resource, meta: { versionId: '2' } };
    },
  };
  return { client, calls, state };
}

describe('the questionnaire draft saves', () => {
  it('creates offline with the identifier the first queued create answered, so the client coalesces them', async () => {
    const { client, calls } = fakeClient();
    const save = createDraftSaver(client);
    await save(draft('a'));
    await save(draft('ab'));
    await save(draft('abc', 'completed'));
    expect(calls.map(([kind]) => kind)).toEqual(['create', 'create', 'create']);
    expect(calls.map(([, body]) => outboxIdentifier(body)?.value)).toEqual([undefined, 'o-1', 'o-1']);
    expect(calls[2][1].status).toBe('completed');
  });

  it('updates by id once the server has the draft', async () => {
    const { client, calls, state } = fakeClient();
    state.offline = false;
    const save = createDraftSaver(client);
    const created = await save(draft('a'));
    await save({ ...draft('ab'), id: created.id });
    expect(calls.map(([kind, body]) => [kind, body.id])).toEqual([
      ['create', undefined],
      ['update', 'qr-1'],
    ]);
  });

  it("writes the latest answers over the server's copy when the queued create was sent meanwhile", async () => {
    const { client, calls, state } = fakeClient();
    const save = createDraftSaver(client);
    await save(draft('a'));
    // Back online: the outbox sent 'a'; this create (same identifier) gets the server's copy back.
    state.offline = false;
    client.createResource = async (resource) => {
      calls.push(['create', resource]);
      return { ...draft('a'), id: 'qr-1', meta: { versionId: '1' } };
    };
    const saved = await save(draft('ab'));
    expect(calls.map(([kind]) => kind)).toEqual(['create', 'create', 'update']);
    expect(calls[2][1]).toMatchObject({ id: 'qr-1', item: draft('ab').item });
    expect(saved.id).toBe('qr-1');
  });
});

describe('the draft saves through the client offline', () => {
  it('sends a questionnaire saved three times and submitted offline as one create, completed', async () => {
    let next = 0;
    const { client, network, requests, json } = await offlineClient((request) =>
      request.method === 'POST'
        ? json({ ...(request.body as object), id: `qr-${++next}`, meta: { versionId: '1' } }, 201)
        : json({}, 404)
    );
    const save = createDraftSaver(client);
    network.down = true;
    const first = await save(draft('a'));
    expect(first.id).toBeUndefined();
    expect(client.isQueued(first)).toBe(true);
    await save(draft('ab'));
    const submitted = await save(draft('abc', 'completed'));
    expect(client.isQueued(submitted)).toBe(true);
    expect(requests).toEqual([]);

    network.down = false;
    await client.outbox?.flush();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({ status: 'completed', item: draft('abc').item });
    expect(client.isQueued(submitted)).toBe(false);
  });
});
