// Item 14 (appointments): one patient could book every free slot of a clinic, one request after
// another or all at once, and hold them. A patient now holds at most a few upcoming appointments
// (3 unless the server is told otherwise: createServer({ futureAppointmentsPerPatient }) or
// FUTURE_APPOINTMENTS_PER_PATIENT); past and cancelled ones do not count. Parallel bookings are
// counted one at a time, and a booking transaction over the limit leaves its Slot free.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slot } from '../../../src/fhir';
import { buildBookingBundle } from '../../../src/scheduler';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const DAY = 24 * 60 * 60 * 1000;
const OVER_LIMIT = 'A patient may hold at most 3 upcoming appointments; cancel one to book another';

/** An appointment of the patient, `days` from now (negative: in the past). */
function appointment(patient: TestAccount, days: number, status = 'booked') {
  const start = new Date(Date.now() + days * DAY);
  return {
    resourceType: 'Appointment',
    status,
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60 * 1000).toISOString(),
    participant: [{ actor: { reference: patient.profile }, status: 'accepted' }],
  };
}

const expectOverLimit = (res: RawResponse, text = OVER_LIMIT) => {
  expect(res.status).toBe(422);
  expect(res.body.resourceType).toBe('OperationOutcome');
  expect(res.body.issue[0].details.text).toBe(text);
};

describe.each(backends())('future appointment limit (%s)', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 120_000);
  afterAll(() => server?.destroy());

  const patient = () => createAccount(server, 'Patient', { given: 'Hoarder' });
  const book = (who: TestAccount, days: number, status?: string) =>
    fhirAs(server, who.token)('POST', 'Appointment', appointment(who, days, status));
  const upcoming = async (who: TestAccount) => {
    const res = await fhirAs(server, who.token)(
      'GET',
      `Appointment?actor=${who.profile}&date=ge${new Date().toISOString().slice(0, 10)}&_count=100`
    );
    return (res.body.entry ?? []).length;
  };

  describe('when a patient books one appointment after another', () => {
    it('refuses the fourth upcoming one with 422 and says why', async () => {
      const hoarder = await patient();
      for (const days of [1, 2, 3]) expect((await book(hoarder, days)).status).toBe(201);
      expectOverLimit(await book(hoarder, 4));
      expect(await upcoming(hoarder)).toBe(3);
    });

    it('does not count past or cancelled appointments', async () => {
      const hoarder = await patient();
      expect((await book(hoarder, -30)).status).toBe(201);
      expect((await book(hoarder, 5, 'cancelled')).status).toBe(201);
      for (const days of [1, 2, 3]) expect((await book(hoarder, days)).status).toBe(201);
      expectOverLimit(await book(hoarder, 4));
    });
  });

  describe('when a patient books many at once', () => {
    it('grants exactly three of eight parallel requests', async () => {
      const hoarder = await patient();
      const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((days) => book(hoarder, days)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      for (const refused of results.filter((r) => r.status !== 201)) expectOverLimit(refused);
      expect(await upcoming(hoarder)).toBe(3);
    });

    it('refuses a transaction of four whole, and a batch after the third entry', async () => {
      const hoarder = await patient();
      const api = fhirAs(server, hoarder.token);
      const entries = [1, 2, 3, 4].map((days) => ({
        request: { method: 'POST', url: 'Appointment' },
        resource: appointment(hoarder, days),
      }));
      expectOverLimit(await api('POST', '', { resourceType: 'Bundle', type: 'transaction', entry: entries }));
      expect(await upcoming(hoarder)).toBe(0);
      const batch = await api('POST', '', { resourceType: 'Bundle', type: 'batch', entry: entries });
      expect(batch.body.entry.map((e: any) => e.response.status)).toEqual([
        '201 Created',
        '201 Created',
        '201 Created',
        '422 Unprocessable Entity',
      ]);
      expect(batch.body.entry[3].response.outcome.issue[0].details.text).toBe(OVER_LIMIT);
    });

    it('leaves the Slot free when the portal’s booking transaction is over the limit', async () => {
      const hoarder = await patient();
      for (const days of [1, 2, 3]) expect((await book(hoarder, days)).status).toBe(201);
      const practitioner = (await createAccount(server, 'Practitioner')).profile;
      const schedule = await server.ctx.systemRepo.createResource<any>({
        resourceType: 'Schedule',
        actor: [{ reference: practitioner }],
      });
      const start = new Date(Date.now() + 10 * DAY);
      const slot = await server.ctx.systemRepo.createResource<Slot>({
        resourceType: 'Slot',
        schedule: { reference: `Schedule/${schedule.id}` },
        status: 'free',
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * 60 * 1000).toISOString(),
      });
      const res = await fhirAs(server, hoarder.token)(
        'POST',
        '',
        buildBookingBundle({
          slot,
          patient: { reference: hoarder.profile },
          actor: { reference: practitioner },
          createUuid: randomUUID,
        })
      );
      expectOverLimit(res);
      expect((await fhirAs(server, hoarder.token)('GET', `Slot/${slot.id}`)).body.status).toBe('free');
    });
  });

  describe('when the clinic books for the patient', () => {
    it('is not held to the patient’s limit', async () => {
      const hoarder = await patient();
      for (const days of [1, 2, 3]) expect((await book(hoarder, days)).status).toBe(201);
      const doctor = await createAccount(server, 'Practitioner');
      const res = await fhirAs(server, doctor.token)('POST', 'Appointment', appointment(hoarder, 4));
      expect(res.status).toBe(201);
    });
  });

  describe('when the server is configured with another limit', () => {
    it('holds the patient to that one', async () => {
      const strict = await startTestServer(backend, { futureAppointmentsPerPatient: 1 });
      try {
        const hoarder = await createAccount(strict, 'Patient');
        const api = fhirAs(strict, hoarder.token);
        expect((await api('POST', 'Appointment', appointment(hoarder, 1))).status).toBe(201);
        expectOverLimit(
          await api('POST', 'Appointment', appointment(hoarder, 2)),
          'A patient may hold at most 1 upcoming appointment; cancel one to book another'
        );
      } finally {
        await strict.destroy();
      }
    }, 60_000);
  });
});
