// Item 7: GET {type}/{id}/_history checked only the current version, so after a resource moved
// to another patient, that patient read the earlier owner's versions. Every version is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('history versions (%s)', (backend) => {
  let server: TestServer;
  let earlier: TestAccount;
  let later: TestAccount;
  let id: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    earlier = await createAccount(server, 'Patient', { given: 'Earlier' });
    later = await createAccount(server, 'Patient', { given: 'Later' });
    const doctor = fhirAs(server, (await createAccount(server, 'Practitioner')).token);
    const created = await doctor('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'HIV viral load' },
      subject: { reference: earlier.profile },
      valueQuantity: { value: 20000 },
    });
    id = created.body.id;
    // Filed under the wrong patient, then moved to the right one.
    const moved = await doctor('PUT', `Observation/${id}`, {
      ...created.body,
      subject: { reference: later.profile },
      code: { text: 'Vitamin D' },
      valueQuantity: { value: 30 },
    });
    expect(moved.status).toBe(200);
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when a resource moved from one patient to another', () => {
    it('shows the new owner only the versions that were theirs', async () => {
      const res = await fhirAs(server, later.token)('GET', `Observation/${id}/_history`);
      expect(res.status).toBe(200);
      expect(res.body.entry.map((e: any) => e.resource?.meta?.versionId)).toEqual(['2']);
      expect(res.body.total).toBe(1);
      expect(res.text).not.toContain('HIV viral load');
    });

    it('keeps the earlier version out of the type history too', async () => {
      const res = await fhirAs(server, later.token)('GET', 'Observation/_history');
      expect(res.text).not.toContain('HIV viral load');
    });

    it('answers 404 to the earlier owner, who no longer holds it', async () => {
      const res = await fhirAs(server, earlier.token)('GET', `Observation/${id}/_history`);
      expect(res.status).toBe(404);
    });
  });
});
