// The FHIR REST API through the package's FhirClient; raw fetch only where a test must send
// what the client does not (a bad token, malformed JSON, XML, oversized bodies) or read what it
// hides (status codes and headers that matter, raw Binary bytes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../../../src/client';
import {
  apiFor,
  backends,
  clientFor,
  createAccount,
  failure,
  restartTestServer,
  startTestServer,
  type TestServer,
} from '../test/test-server';

describe.each(backends())('FHIR REST (%s)', (backend) => {
  let server: TestServer;
  let client: FhirClient;
  let api: ReturnType<typeof apiFor>;
  const changes: [string, string][] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    const doctor = await createAccount(server, 'Practitioner');
    client = clientFor(server, doctor.token);
    api = apiFor(server, doctor.token);
    server.ctx.addChangeListener((r, a) => changes.push([`${r.resourceType}/${r.id}`, a]));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers the healthcheck and metadata without auth', async () => {
    const health = await fetch(`${server.url}healthcheck`);
    expect(await health.json()).toEqual({ ok: true });
    const anonymous = clientFor(server);
    const meta = await anonymous.get(anonymous.fhirUrl('metadata'));
    expect(meta.resourceType).toBe('CapabilityStatement');
    const slot = meta.rest[0].resource.find((r: any) => r.type === 'Slot');
    expect(slot.searchParam.map((p: any) => p.name)).toEqual(expect.arrayContaining(['schedule', 'start', 'status']));
  });

  it('answers SMART discovery under the FHIR base without auth', async () => {
    const anonymous = clientFor(server);
    const config = await anonymous.get(anonymous.fhirUrl('.well-known', 'smart-configuration'));
    expect(config.token_endpoint).toBe(`${server.url}oauth2/token`);
    expect(config.authorization_endpoint).toBe(`${server.url}oauth2/authorize`);
    expect(config.capabilities).toContain('launch-standalone');
    const raw = await fetch(`${server.url}fhir/R4/.well-known/smart-configuration`);
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual(config);
  });

  it('answers 401 without a token and with a bad token, on every path', async () => {
    // Raw fetch: the client never sends a request without its token, or a malformed one.
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
    // Through the client: an OperationOutcomeError with the login code.
    const failed = await failure(clientFor(server).search('Patient'));
    expect(failed.code).toBe('login');
    expect(failed.status).toBe(401);
  });

  describe('when a resource is created, read, updated and deleted', () => {
    let id: string;
    it('creates with 201, Location, ETag and meta', async () => {
      const created = await client.createResource<any>({
        resourceType: 'Patient',
        id: 'ignored',
        name: [{ family: 'Smith', given: ['Anna'] }],
      });
      id = created.id!;
      expect(id).not.toBe('ignored');
      expect(created.meta?.versionId).toBe('1');
      expect(created.meta?.lastUpdated).toBeTruthy();
      expect(changes).toContainEqual([`Patient/${id}`, 'create']);
      // Status and headers are not part of what the client answers: one raw create checks them.
      const res = await api('POST', 'Patient', { resourceType: 'Patient', name: [{ family: 'Raw' }] });
      expect(res.status).toBe(201);
      expect(res.headers.get('etag')).toBe('W/"1"');
      expect(res.headers.get('location')).toBe(`${server.url}fhir/R4/Patient/${res.body.id}/_history/1`);
    });
    it('reads it back', async () => {
      const patient = await client.readResource('Patient', id);
      expect(patient.name![0].family).toBe('Smith');
    });
    it('updates with If-Match and refuses a stale version with 412', async () => {
      const ok = await client.updateResource<any>(
        { resourceType: 'Patient', id, name: [{ family: 'Jones' }] },
        { headers: { 'If-Match': 'W/"1"' } }
      );
      expect(ok.meta?.versionId).toBe('2');
      const stale = await failure(
        client.updateResource(
          { resourceType: 'Patient', id, name: [{ family: 'Stale' }] },
          { headers: { 'If-Match': 'W/"1"' } }
        )
      );
      expect(stale.status).toBe(412);
      expect(stale.text).toMatch(/is at version 2, If-Match asked for 1/);
      const raw = await api(
        'PUT',
        `Patient/${id}`,
        { resourceType: 'Patient', id, name: [{ family: 'Stale' }] },
        { 'If-Match': 'W/"1"' }
      );
      expect(raw.status).toBe(412);
      expect((await client.readResource('Patient', id)).name![0].family).toBe('Jones');
    });
    it('reads a version and the history', async () => {
      const v1 = await client.readVersion('Patient', id, '1');
      expect(v1.name![0].family).toBe('Smith');
      const history = await client.readHistory('Patient', id);
      expect(history.type).toBe('history');
      expect(history.total).toBe(2);
      expect(history.entry!.map((e) => e.resource!.meta!.versionId)).toEqual(['2', '1']);
      const paged = await client.readHistory('Patient', id, { count: 1, offset: 1 });
      expect(paged.entry).toHaveLength(1);
      expect(paged.entry![0].resource!.meta!.versionId).toBe('1');
      const typeHistory = await client.get(`${client.fhirUrl('Patient', '_history')}?_count=50`);
      expect(typeHistory.entry.some((e: any) => e.resource?.id === id)).toBe(true);
    });
    it('patches with JSON Patch', async () => {
      const patched = await client.patchResource('Patient', id, [
        { op: 'replace', path: '/name/0/family', value: 'Patched' },
      ]);
      expect(patched.name![0].family).toBe('Patched');
      expect(patched.meta?.versionId).toBe('3');
      const bad = await failure(
        client.patchResource('Patient', id, [{ op: 'replace', path: '/nothing/here', value: 1 }])
      );
      expect(bad.status).toBe(400);
      expect(bad.text).toMatch(/^Invalid JSON Patch/);
      const idChange = await failure(
        client.patchResource('Patient', id, [{ op: 'replace', path: '/id', value: 'other' }])
      );
      expect(idChange.status).toBe(400);
      expect(idChange.text).toBe('JSON Patch may not change resourceType or id');
    });
    it('deletes: read answers 410, history keeps the versions', async () => {
      await client.deleteResource('Patient', id);
      const gone = await failure(client.readResource('Patient', id));
      expect(gone.status).toBe(410);
      expect(gone.code).toBe('deleted');
      expect((await api('GET', `Patient/${id}`)).status).toBe(410);
      expect((await client.readVersion('Patient', id, '1')).id).toBe(id);
      const search = await client.search('Patient', { _id: id });
      expect(search.entry).toHaveLength(0);
      expect(changes).toContainEqual([`Patient/${id}`, 'delete']);
    });
    it('answers 404 for a resource that never existed', async () => {
      const missing = await failure(client.readResource('Patient', 'does-not-exist'));
      expect(missing.status).toBe(404);
      expect(missing.code).toBe('not-found');
      expect(missing.text).toBe('Not found');
    });
  });

  it('creates conditionally with If-None-Exist', async () => {
    const body = { resourceType: 'Organization', name: 'Acme', identifier: [{ system: 'urn:test', value: 'acme-1' }] };
    const first = await client.createResourceIfNoneExist(body as any, 'identifier=urn:test|acme-1');
    expect(first.meta?.versionId).toBe('1');
    const second = await client.createResourceIfNoneExist(body as any, 'identifier=urn:test|acme-1');
    expect(second.id).toBe(first.id);
    // 200 (found), not 201 (created):
    const raw = await api('POST', 'Organization', body, { 'If-None-Exist': 'identifier=urn:test|acme-1' });
    expect(raw.status).toBe(200);
    expect(raw.body.id).toBe(first.id);
  });

  it('updates conditionally with PUT Type?search (create, then update)', async () => {
    const body = { resourceType: 'Organization', name: 'Cond', identifier: [{ system: 'urn:test', value: 'cond-1' }] };
    const created = await client.upsertResource(body as any, 'identifier=urn:test|cond-1');
    expect(created.meta?.versionId).toBe('1');
    const updated = await client.upsertResource({ ...body, name: 'Cond 2' } as any, 'identifier=urn:test|cond-1');
    expect(updated.id).toBe(created.id);
    expect(updated.meta?.versionId).toBe('2');
  });

  describe('when the input is bad', () => {
    it('answers 400 for malformed JSON, and keeps serving', async () => {
      const res = await api('POST', 'Patient', '{"resourceType": "Patient",', {
        'Content-Type': 'application/fhir+json',
      });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toMatch(/Invalid JSON/);
      expect((await client.get(client.fhirUrl('metadata'))).resourceType).toBe('CapabilityStatement');
    });
    it('answers 400 when resourceType does not match the URL', async () => {
      const res = await failure(
        client.post(client.fhirUrl('Patient'), { resourceType: 'Observation', status: 'final', code: { text: 'x' } })
      );
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/does not match/);
    });
    it('answers 400 when the id does not match the URL', async () => {
      const res = await failure(client.put(client.fhirUrl('Patient', 'abc'), { resourceType: 'Patient', id: 'xyz' }));
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/does not match the URL id/);
    });
    it('answers 400 for an unknown resource type', async () => {
      const res = await failure(client.search('Spaceship' as any));
      expect(res.status).toBe(400);
      expect(res.text).toBe('Unknown resource type: Spaceship');
    });
    it('answers 400 for a missing required element, writing nothing', async () => {
      const res = await failure(client.createResource<any>({ resourceType: 'Observation', status: 'final' } as any));
      expect(res.status).toBe(400);
      expect(res.code).toBe('required');
      expect(res.text).toBe('Missing required property: code');
      const count = await client.search('Observation', { _summary: 'count' });
      expect(count.total).toBe(0);
    });
    it('answers 400 for an invalid date, writing nothing', async () => {
      const res = await failure(client.createResource<any>({ resourceType: 'Patient', birthDate: 'yesterday' }));
      expect(res.status).toBe(400);
      expect(res.outcome.issue![0].expression).toEqual(['Patient.birthDate']);
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
      const badId = await failure(client.readResource('Patient', 'bad_id!'));
      expect(badId.status).toBe(400);
      expect(badId.text).toBe('Invalid id: bad_id!');
      const method = await failure(client.delete(client.fhirUrl('Patient')));
      expect(method.status).toBe(405);
      expect((await api('DELETE', 'Patient')).status).toBe(405);
    });
  });

  describe('$validate', () => {
    it('answers All OK for a valid resource', async () => {
      const outcome = await client.validateResource({
        resourceType: 'Slot',
        schedule: { reference: 'Schedule/1' },
        status: 'free',
        start: '2030-01-01T09:00:00Z',
        end: '2030-01-01T09:30:00Z',
      });
      expect(outcome.issue![0].details!.text).toBe('All OK');
    });
    it('lists each missing required field', async () => {
      const res = await failure(client.validateResource({ resourceType: 'Appointment' } as any));
      expect(res.status).toBe(400);
      expect(res.expressions).toEqual(['Appointment.status', 'Appointment.participant']);
      const badId = await failure(client.validateResource({ resourceType: 'Patient', id: 'no spaces allowed' }));
      expect(badId.text).toMatch(/Invalid id/);
    });
    it('checks element shapes per type, as R4 defines them', async () => {
      // Questionnaire.code is a list of Codings; Observation.code one CodeableConcept.
      const questionnaire = {
        resourceType: 'Questionnaire',
        status: 'active',
        code: [{ system: 'http://loinc.org', code: '96777-8' }],
      };
      expect((await client.validateResource(questionnaire as any)).issue![0].details!.text).toBe('All OK');
      const codeObject = await failure(
        client.validateResource({ ...questionnaire, code: { system: 'http://loinc.org', code: '96777-8' } } as any)
      );
      expect(codeObject.text).toBe('Invalid value for code: must be an array');
      const obsList = await failure(
        client.validateResource({ resourceType: 'Observation', status: 'final', code: [{ text: 'x' }] } as any)
      );
      expect(obsList.text).toBe('Invalid value for code: must be an object');
      // PaymentNotice.recipient is one Reference; Communication.recipient a list.
      const notice = {
        resourceType: 'PaymentNotice',
        status: 'active',
        created: '2030-01-01',
        payment: { display: 'Card' },
        recipient: { reference: 'Organization/clinic' },
        amount: { value: 10, currency: 'USD' },
      };
      expect((await client.validateResource(notice as any)).issue![0].details!.text).toBe('All OK');
      const stored = await client.createResource<any>(notice as any);
      expect((stored as any).recipient).toEqual({ reference: 'Organization/clinic' });
      const noticeList = await failure(client.validateResource({ ...notice, recipient: [notice.recipient] } as any));
      expect(noticeList.text).toBe('Invalid value for recipient: must be an object');
      const message = await failure(
        client.validateResource({
          resourceType: 'Communication',
          status: 'completed',
          recipient: { reference: 'Patient/1' },
        } as any)
      );
      expect(message.text).toBe('Invalid value for recipient: must be an array');
    });
  });

  it('stores an Immunization known only as text, without indexing the text as a date', async () => {
    const patient = await client.createResource<any>({ resourceType: 'Patient', name: [{ family: 'Imm' }] });
    const immunization = await client.createResource<any>({
      resourceType: 'Immunization',
      status: 'completed',
      vaccineCode: { text: 'MMR' },
      patient: { reference: `Patient/${patient.id}` },
      occurrenceString: '2019',
    } as any);
    expect((immunization as any).occurrenceString).toBe('2019');
    const dated = await client.createResource<any>({
      resourceType: 'Immunization',
      status: 'completed',
      vaccineCode: { text: 'Flu' },
      patient: { reference: `Patient/${patient.id}` },
      occurrenceDateTime: '2019-10-01',
    } as any);
    const ids = async (query: string) =>
      (await client.searchResources('Immunization', `patient=Patient/${patient.id}&${query}`)).map((r) => r.id);
    expect(await ids('date=2019')).toEqual([dated.id]);
    expect((await ids('date:missing=true')).sort()).toEqual([immunization.id]);
    const badDate = await failure(
      client.createResource<any>({
        resourceType: 'Immunization',
        status: 'completed',
        vaccineCode: { text: 'Flu' },
        patient: { reference: `Patient/${patient.id}` },
        occurrenceDateTime: 'last autumn',
      } as any)
    );
    expect(badDate.status).toBe(400);
    expect(badDate.text).toBe('Invalid date for occurrenceDateTime: last autumn');
  });

  describe('Binary', () => {
    it('stores raw bytes with content type, filename and security context', async () => {
      const bytes = Buffer.from([0, 1, 2, 3, 250, 251, 252]);
      const created = await client.createBinary({
        data: new Uint8Array(bytes),
        filename: 'scan.bin',
        contentType: 'application/octet-stream',
        securityContext: { reference: 'Patient/123' },
      });
      expect(created!.securityContext).toEqual({ reference: 'Patient/123' });
      expect((created as any).url).toBe(`${server.url}fhir/R4/Binary/${created!.id}`);
      // The raw bytes come back as they went in (raw fetch: the client asks for FHIR JSON).
      const raw = await api('GET', `Binary/${created!.id}`, undefined, { Accept: '*/*' });
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toBe('application/octet-stream');
      expect(raw.headers.get('content-disposition')).toContain('scan.bin');
      expect(raw.raw.equals(bytes)).toBe(true);
      const json = await client.readResource('Binary', created!.id!);
      expect(json.resourceType).toBe('Binary');
      expect(Buffer.from(json.data!, 'base64').equals(bytes)).toBe(true);
    });
    it('accepts a Binary up to 100 MB and answers 413 above', async () => {
      const big = Buffer.alloc(20 * 1024 * 1024, 7);
      const created = await client.createBinary({ data: new Uint8Array(big), contentType: 'application/pdf' });
      const back = await api('GET', `Binary/${created!.id}`, undefined, { Accept: 'application/pdf' });
      expect(back.raw.length).toBe(big.length);
      const tooBig = await failure(
        client.createBinary({ data: new Uint8Array(101 * 1024 * 1024), contentType: 'application/pdf' })
      );
      expect(tooBig.status).toBe(413);
      expect(tooBig.text).toMatch(/larger than/);
    });
    it('accepts a Binary resource as JSON', async () => {
      const created = await client.createResource<any>({
        resourceType: 'Binary',
        contentType: 'text/plain',
        data: Buffer.from('hello').toString('base64'),
      });
      const raw = await api('GET', `Binary/${created.id}`, undefined, { Accept: 'text/plain' });
      expect(raw.raw.toString()).toBe('hello');
      expect(raw.headers.get('content-type')).toBe('text/plain');
    });
  });

  describe('ValueSet/$expand', () => {
    beforeAll(async () => {
      await client.createResource<any>({
        resourceType: 'CodeSystem',
        url: 'http://example.org/cs/colors',
        status: 'active',
        content: 'complete',
        concept: [
          { code: 'red', display: 'Red' },
          { code: 'green', display: 'Green', concept: [{ code: 'lime', display: 'Lime green' }] },
        ],
      } as any);
      await client.createResource<any>({
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
      } as any);
    });
    it('expands includes and code systems with count and offset', async () => {
      const vs = await client.valueSetExpand({ url: 'http://example.org/vs/colors', count: 2, offset: 1 } as any);
      expect(vs.expansion!.total).toBe(5);
      expect(vs.expansion!.contains!.map((c) => c.code)).toEqual(['green', 'lime']);
      expect(vs.expansion!.contains![0]).toEqual({
        system: 'http://example.org/cs/colors',
        code: 'green',
        display: 'Green',
      });
    });
    it('filters by text', async () => {
      const vs = await client.valueSetExpand({ url: 'http://example.org/vs/colors', filter: 'blu' });
      expect(vs.expansion!.contains!.map((c) => c.code)).toEqual(['blue', 'navy']);
    });
    it('answers 404 for an unknown url and 400 for a bad count', async () => {
      expect((await failure(client.valueSetExpand({ url: 'http://nowhere' }))).status).toBe(404);
      const badCount = await failure(client.valueSetExpand({ url: 'http://example.org/vs/colors', count: -1 } as any));
      expect(badCount.status).toBe(400);
    });
  });

  it('returns Patient/$everything: the patient and their compartment', async () => {
    const patient = await client.createResource<any>({ resourceType: 'Patient', name: [{ family: 'Every' }] });
    const pid = patient.id!;
    await client.createResource<any>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'x' },
      subject: { reference: `Patient/${pid}` },
    });
    await client.createResource<any>({
      resourceType: 'Coverage',
      status: 'active',
      beneficiary: { reference: `Patient/${pid}` },
      payor: [{ display: 'Ins' }],
    } as any);
    await client.createResource<any>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'other' },
      subject: { reference: 'Patient/someone-else' },
    });
    const everything = await client.readPatientEverything(pid);
    expect(everything.entry!.map((e) => e.resource!.resourceType).sort()).toEqual([
      'Coverage',
      'Observation',
      'Patient',
    ]);
  });

  it('keeps data across a restart', async () => {
    const created = await client.createResource<any>({ resourceType: 'Practitioner', name: [{ family: 'Persist' }] });
    await server.stop();
    server = await restartTestServer(server);
    // The new port is a new token issuer, so sign in again.
    client = clientFor(server, (await createAccount(server, 'Practitioner')).token);
    const back = await client.readResource('Practitioner', created.id!);
    expect(back.name![0].family).toBe('Persist');
    const search = await client.searchResources('Practitioner', { family: 'persist' });
    expect(search.map((r) => r.id)).toContain(created.id);
  });
});
