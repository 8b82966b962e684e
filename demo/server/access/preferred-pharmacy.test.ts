import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../../../src/client';
import type { Patient } from '../../../src/fhir/types';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { Organizations, PHARMACY_TYPE } from '../seed/people';
import { signIn, startTestServer, type TestServer } from '../test/login-helpers';
import { failure } from '../test/test-server';
import { PREFERRED_PHARMACY_URL } from './preferred-pharmacy';

/** The preferred-pharmacy extension naming one Organization, as account/provider writes it. */
const preferred = (reference: unknown): any => ({
  url: PREFERRED_PHARMACY_URL,
  extension: [
    { url: 'pharmacy', valueReference: reference },
    { url: 'type', valueCodeableConcept: { text: 'Outpatient medications' } },
  ],
});

describe("a patient's preferred pharmacy (the seeded server)", () => {
  let server: TestServer;
  let homer: FhirClient;
  let me: Patient;

  beforeAll(async () => {
    server = await startTestServer();
    homer = (await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password)).client;
    me = await homer.readResource('Patient', DemoIds.patient);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("finds the clinic's pharmacies, and only them, by their type", async () => {
    const pharmacies = await homer.searchResources('Organization', {
      type: `${PHARMACY_TYPE.system}|${PHARMACY_TYPE.code}`,
      _count: '100',
    });
    expect(pharmacies.map((o) => o.name).sort()).toEqual([
      'Evergreen Pharmacy',
      'Main Street Pharmacy',
      'Riverside Pharmacy',
    ]);
    const pharmacy = await homer.readResource('Organization', Organizations.riversidePharmacy.id);
    expect(pharmacy.name).toBe('Riverside Pharmacy');
  });

  it('stores the chosen pharmacy on their record, changes it and removes it', async () => {
    const evergreen = { reference: `Organization/${Organizations.pharmacy.id}`, display: 'Evergreen Pharmacy' };
    const chosen: Patient = await homer.updateResource({ ...me, extension: [preferred(evergreen)] });
    expect(chosen.extension).toEqual([preferred(evergreen)]);
    const riverside = { reference: `Organization/${Organizations.riversidePharmacy.id}`, display: 'Riverside' };
    const changed: Patient = await homer.updateResource({ ...chosen, extension: [preferred(riverside)] });
    expect((await homer.readResource('Patient', DemoIds.patient, { cache: 'reload' })).extension).toEqual([
      preferred(riverside),
    ]);
    const removed: Patient = await homer.updateResource({ ...changed, extension: undefined });
    expect(removed.extension).toBeUndefined();
    me = removed;
  });

  describe('when the pharmacy is not a reference to an Organization', () => {
    it.each([
      ['another patient', { reference: `Patient/${DemoIds.mfaPatient}` }],
      ['a URL elsewhere', { reference: 'https://evil.example/Organization/1' }],
      ['a bare string', `Organization/${Organizations.pharmacy.id}`],
    ])('refuses %s with 403', async (_what, reference) => {
      const refused = await failure(homer.updateResource({ ...me, extension: [preferred(reference)] }));
      expect(refused.status).toBe(403);
      expect(refused.text).toBe('Forbidden: a preferred pharmacy must be a reference to an Organization');
    });

    it('refuses extra parts in the extension', async () => {
      const extra = preferred({ reference: `Organization/${Organizations.pharmacy.id}` });
      extra.extension.push({ url: 'note', valueReference: { reference: 'Patient/x' } } as never);
      const refused = await failure(homer.updateResource({ ...me, extension: [extra] }));
      expect(refused.status).toBe(403);
    });
  });

  it('may not add or change any other extension of the record', async () => {
    const other = { url: 'http://hl7.org/fhir/StructureDefinition/patient-importance', valueCodeableConcept: {} };
    const refused = await failure(homer.updateResource({ ...me, extension: [other] }));
    expect(refused.status).toBe(403);
    expect(refused.text).toBe(
      'Forbidden: of the extensions of their record, a patient may change only the preferred pharmacy'
    );
  });

  it("cannot set another patient's preferred pharmacy", async () => {
    const doctor = (await signIn(server.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password)).client;
    const other = await doctor.readResource('Patient', DemoIds.mfaPatient);
    const refused = await failure(
      homer.updateResource({
        ...other,
        extension: [preferred({ reference: `Organization/${Organizations.pharmacy.id}` })],
      })
    );
    expect(refused.status).toBe(404);
    expect((await doctor.readResource('Patient', DemoIds.mfaPatient, { cache: 'reload' })).extension).toBeUndefined();
  });
});
