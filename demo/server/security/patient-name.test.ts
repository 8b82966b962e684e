// Issue 20, "Nothing wrong is saved": a patient editing their own record cannot empty its
// official name. The profile page refuses an empty first or last name; the server refuses an
// update (PUT or JSON Patch) that leaves the official name with neither a family nor a given
// name, with a 400 OperationOutcome at Patient.name, and keeps the stored name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('a patient emptying their own name (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let api: ReturnType<typeof fhirAs>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient', { given: 'Homer', family: 'Simpson' });
    api = fhirAs(server, patient.token);
  }, 120_000);
  afterAll(() => server?.destroy());

  async function stored() {
    return (await api('GET', `Patient/${patient.id}`)).body;
  }

  function expectNameRefused(res: { status: number; body: any }) {
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].expression).toEqual(['Patient.name']);
  }

  describe('when a PUT leaves the first name with no family and no given name', () => {
    it('is refused with 400 at Patient.name, and the stored name is kept', async () => {
      const before = await stored();
      for (const name of [[{ given: [], family: '' }], [{ given: ['  '] }], [{}], undefined]) {
        const res = await api('PUT', `Patient/${patient.id}`, { ...before, name });
        expectNameRefused(res);
      }
      expect((await stored()).name[0]).toMatchObject({ given: ['Homer'], family: 'Simpson' });
    });
  });

  describe('when a JSON Patch removes the name', () => {
    it('is refused with 400 at Patient.name', async () => {
      const res = await api('PATCH', `Patient/${patient.id}`, JSON.stringify([{ op: 'remove', path: '/name' }]), {
        'Content-Type': 'application/json-patch+json',
      });
      expectNameRefused(res);
      expect((await stored()).name[0].family).toBe('Simpson');
    });
  });

  describe('when the update keeps a family or given name', () => {
    it('is saved, middle names and all', async () => {
      const before = await stored();
      const res = await api('PUT', `Patient/${patient.id}`, {
        ...before,
        name: [{ ...before.name[0], given: ['Homer', 'Jay'], family: 'Simpson' }],
      });
      expect(res.status).toBe(200);
      expect((await stored()).name[0].given).toEqual(['Homer', 'Jay']);
    });
  });
});
