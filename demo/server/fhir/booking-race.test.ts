// The booking race of issue 6, through the real server: twenty patients, each with their own
// FhirClient and token, send the Scheduler's booking transaction for the same slot at the same
// moment. Exactly one gets the hour; every other one fails as "taken" (the error the Scheduler
// turns into 'That time was just taken. Please choose another.'), and nothing is half-written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Slot } from '../../../src/fhir';
import { buildBookingBundle, isSlotTakenError } from '../../../src/scheduler';
import {
  backends,
  clientFor,
  createAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from '../test/test-server';

const CLIENTS = 20;

describe.each(backends())('a booking race on %s', (backend) => {
  let server: TestServer;
  let patients: TestAccount[];
  let slot: Slot;
  let practitioner: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const doctor = await createAccount(server, 'Practitioner', { given: 'Julia', family: 'Hibbert' });
    practitioner = doctor.profile;
    const schedule = await server.ctx.systemRepo.createResource<any>({
      resourceType: 'Schedule',
      active: true,
      actor: [{ reference: practitioner }],
    });
    slot = await server.ctx.systemRepo.createResource<Slot>({
      resourceType: 'Slot',
      schedule: { reference: `Schedule/${schedule.id}` },
      status: 'free',
      start: '2031-03-10T14:00:00Z',
      end: '2031-03-10T15:00:00Z',
    });
    patients = [];
    for (let i = 0; i < CLIENTS; i++) patients.push(await createAccount(server, 'Patient', { given: `P${i}` }));
  }, 180_000);

  afterAll(async () => {
    await server?.destroy();
  });

  it(`lets exactly one of ${CLIENTS} concurrent bookings win; the others are told the slot is taken`, async () => {
    // Every patient read the same free slot, so every transaction carries the same If-Match.
    const seen = await clientFor(server, patients[0].token).readResource('Slot', slot.id!);
    const results = await Promise.allSettled(
      patients.map((patient) =>
        clientFor(server, patient.token).executeBatch(
          buildBookingBundle({
            slot: seen,
            patient: { reference: patient.profile },
            actor: { reference: practitioner },
            createUuid: randomUUID,
          })
        )
      )
    );

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(CLIENTS - 1);
    expect(lost.filter((r) => !isSlotTakenError(r.reason)).map((r) => String(r.reason))).toEqual([]);

    // One appointment, booked, and the slot busy: the losers wrote nothing.
    const doctor = clientFor(server, (await createAccount(server, 'Practitioner')).token);
    const appointments = await doctor.searchResources('Appointment', { slot: `Slot/${slot.id}` });
    expect(appointments).toHaveLength(1);
    expect((appointments[0] as Appointment).status).toBe('booked');
    expect((await doctor.readResource('Slot', slot.id!)).status).toBe('busy');
  }, 120_000);
});
