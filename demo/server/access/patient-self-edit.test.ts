import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../../../src/client';
import type { Patient } from '../../../src/fhir/types';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { signIn, startTestServer, type TestServer } from '../test/login-helpers';
import { failure } from '../test/test-server';

const BCP47 = 'urn:ietf:bcp:47';
const spoken = (code: string, preferred?: boolean) => ({
  language: { coding: [{ system: BCP47, code }] },
  ...(preferred ? { preferred } : {}),
});

describe("a patient's languages on their own record (the seeded server)", () => {
  let server: TestServer;
  let lucia: FhirClient;
  let me: Patient;

  beforeAll(async () => {
    server = await startTestServer();
    lucia = (await signIn(server.url, DemoCredentials.spanish.email, DemoCredentials.spanish.password)).client;
    me = await lucia.readResource('Patient', DemoIds.spanishPatient);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('starts with Spanish preferred, as seeded', () => {
    expect(me.communication?.find((c) => c.preferred)?.language.coding?.[0]?.code).toBe('es');
  });

  it('lets her make Arabic her preferred language, against the version she read', async () => {
    const communication = [spoken('es'), spoken('en'), spoken('ar', true)];
    const version = me.meta?.versionId;
    const saved: Patient = await lucia.updateResource(
      { ...me, communication },
      { headers: { 'If-Match': `W/"${version}"` } }
    );
    expect(saved.communication).toEqual(communication);
    me = await lucia.readResource('Patient', DemoIds.spanishPatient, { cache: 'reload' });
    expect(me.communication).toEqual(communication);
  });

  it('refuses a write against a version older than the stored one (412)', async () => {
    const refused = await failure(
      lucia.updateResource({ ...me, communication: [spoken('es', true)] }, { headers: { 'If-Match': 'W/"1"' } })
    );
    expect(refused.status).toBe(412);
  });

  describe('when she tries to slip another field in with a language change', () => {
    it.each([
      ['active', { active: false }],
      ['managingOrganization', { managingOrganization: { reference: 'Organization/elsewhere' } }],
      ['link', { link: [{ other: { reference: `Patient/${DemoIds.patient}` }, type: 'replaces' }] }],
      ['identifier', { identifier: [{ system: 'urn:mrn', value: '123' }] }],
      ['deceasedBoolean', { deceasedBoolean: true }],
    ])('refuses %s with 403 and keeps the record as it was', async (_field, change) => {
      const refused = await failure(
        lucia.updateResource({ ...me, ...change, communication: [spoken('en', true)] } as Patient)
      );
      expect(refused.status).toBe(403);
      expect(refused.text).toBe(
        'Forbidden: a patient may change only name, birthDate, gender, address, telecom, contact, communication and generalPractitioner'
      );
      const stored = await lucia.readResource('Patient', DemoIds.spanishPatient, { cache: 'reload' });
      expect(stored.communication).toEqual(me.communication);
      expect(stored.meta?.versionId).toBe(me.meta?.versionId);
    });

    it('refuses a change of her security labels', async () => {
      const refused = await failure(
        lucia.updateResource({
          ...me,
          meta: {
            ...me.meta,
            security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'N' }],
          },
          communication: [spoken('en', true)],
        })
      );
      expect(refused.status).toBe(403);
    });
  });

  it("cannot change another patient's languages", async () => {
    const homer = (await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password)).client;
    const refused = await failure(homer.updateResource({ ...me, communication: [spoken('en', true)] }));
    expect(refused.status).toBe(404);
    const stored = await lucia.readResource('Patient', DemoIds.spanishPatient, { cache: 'reload' });
    expect(stored.communication).toEqual(me.communication);
  });
});
