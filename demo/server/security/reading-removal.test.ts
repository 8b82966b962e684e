// Issue 20, "A patient can remove a reading they entered": the portal marks it entered-in-error
// (kept in history, gone from the vitals searches). A patient may change only the status, only to
// entered-in-error, and only of an Observation they wrote about themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('a patient removing a reading (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let api: ReturnType<typeof fhirAs>;

  const reading = (subject: string, value: number) => ({
    resourceType: 'Observation',
    status: 'preliminary',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] },
    ],
    code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
    subject: { reference: subject },
    effectiveDateTime: '2026-11-27T10:00:00Z',
    valueQuantity: { value, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient');
    api = fhirAs(server, patient.token);
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when the patient entered it', () => {
    it('may be marked entered-in-error, is kept in history and leaves the vitals search', async () => {
      const created = (await api('POST', 'Observation', reading(patient.profile, 72))).body;
      const kept = (await api('POST', 'Observation', reading(patient.profile, 74))).body;
      const res = await api('PUT', `Observation/${created.id}`, { ...created, status: 'entered-in-error' });
      expect(res.status).toBe(200);
      const history = (await api('GET', `Observation/${created.id}/_history`)).body;
      expect(history.entry.map((e: any) => e.resource.status).sort()).toEqual(['entered-in-error', 'preliminary']);
      const search = (
        await api(
          'GET',
          `Observation?patient=${patient.profile}&code=http://loinc.org|8867-4&status=registered,preliminary,final,amended,corrected`
        )
      ).body;
      const ids = (search.entry ?? []).map((e: any) => e.resource.id);
      expect(ids).toContain(kept.id);
      expect(ids).not.toContain(created.id);
    });

    it('may not have its value or any status other than entered-in-error written', async () => {
      const created = (await api('POST', 'Observation', reading(patient.profile, 80))).body;
      const changed = await api('PUT', `Observation/${created.id}`, {
        ...created,
        status: 'entered-in-error',
        valueQuantity: { ...created.valueQuantity, value: 60 },
      });
      expect(changed.status).toBe(403);
      expect((await api('PUT', `Observation/${created.id}`, { ...created, status: 'final' })).status).toBe(403);
    });
  });

  describe('when the clinic entered it', () => {
    it('may not be marked entered-in-error by the patient', async () => {
      const clinic = await server.ctx.systemRepo.createResource<any>(reading(patient.profile, 90));
      const res = await api('PUT', `Observation/${clinic.id}`, { ...clinic, status: 'entered-in-error' });
      expect(res.status).toBe(403);
      expect((await api('GET', `Observation/${clinic.id}`)).body.status).toBe('preliminary');
    });
  });
});
