import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, backends, createAccount, startTestServer, type TestServer } from './test-server';

describe.each(backends())('batch and transaction Bundles (%s)', (backend) => {
  let server: TestServer;
  let api: ReturnType<typeof apiFor>;
  const changes: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    api = apiFor(server, (await createAccount(server, 'Practitioner')).token);
    (server.ctx as any).addChangeListener((r: any, a: string) => changes.push(`${a} ${r.resourceType}/${r.id}`));
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
    const res = await api('POST', '', {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        { request: { method: 'POST', url: 'Organization' }, resource: { resourceType: 'Organization', name: 'B1' } },
        { request: { method: 'GET', url: 'Organization/missing' } },
        { request: { method: 'GET', url: 'Organization?name=B1' } },
        { request: { method: 'POST', url: 'Observation' }, resource: { resourceType: 'Observation' } },
      ],
    });
    expect(res.status).toBe(200);
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
    const res = await api('POST', '', {
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
    });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('transaction-response');
    const [obs, pat] = res.body.entry;
    expect(obs.response.status).toBe('201 Created');
    expect(obs.resource.subject.reference).toBe(`Patient/${pat.resource.id}`);
    expect((await api('GET', `Observation?subject=Patient/${pat.resource.id}`)).body.entry).toHaveLength(1);
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
    const booking = (version: string, family: string) => ({
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
      const res = await api('POST', '', booking(slotVersion, 'first'));
      expect(res.status).toBe(200);
      expect(res.body.entry[1].resource.status).toBe('busy');
      expect(changes.some((c) => c.startsWith('create Appointment/'))).toBe(true);
      expect(changes).toContain('update Slot/slot-1');
    });
    it('fails the whole transaction with 412 when the version is stale, writing nothing', async () => {
      changes.length = 0;
      const res = await api('POST', '', booking(slotVersion, 'second'));
      expect(res.status).toBe(412);
      expect(res.body.resourceType).toBe('OperationOutcome');
      const appts = await api('GET', 'Appointment?slot=Slot/slot-1&_total=accurate');
      expect(appts.body.total).toBe(1);
      expect(appts.body.entry[0].resource.description).toBe('first');
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
      const current = (await api('GET', 'Slot/slot-1')).body.meta.versionId;
      const results = await Promise.all([
        api('POST', '', booking(current, 'c1')),
        api('POST', '', booking(current, 'c2')),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    });
  });

  it('rolls back everything when one entry is invalid', async () => {
    const res = await api('POST', '', {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          request: { method: 'POST', url: 'Organization' },
          resource: { resourceType: 'Organization', name: 'Rollback' },
        },
        { request: { method: 'POST', url: 'Observation' }, resource: { resourceType: 'Observation', status: 'final' } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].details.text).toBe('Missing required property: code');
    expect((await api('GET', 'Organization?name=Rollback')).body.entry).toHaveLength(0);
  });

  it('rejects a Bundle of the wrong type and a nested Bundle', async () => {
    expect((await api('POST', '', { resourceType: 'Bundle', type: 'collection' })).status).toBe(400);
    expect((await api('POST', '', { resourceType: 'Patient' })).status).toBe(400);
    const nested = await api('POST', '', {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [{ request: { method: 'POST', url: '' }, resource: { resourceType: 'Bundle', type: 'batch' } }],
    });
    expect(nested.body.entry[0].response.status).toMatch(/^400/);
  });

  it('applies PATCH entries given as Binary', async () => {
    const org = await api('POST', 'Organization', { resourceType: 'Organization', name: 'Before' });
    const patch = Buffer.from(JSON.stringify([{ op: 'replace', path: '/name', value: 'After' }])).toString('base64');
    const res = await api('POST', '', {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          request: { method: 'PATCH', url: `Organization/${org.body.id}` },
          resource: { resourceType: 'Binary', contentType: 'application/json-patch+json', data: patch },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.entry[0].resource.name).toBe('After');
  });
});
