// Issue 24: an offline outbox replays an update with the If-Match of the version it was made
// over. On every path that changes a resource (PUT, PUT by search, PATCH, DELETE, and each of
// them inside a batch or a transaction Bundle) a stale If-Match must answer 412 with an
// OperationOutcome and write nothing, so a replay never overwrites what changed on the server
// meanwhile; a malformed one answers 400; the current version goes through.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, backends, createAccount, startTestServer, type TestServer } from '../test/test-server';

const SYSTEM = 'urn:test:if-match';

/** One resource at version 2, so W/"1" is stale. */
interface Target {
  id: string;
  value: string;
}

/** What a path answered: its status and OperationOutcome (a batch entry's, or the request's). */
interface Answer {
  status: number;
  outcome?: any;
}

type Path = (target: Target, ifMatch: unknown) => Promise<Answer>;

describe.each(backends())('If-Match on every update path (%s)', (backend) => {
  let server: TestServer;
  let api: ReturnType<typeof apiFor>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    api = apiFor(server, (await createAccount(server, 'Practitioner')).token);
  }, 120_000);
  afterAll(async () => {
    await server?.destroy();
  });

  const body = (target: Target, kg: number) => ({
    resourceType: 'Observation',
    id: target.id,
    status: 'final',
    identifier: [{ system: SYSTEM, value: target.value }],
    code: { text: 'Weight' },
    valueQuantity: { value: kg, unit: 'kg' },
  });
  const patch = [{ op: 'replace', path: '/valueQuantity/value', value: 99 }];

  /** An Observation written twice (versions 1 and 2), 71 kg. */
  async function target(): Promise<Target> {
    const value = randomUUID();
    const first = await api('POST', 'Observation', { ...body({ id: '', value }, 70), id: undefined });
    expect(first.status).toBe(201);
    const t = { id: first.body.id as string, value };
    expect((await api('PUT', `Observation/${t.id}`, body(t, 71))).status).toBe(200);
    return t;
  }

  const direct = (answer: { status: number; body: any }): Answer => ({ status: answer.status, outcome: answer.body });

  /** A Bundle of one entry; answers the entry's status and outcome (batch) or the Bundle's (transaction). */
  async function inBundle(type: 'batch' | 'transaction', request: any, resource?: unknown): Promise<Answer> {
    const res = await api('POST', '', { resourceType: 'Bundle', type, entry: [{ request, resource }] });
    if (type === 'transaction' && res.status !== 200) return direct(res);
    const entry = res.body.entry[0].response;
    return { status: Number(entry.status.split(' ')[0]), outcome: entry.outcome };
  }

  const patchBinary = {
    resourceType: 'Binary',
    contentType: 'application/json-patch+json',
    data: Buffer.from(JSON.stringify(patch)).toString('base64'),
  };

  const paths: Record<string, Path> = {
    PUT: async (t, ifMatch) =>
      direct(await api('PUT', `Observation/${t.id}`, body(t, 99), { 'If-Match': String(ifMatch) })),
    'PUT by search': async (t, ifMatch) =>
      direct(
        await api(
          'PUT',
          `Observation?identifier=${SYSTEM}|${t.value}`,
          { ...body(t, 99), id: undefined },
          {
            'If-Match': String(ifMatch),
          }
        )
      ),
    PATCH: async (t, ifMatch) =>
      direct(
        await api('PATCH', `Observation/${t.id}`, patch, {
          'If-Match': String(ifMatch),
          'Content-Type': 'application/json-patch+json',
        })
      ),
    DELETE: async (t, ifMatch) =>
      direct(await api('DELETE', `Observation/${t.id}`, undefined, { 'If-Match': String(ifMatch) })),
  };
  for (const type of ['batch', 'transaction'] as const) {
    paths[`${type} PUT`] = (t, ifMatch) =>
      inBundle(type, { method: 'PUT', url: `Observation/${t.id}`, ifMatch }, body(t, 99));
    paths[`${type} PUT by search`] = (t, ifMatch) =>
      inBundle(
        type,
        { method: 'PUT', url: `Observation?identifier=${SYSTEM}|${t.value}`, ifMatch },
        { ...body(t, 99), id: undefined }
      );
    paths[`${type} PATCH`] = (t, ifMatch) =>
      inBundle(type, { method: 'PATCH', url: `Observation/${t.id}`, ifMatch }, patchBinary);
    paths[`${type} DELETE`] = (t, ifMatch) => inBundle(type, { method: 'DELETE', url: `Observation/${t.id}`, ifMatch });
  }

  /** The resource is still version 2 at 71 kg, with two versions in its history. */
  async function untouched(t: Target): Promise<void> {
    const read = await api('GET', `Observation/${t.id}`);
    expect(read.status).toBe(200);
    expect(read.body.meta.versionId).toBe('2');
    expect(read.body.valueQuantity.value).toBe(71);
    expect((await api('GET', `Observation/${t.id}/_history`)).body.entry).toHaveLength(2);
  }

  for (const [name, send] of Object.entries(paths)) {
    describe(name, () => {
      it('answers 412 with an OperationOutcome to a stale If-Match and writes nothing', async () => {
        const t = await target();
        for (const stale of ['W/"1"', '"1"', '1', 'W/"3"']) {
          const answer = await send(t, stale);
          expect(answer.status).toBe(412);
          expect(answer.outcome?.resourceType).toBe('OperationOutcome');
        }
        await untouched(t);
      });

      it('answers 400 to a malformed If-Match and writes nothing', async () => {
        const t = await target();
        for (const malformed of ['W/"2', '*', '"1", "2"', 'W/""', ...(/^(batch|transaction)/.test(name) ? [2] : [])]) {
          const answer = await send(t, malformed);
          expect(answer.status, `If-Match ${JSON.stringify(malformed)}`).toBe(400);
          expect(answer.outcome?.resourceType).toBe('OperationOutcome');
        }
        await untouched(t);
      });

      it('writes with the current version', async () => {
        const t = await target();
        const answer = await send(t, 'W/"2"');
        expect(answer.status).toBe(200);
        const read = await api('GET', `Observation/${t.id}`);
        if (name.endsWith('DELETE')) expect(read.status).toBe(410);
        else expect([read.body.meta.versionId, read.body.valueQuantity.value]).toEqual(['3', 99]);
      });
    });
  }

  it('answers 412 to a DELETE with If-Match of a resource already deleted', async () => {
    const t = await target();
    expect((await api('DELETE', `Observation/${t.id}`)).status).toBe(200);
    const again = await api('DELETE', `Observation/${t.id}`, undefined, { 'If-Match': 'W/"2"' });
    expect(again.status).toBe(412);
    expect(again.body.resourceType).toBe('OperationOutcome');
    expect((await api('GET', `Observation/${t.id}/_history`)).body.entry).toHaveLength(3);
  });

  it('answers 412 to a PUT by search with If-Match that matches nothing, creating nothing', async () => {
    const value = randomUUID();
    const res = await api(
      'PUT',
      `Observation?identifier=${SYSTEM}|${value}`,
      { ...body({ id: '', value }, 80), id: undefined },
      { 'If-Match': 'W/"1"' }
    );
    expect(res.status).toBe(412);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect((await api('GET', `Observation?identifier=${SYSTEM}|${value}`)).body.entry ?? []).toHaveLength(0);
  });
});
