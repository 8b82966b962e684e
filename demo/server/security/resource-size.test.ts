// Finding (medium): one patient's 15 MB Observation blocked everyone for 7.3 s on PGlite: any
// FHIR write took 16 MB, parsed, indexed and stored it. A resource now has a cap (1 MB unless
// createServer's maxResourceBytes or MAX_RESOURCE_BYTES says otherwise; Binary keeps its own),
// checked before the body is parsed; a Bundle keeps its larger cap but each entry's resource is
// held to the resource cap, and a JSON Patch may not grow a resource past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxResourceBytesFromEnv } from '../fhir/resource-size';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const MB = 1024 * 1024;

describe.each(backends())('resource size cap (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient', { given: 'Homer' });
  }, 60_000);
  afterAll(() => server?.destroy());

  const observation = (bytes: number, id?: string) => ({
    resourceType: 'Observation',
    ...(id ? { id } : {}),
    status: 'final',
    code: { text: 'Note' },
    subject: { reference: patient.profile },
    valueString: 'x'.repeat(bytes),
  });
  const expectTooLarge = (res: RawResponse, text: string) => {
    expect(res.status).toBe(413);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].code).toBe('too-costly');
    expect(res.body.issue[0].details.text).toBe(text);
  };

  it('answers 413 to a 2 MB Observation, created or replaced, before parsing it', async () => {
    const api = fhirAs(server, patient.token);
    expectTooLarge(await api('POST', 'Observation', observation(2 * MB)), `Request body is larger than ${MB} bytes`);
    const stored = await api('POST', 'Observation', observation(100));
    expect(stored.status).toBe(201);
    expectTooLarge(
      await api('PUT', `Observation/${stored.body.id}`, observation(2 * MB, stored.body.id)),
      `Request body is larger than ${MB} bytes`
    );
    const found = await api('GET', `Observation?subject=${patient.profile}`);
    expect(found.body.entry.map((e: any) => e.resource.id)).toEqual([stored.body.id]);
  });

  it("answers 413 to a Bundle whose entry's resource passes the cap, and stores none of it", async () => {
    const api = fhirAs(server, patient.token);
    const count = async () => (await api('GET', `Observation?subject=${patient.profile}&_summary=count`)).body.total;
    const before = await count();
    const res = await api('POST', '', {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        { request: { method: 'POST', url: 'Observation' }, resource: observation(10) },
        { request: { method: 'POST', url: 'Observation' }, resource: observation(2 * MB) },
      ],
    });
    expectTooLarge(res, `A resource may be at most ${MB} bytes`);
    expect(res.body.issue[0].expression).toEqual(['Bundle.entry[1]']);
    expect(await count()).toBe(before);
  });

  it('answers 413 to a JSON Patch whose copies would grow the resource past the cap', async () => {
    const doctor = fhirAs(server, (await createAccount(server, 'Practitioner')).token);
    const stored = await doctor('POST', 'Observation', observation(64 * 1024));
    expect(stored.status).toBe(201);
    // Each copy of the note list into itself doubles it: 64 KB becomes 4 MB after six.
    const patch = [
      { op: 'add', path: '/note', value: [] },
      { op: 'copy', from: '/valueString', path: '/note/-' },
      ...Array.from({ length: 6 }, () => ({ op: 'copy', from: '/note', path: '/note/-' })),
    ];
    const res = await doctor('PATCH', `Observation/${stored.body.id}`, JSON.stringify(patch), {
      'Content-Type': 'application/json-patch+json',
    });
    expectTooLarge(res, `A resource may be at most ${MB} bytes`);
    const current = await doctor('GET', `Observation/${stored.body.id}`);
    expect(current.body.meta.versionId).toBe('1');
  });

  it('keeps Binary on its own cap', async () => {
    const api = fhirAs(server, patient.token);
    const res = await api('POST', 'Binary', Buffer.alloc(2 * MB, 1).toString(), { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(201);
  });
});

describe('MAX_RESOURCE_BYTES', () => {
  it('is read as a byte count, and anything else stops the start', () => {
    expect(maxResourceBytesFromEnv({})).toBeUndefined();
    expect(maxResourceBytesFromEnv({ MAX_RESOURCE_BYTES: '2097152' })).toBe(2 * MB);
    expect(() => maxResourceBytesFromEnv({ MAX_RESOURCE_BYTES: '1mb' })).toThrow(
      'MAX_RESOURCE_BYTES must be a whole number of bytes, got "1mb"'
    );
  });

  it('applies the cap createServer is given', async () => {
    const server = await startTestServer('pglite', { maxResourceBytes: 4096 });
    try {
      const patient = await createAccount(server, 'Patient');
      const api = fhirAs(server, patient.token);
      const note = (bytes: number) => ({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Note' },
        subject: { reference: patient.profile },
        valueString: 'x'.repeat(bytes),
      });
      expect((await api('POST', 'Observation', note(1000))).status).toBe(201);
      const res = await api('POST', 'Observation', note(5000));
      expect(res.status).toBe(413);
      expect(res.body.issue[0].details.text).toBe('Request body is larger than 4096 bytes');
    } finally {
      await server.destroy();
    }
  }, 60_000);
});
