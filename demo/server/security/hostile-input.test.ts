// Item 12: hostile input answered 500. Each is now a 4xx OperationOutcome, or stored correctly
// (long strings are indexed by a bounded prefix).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('hostile input (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient', { given: 'Homer' });
  }, 60_000);
  afterAll(() => server?.destroy());

  const expect4xx = (res: { status: number; body: any }) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.resourceType).toBe('OperationOutcome');
  };
  const observation = (extra: Record<string, unknown>) =>
    JSON.stringify({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'x' },
      subject: { reference: patient.profile },
      ...extra,
    });

  describe('when a patient sends bodies no client would', () => {
    it('answers 4xx to JSON nested 5,000 deep', async () => {
      const deep = '{"resourceType":"Observation","extension":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
      expect4xx(
        await fhirAs(server, patient.token)('POST', 'Observation', deep, { 'Content-Type': 'application/fhir+json' })
      );
    });

    it('answers 4xx to a NUL character or a lone surrogate in a string', async () => {
      const api = fhirAs(server, patient.token);
      const json = { 'Content-Type': 'application/fhir+json' };
      expect4xx(await api('POST', 'Observation', observation({ valueString: 'a\u0000b' }), json));
      expect4xx(await api('POST', 'Observation', observation({ valueString: 'a\ud800b' }), json));
    });

    it('answers 4xx to a NUL in a search value', async () => {
      const api = fhirAs(server, patient.token);
      expect4xx(await api('GET', 'Observation?code:text=a%00b'));
      expect4xx(await api('GET', 'Patient?name=a%00'));
    });

    it('stores an 8 KB name on the patient’s own record and finds it by prefix', async () => {
      const api = fhirAs(server, patient.token);
      const current = (await api('GET', patient.profile)).body;
      const family = 'S' + 'a'.repeat(8 * 1024);
      const res = await api('PUT', patient.profile, { ...current, name: [{ given: ['Homer'], family }] });
      expect(res.status).toBe(200);
      const found = await api('GET', `Patient?family=${'S' + 'a'.repeat(100)}`);
      expect(found.status).toBe(200);
      expect(found.body.entry.map((e: any) => e.resource.id)).toEqual([patient.id]);
    });

    it('stores a 10 MB string, or answers 413, never 500', async () => {
      const api = fhirAs(server, patient.token);
      const res = await api('POST', 'Observation', observation({ valueString: 'x'.repeat(10 * 1024 * 1024) }), {
        'Content-Type': 'application/fhir+json',
      });
      expect([201, 413]).toContain(res.status);
      if (res.status === 413) expect(res.body.resourceType).toBe('OperationOutcome');
    }, 60_000);
  });
});
