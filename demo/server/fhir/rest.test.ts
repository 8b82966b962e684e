import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, backends, createAccount, restartTestServer, startTestServer, type TestServer } from './test-server';

describe.each(backends())('FHIR REST (%s)', (backend) => {
  let server: TestServer;
  let api: ReturnType<typeof apiFor>;
  const changes: [string, string][] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    const doctor = await createAccount(server, 'Practitioner');
    api = apiFor(server, doctor.token);
    (server.ctx as any).addChangeListener((r: any, a: string) => changes.push([`${r.resourceType}/${r.id}`, a]));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers the healthcheck and metadata without auth', async () => {
    const health = await fetch(`${server.url}healthcheck`);
    expect(await health.json()).toEqual({ ok: true });
    const meta = await apiFor(server)('GET', 'metadata');
    expect(meta.status).toBe(200);
    expect(meta.body.resourceType).toBe('CapabilityStatement');
    const slot = meta.body.rest[0].resource.find((r: any) => r.type === 'Slot');
    expect(slot.searchParam.map((p: any) => p.name)).toEqual(expect.arrayContaining(['schedule', 'start', 'status']));
  });

  it('answers 401 without a token and with a bad token, on every path', async () => {
    const anonymous = apiFor(server);
    for (const [method, url, body] of [
      ['GET', 'Patient'],
      ['GET', 'Patient/1'],
      ['GET', 'Patient/1/_history'],
      ['POST', 'Patient', { resourceType: 'Patient' }],
      ['POST', '', { resourceType: 'Bundle', type: 'batch', entry: [] }],
      ['GET', 'ValueSet/$expand?url=x'],
      ['GET', 'Binary/1'],
    ] as const) {
      const res = await anonymous(method, url, body);
      expect(res.status).toBe(401);
      expect(res.body.resourceType).toBe('OperationOutcome');
    }
    const bad = await apiFor(server, 'not-a-token')('GET', 'Patient');
    expect(bad.status).toBe(401);
    expect(bad.body.resourceType).toBe('OperationOutcome');
  });

  describe('when a resource is created, read, updated and deleted', () => {
    let id: string;
    it('creates with 201, Location, ETag and meta', async () => {
      const res = await api('POST', 'Patient', {
        resourceType: 'Patient',
        id: 'ignored',
        name: [{ family: 'Smith', given: ['Anna'] }],
      });
      expect(res.status).toBe(201);
      id = res.body.id;
      expect(id).not.toBe('ignored');
      expect(res.body.meta.versionId).toBe('1');
      expect(res.body.meta.lastUpdated).toBeTruthy();
      expect(res.headers.get('etag')).toBe('W/"1"');
      expect(res.headers.get('location')).toBe(`${server.url}fhir/R4/Patient/${id}/_history/1`);
      expect(changes).toContainEqual([`Patient/${id}`, 'create']);
    });
    it('reads it back', async () => {
      const res = await api('GET', `Patient/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.name[0].family).toBe('Smith');
    });
    it('updates with If-Match and refuses a stale version with 412', async () => {
      const ok = await api(
        'PUT',
        `Patient/${id}`,
        { resourceType: 'Patient', id, name: [{ family: 'Jones' }] },
        { 'If-Match': 'W/"1"' }
      );
      expect(ok.status).toBe(200);
      expect(ok.body.meta.versionId).toBe('2');
      const stale = await api(
        'PUT',
        `Patient/${id}`,
        { resourceType: 'Patient', id, name: [{ family: 'Stale' }] },
        { 'If-Match': 'W/"1"' }
      );
      expect(stale.status).toBe(412);
      expect(stale.body.resourceType).toBe('OperationOutcome');
      expect((await api('GET', `Patient/${id}`)).body.name[0].family).toBe('Jones');
    });
    it('reads a version and the history', async () => {
      const v1 = await api('GET', `Patient/${id}/_history/1`);
      expect(v1.body.name[0].family).toBe('Smith');
      const history = await api('GET', `Patient/${id}/_history`);
      expect(history.body.type).toBe('history');
      expect(history.body.total).toBe(2);
      expect(history.body.entry.map((e: any) => e.resource.meta.versionId)).toEqual(['2', '1']);
      const paged = await api('GET', `Patient/${id}/_history?_count=1&_offset=1`);
      expect(paged.body.entry).toHaveLength(1);
      expect(paged.body.entry[0].resource.meta.versionId).toBe('1');
      const typeHistory = await api('GET', `Patient/_history?_count=50`);
      expect(typeHistory.body.entry.some((e: any) => e.resource?.id === id)).toBe(true);
    });
    it('patches with JSON Patch', async () => {
      const res = await api('PATCH', `Patient/${id}`, [{ op: 'replace', path: '/name/0/family', value: 'Patched' }], {
        'Content-Type': 'application/json-patch+json',
      });
      expect(res.status).toBe(200);
      expect(res.body.name[0].family).toBe('Patched');
      expect(res.body.meta.versionId).toBe('3');
      const bad = await api('PATCH', `Patient/${id}`, [{ op: 'replace', path: '/nothing/here', value: 1 }], {
        'Content-Type': 'application/json-patch+json',
      });
      expect(bad.status).toBe(400);
      const idChange = await api('PATCH', `Patient/${id}`, [{ op: 'replace', path: '/id', value: 'other' }], {
        'Content-Type': 'application/json-patch+json',
      });
      expect(idChange.status).toBe(400);
    });
    it('deletes: read answers 410, history keeps the versions', async () => {
      expect((await api('DELETE', `Patient/${id}`)).status).toBe(200);
      expect((await api('GET', `Patient/${id}`)).status).toBe(410);
      expect((await api('GET', `Patient/${id}/_history/1`)).status).toBe(200);
      const search = await api('GET', `Patient?_id=${id}`);
      expect(search.body.entry).toHaveLength(0);
      expect(changes).toContainEqual([`Patient/${id}`, 'delete']);
    });
    it('answers 404 for a resource that never existed', async () => {
      const res = await api('GET', 'Patient/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.body.issue[0].details.text).toBe('Not found');
    });
  });

  it('creates conditionally with If-None-Exist', async () => {
    const body = { resourceType: 'Organization', name: 'Acme', identifier: [{ system: 'urn:test', value: 'acme-1' }] };
    const first = await api('POST', 'Organization', body, { 'If-None-Exist': 'identifier=urn:test|acme-1' });
    expect(first.status).toBe(201);
    const second = await api('POST', 'Organization', body, { 'If-None-Exist': 'identifier=urn:test|acme-1' });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('updates conditionally with PUT Type?search (create, then update)', async () => {
    const body = { resourceType: 'Organization', name: 'Cond', identifier: [{ system: 'urn:test', value: 'cond-1' }] };
    const created = await api('PUT', 'Organization?identifier=urn:test|cond-1', body);
    expect(created.status).toBe(201);
    const updated = await api('PUT', 'Organization?identifier=urn:test|cond-1', { ...body, name: 'Cond 2' });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(created.body.id);
    expect(updated.body.meta.versionId).toBe('2');
  });

  describe('when the input is bad', () => {
    it('answers 400 for malformed JSON, and keeps serving', async () => {
      const res = await api('POST', 'Patient', '{"resourceType": "Patient",', {
        'Content-Type': 'application/fhir+json',
      });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toMatch(/Invalid JSON/);
      expect((await api('GET', 'metadata')).status).toBe(200);
    });
    it('answers 400 when resourceType does not match the URL', async () => {
      const res = await api('POST', 'Patient', { resourceType: 'Observation', status: 'final', code: { text: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toMatch(/does not match/);
    });
    it('answers 400 when the id does not match the URL', async () => {
      const res = await api('PUT', 'Patient/abc', { resourceType: 'Patient', id: 'xyz' });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toMatch(/does not match the URL id/);
    });
    it('answers 400 for an unknown resource type', async () => {
      const res = await api('GET', 'Spaceship');
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toBe('Unknown resource type: Spaceship');
    });
    it('answers 400 for a missing required element, writing nothing', async () => {
      const res = await api('POST', 'Observation', { resourceType: 'Observation', status: 'final' });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toBe('Missing required property: code');
      const count = await api('GET', 'Observation?_summary=count');
      expect(count.body.total).toBe(0);
    });
    it('answers 400 for an invalid date, writing nothing', async () => {
      const res = await api('POST', 'Patient', { resourceType: 'Patient', birthDate: 'yesterday' });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].expression).toEqual(['Patient.birthDate']);
    });
    it('answers 406 for XML Accept and 415 for an XML body', async () => {
      expect((await api('GET', 'Patient', undefined, { Accept: 'application/fhir+xml' })).status).toBe(406);
      const res = await api('POST', 'Patient', '<Patient xmlns="http://hl7.org/fhir"/>', {
        'Content-Type': 'application/fhir+xml',
      });
      expect(res.status).toBe(415);
      expect(res.body.resourceType).toBe('OperationOutcome');
    });
    it('answers 413 for a body over 16 MB', async () => {
      const big = JSON.stringify({ resourceType: 'Basic', code: { text: 'x'.repeat(17 * 1024 * 1024) } });
      const res = await api('POST', 'Basic', big, { 'Content-Type': 'application/fhir+json' });
      expect(res.status).toBe(413);
      expect(res.body.resourceType).toBe('OperationOutcome');
    });
    it('answers 400 for an invalid id and 405 for an unsupported method', async () => {
      expect((await api('GET', 'Patient/bad_id!')).status).toBe(400);
      expect((await api('DELETE', 'Patient')).status).toBe(405);
    });
  });

  describe('$validate', () => {
    it('answers All OK for a valid resource', async () => {
      const res = await api('POST', 'Slot/$validate', {
        resourceType: 'Slot',
        schedule: { reference: 'Schedule/1' },
        status: 'free',
        start: '2030-01-01T09:00:00Z',
        end: '2030-01-01T09:30:00Z',
      });
      expect(res.status).toBe(200);
      expect(res.body.issue[0].details.text).toBe('All OK');
    });
    it('lists each missing required field', async () => {
      const res = await api('POST', 'Appointment/$validate', { resourceType: 'Appointment' });
      expect(res.status).toBe(400);
      expect(res.body.issue.map((i: any) => i.expression[0])).toEqual([
        'Appointment.status',
        'Appointment.participant',
      ]);
      const badId = await api('POST', 'Patient/$validate', { resourceType: 'Patient', id: 'no spaces allowed' });
      expect(badId.body.issue[0].details.text).toMatch(/Invalid id/);
    });
  });

  describe('Binary', () => {
    it('stores raw bytes with content type, filename and security context', async () => {
      const bytes = Buffer.from([0, 1, 2, 3, 250, 251, 252]);
      const created = await api('POST', 'Binary?_filename=scan.bin', bytes, {
        'Content-Type': 'application/octet-stream',
        'X-Security-Context': 'Patient/123',
      });
      expect(created.status).toBe(201);
      expect(created.body.securityContext).toEqual({ reference: 'Patient/123' });
      expect(created.body.url).toBe(`${server.url}fhir/R4/Binary/${created.body.id}`);
      const raw = await api('GET', `Binary/${created.body.id}`, undefined, { Accept: '*/*' });
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toBe('application/octet-stream');
      expect(raw.headers.get('content-disposition')).toContain('scan.bin');
      expect(raw.raw.equals(bytes)).toBe(true);
      const json = await api('GET', `Binary/${created.body.id}`, undefined, { Accept: 'application/fhir+json' });
      expect(json.body.resourceType).toBe('Binary');
      expect(Buffer.from(json.body.data, 'base64').equals(bytes)).toBe(true);
    });
    it('accepts a Binary up to 100 MB and answers 413 above', async () => {
      const big = Buffer.alloc(20 * 1024 * 1024, 7);
      const created = await api('POST', 'Binary', big, { 'Content-Type': 'application/pdf' });
      expect(created.status).toBe(201);
      const back = await api('GET', `Binary/${created.body.id}`, undefined, { Accept: 'application/pdf' });
      expect(back.raw.length).toBe(big.length);
      const tooBig = await api('POST', 'Binary', Buffer.alloc(101 * 1024 * 1024), {
        'Content-Type': 'application/pdf',
      });
      expect(tooBig.status).toBe(413);
    });
    it('accepts a Binary resource as JSON', async () => {
      const created = await api('POST', 'Binary', {
        resourceType: 'Binary',
        contentType: 'text/plain',
        data: Buffer.from('hello').toString('base64'),
      });
      expect(created.status).toBe(201);
      const raw = await api('GET', `Binary/${created.body.id}`, undefined, { Accept: 'text/plain' });
      expect(raw.raw.toString()).toBe('hello');
      expect(raw.headers.get('content-type')).toBe('text/plain');
    });
  });

  describe('ValueSet/$expand', () => {
    beforeAll(async () => {
      await api('POST', 'CodeSystem', {
        resourceType: 'CodeSystem',
        url: 'http://example.org/cs/colors',
        status: 'active',
        content: 'complete',
        concept: [
          { code: 'red', display: 'Red' },
          { code: 'green', display: 'Green', concept: [{ code: 'lime', display: 'Lime green' }] },
        ],
      });
      await api('POST', 'ValueSet', {
        resourceType: 'ValueSet',
        url: 'http://example.org/vs/colors',
        status: 'active',
        compose: {
          include: [
            { system: 'http://example.org/cs/colors' },
            {
              system: 'http://example.org/cs/extra',
              concept: [
                { code: 'blue', display: 'Blue' },
                { code: 'navy', display: 'Navy blue' },
              ],
            },
          ],
        },
      });
    });
    it('expands includes and code systems with count and offset', async () => {
      const res = await api('GET', 'ValueSet/$expand?url=http://example.org/vs/colors&count=2&offset=1');
      expect(res.status).toBe(200);
      expect(res.body.expansion.total).toBe(5);
      expect(res.body.expansion.contains.map((c: any) => c.code)).toEqual(['green', 'lime']);
      expect(res.body.expansion.contains[0]).toEqual({
        system: 'http://example.org/cs/colors',
        code: 'green',
        display: 'Green',
      });
    });
    it('filters by text', async () => {
      const res = await api('GET', 'ValueSet/$expand?url=http://example.org/vs/colors&filter=blu');
      expect(res.body.expansion.contains.map((c: any) => c.code)).toEqual(['blue', 'navy']);
    });
    it('answers 404 for an unknown url and 400 for a bad count', async () => {
      expect((await api('GET', 'ValueSet/$expand?url=http://nowhere')).status).toBe(404);
      expect((await api('GET', 'ValueSet/$expand?url=http://example.org/vs/colors&count=-1')).status).toBe(400);
    });
  });

  it('returns Patient/$everything: the patient and their compartment', async () => {
    const patient = await api('POST', 'Patient', { resourceType: 'Patient', name: [{ family: 'Every' }] });
    const pid = patient.body.id;
    await api('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'x' },
      subject: { reference: `Patient/${pid}` },
    });
    await api('POST', 'Coverage', {
      resourceType: 'Coverage',
      status: 'active',
      beneficiary: { reference: `Patient/${pid}` },
      payor: [{ display: 'Ins' }],
    });
    await api('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'other' },
      subject: { reference: 'Patient/someone-else' },
    });
    const res = await api('GET', `Patient/${pid}/$everything`);
    expect(res.status).toBe(200);
    expect(res.body.entry.map((e: any) => e.resource.resourceType).sort()).toEqual([
      'Coverage',
      'Observation',
      'Patient',
    ]);
  });

  it('keeps data across a restart', async () => {
    const created = await api('POST', 'Practitioner', { resourceType: 'Practitioner', name: [{ family: 'Persist' }] });
    await server.stop();
    server = await restartTestServer(server);
    // The new port is a new token issuer, so sign in again.
    api = apiFor(server, (await createAccount(server, 'Practitioner')).token);
    const res = await api('GET', `Practitioner/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.name[0].family).toBe('Persist');
    const search = await api('GET', 'Practitioner?family=persist');
    expect(search.body.entry.map((e: any) => e.resource.id)).toContain(created.body.id);
  });
});
