import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../../../src/client';
import {
  apiFor,
  backends,
  clientFor,
  createAccount,
  failure,
  startTestServer,
  type TestServer,
} from '../test/test-server';

describe.each(backends())('batch and transaction Bundles (%s)', (backend) => {
  let server: TestServer;
  let client: FhirClient;
  /** Raw fetch, where the HTTP status itself is what is checked. */
  let api: ReturnType<typeof apiFor>;
  const changes: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    const token = (await createAccount(server, 'Practitioner')).token;
    client = clientFor(server, token);
    api = apiFor(server, token);
    server.ctx.addChangeListener((r, a) => changes.push(`${a} ${r.resourceType}/${r.id}`));
    await server.ctx.systemRepo.updateResource({
      resourceType: 'Schedule',
      id: 'sch',
      actor: [{ reference: 'Practitioner/p1' }],
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('runs a batch: each entry on its own, failures reported per entry', async () => {
    const body = await client.executeBatch({
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        { request: { method: 'POST', url: 'Organization' }, resource: { resourceType: 'Organization', name: 'B1' } },
        { request: { method: 'GET', url: 'Organization/missing' } },
        { request: { method: 'GET', url: 'Organization?name=B1' } },
        { request: { method: 'POST', url: 'Observation' }, resource: { resourceType: 'Observation' } as any },
      ],
    });
    const res = { body: body as any };
    expect(res.body.type).toBe('batch-response');
    expect(res.body.entry.map((e: any) => e.response.status)).toEqual([
      '201 Created',
      '404 Not Found',
      '200 OK',
      '400 Bad Request',
    ]);
    expect(res.body.entry[2].resource.entry[0].resource.name).toBe('B1');
    expect(res.body.entry[3].response.outcome.resourceType).toBe('OperationOutcome');
  });

  it('runs a transaction with urn:uuid references resolved', async () => {
    const body = await client.executeBatch({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:obs',
          request: { method: 'POST', url: 'Observation' },
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { text: 'x' },
            subject: { reference: 'urn:uuid:pat' },
          },
        },
        {
          fullUrl: 'urn:uuid:pat',
          request: { method: 'POST', url: 'Patient' },
          resource: { resourceType: 'Patient', name: [{ family: 'Tx' }] },
        },
      ],
    } as any);
    expect(body.type).toBe('transaction-response');
    const [obs, pat] = body.entry as any[];
    expect(obs.response.status).toBe('201 Created');
    expect(obs.resource.subject.reference).toBe(`Patient/${pat.resource.id}`);
    expect((await client.search('Observation', { subject: `Patient/${pat.resource.id}` })).entry).toHaveLength(1);
  });

  describe('when a booking transaction carries If-Match', () => {
    let slotVersion: string;
    beforeAll(async () => {
      const slot: any = await server.ctx.systemRepo.updateResource({
        resourceType: 'Slot',
        id: 'slot-1',
        schedule: { reference: 'Schedule/sch' },
        status: 'free',
        start: '2030-01-01T09:00:00Z',
        end: '2030-01-01T09:30:00Z',
      });
      slotVersion = slot.meta.versionId;
    });
    const booking = (version: string, family: string): any => ({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:appt',
          request: { method: 'POST', url: 'Appointment' },
          resource: {
            resourceType: 'Appointment',
            status: 'booked',
            description: family,
            slot: [{ reference: 'Slot/slot-1' }],
            participant: [{ actor: { reference: 'Practitioner/p1' }, status: 'accepted' }],
          },
        },
        {
          request: { method: 'PUT', url: 'Slot/slot-1', ifMatch: `W/"${version}"` },
          resource: {
            resourceType: 'Slot',
            id: 'slot-1',
            schedule: { reference: 'Schedule/sch' },
            status: 'busy',
            start: '2030-01-01T09:00:00Z',
            end: '2030-01-01T09:30:00Z',
          },
        },
      ],
    });
    it('commits both writes when the version is current', async () => {
      changes.length = 0;
      const body: any = await client.executeBatch(booking(slotVersion, 'first'));
      expect(body.type).toBe('transaction-response');
      expect(body.entry[1].resource.status).toBe('busy');
      expect(changes.some((c) => c.startsWith('create Appointment/'))).toBe(true);
      expect(changes).toContain('update Slot/slot-1');
    });
    it('fails the whole transaction with 412 when the version is stale, writing nothing', async () => {
      changes.length = 0;
      const res = await failure(client.executeBatch(booking(slotVersion, 'second')));
      expect(res.status).toBe(412);
      expect(res.text).toMatch(/If-Match asked for/);
      expect((await api('POST', '', booking(slotVersion, 'second'))).status).toBe(412);
      const appts = await client.search('Appointment', 'slot=Slot/slot-1&_total=accurate');
      expect(appts.total).toBe(1);
      expect(appts.entry![0].resource!.description).toBe('first');
      expect(changes).toEqual([]);
    });
    it('lets only one of two concurrent bookings win', async () => {
      await server.ctx.systemRepo.updateResource({
        resourceType: 'Slot',
        id: 'slot-1',
        schedule: { reference: 'Schedule/sch' },
        status: 'free',
        start: '2030-01-01T09:00:00Z',
        end: '2030-01-01T09:30:00Z',
      });
      const current = (await client.readResource('Slot', 'slot-1')).meta!.versionId!;
      const results = await Promise.allSettled([
        client.executeBatch(booking(current, 'c1')),
        client.executeBatch(booking(current, 'c2')),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect((await failure(Promise.reject(lost.reason))).status).toBe(412);
    });
  });

  it('rolls back everything when one entry is invalid', async () => {
    const res = await failure(
      client.executeBatch({
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            request: { method: 'POST', url: 'Organization' },
            resource: { resourceType: 'Organization', name: 'Rollback' },
          },
          {
            request: { method: 'POST', url: 'Observation' },
            resource: { resourceType: 'Observation', status: 'final' },
          },
        ],
      } as any)
    );
    expect(res.status).toBe(400);
    expect(res.text).toBe('Missing required property: code');
    expect((await client.search('Organization', { name: 'Rollback' })).entry).toHaveLength(0);
  });

  it('rejects a Bundle of the wrong type and a nested Bundle', async () => {
    const collection = await failure(client.executeBatch({ resourceType: 'Bundle', type: 'collection' }));
    expect(collection.status).toBe(400);
    const patient = await failure(client.post(client.fhirUrl(), { resourceType: 'Patient' }));
    expect(patient.status).toBe(400);
    expect(patient.text).toBe('Expected a Bundle');
    const nested: any = await client.executeBatch({
      resourceType: 'Bundle',
      type: 'batch',
      entry: [{ request: { method: 'POST', url: '' }, resource: { resourceType: 'Bundle', type: 'batch' } }],
    } as any);
    expect(nested.entry[0].response.status).toMatch(/^400/);
  });

  it('applies PATCH entries given as Binary', async () => {
    const org = await client.createResource<any>({ resourceType: 'Organization', name: 'Before' });
    const patch = Buffer.from(JSON.stringify([{ op: 'replace', path: '/name', value: 'After' }])).toString('base64');
    const body: any = await client.executeBatch({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          request: { method: 'PATCH', url: `Organization/${org.id}` },
          resource: { resourceType: 'Binary', contentType: 'application/json-patch+json', data: patch },
        },
      ],
    } as any);
    expect(body.type).toBe('transaction-response');
    expect(body.entry[0].resource.name).toBe('After');
  });
});
