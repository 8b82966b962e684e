// Item 9: a booked Slot named the booking patient in meta.author, and every patient can read
// Slots. Catalogue resources never carry a patient's identity to other readers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slot } from '../../../src/fhir';
import { buildBookingBundle } from '../../../src/scheduler';
import {
  backends,
  clientFor,
  createAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('catalogue identity (%s)', (backend) => {
  let server: TestServer;
  let booker: TestAccount;
  let other: TestAccount;
  let slot: Slot;
  let practitioner: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    practitioner = (await createAccount(server, 'Practitioner')).profile;
    const schedule = await server.ctx.systemRepo.createResource<any>({
      resourceType: 'Schedule',
      actor: [{ reference: practitioner }],
    });
    slot = await server.ctx.systemRepo.createResource<Slot>({
      resourceType: 'Slot',
      schedule: { reference: `Schedule/${schedule.id}` },
      status: 'free',
      start: '2031-03-10T14:00:00Z',
      end: '2031-03-10T15:00:00Z',
    });
    booker = await createAccount(server, 'Patient', { given: 'Booker' });
    other = await createAccount(server, 'Patient', { given: 'Curious' });
  }, 60_000);
  afterAll(() => server?.destroy());

  describe('when a patient books a slot', () => {
    it('leaves no trace of who booked it on the Slot, its history or a search', async () => {
      const client = clientFor(server, booker.token);
      const seen = await client.readResource('Slot', slot.id!);
      await client.executeBatch(
        buildBookingBundle({
          slot: seen,
          patient: { reference: booker.profile },
          actor: { reference: practitioner },
          createUuid: randomUUID,
        })
      );
      const api = fhirAs(server, other.token);
      const read = await api('GET', `Slot/${slot.id}`);
      expect(read.body.status).toBe('busy');
      for (const res of [
        read,
        await api('GET', `Slot/${slot.id}/_history`),
        await api('GET', `Slot/${slot.id}/_history/2`),
        await api('GET', 'Slot/_history'),
        await api('GET', 'Slot?status=busy'),
        // The Appointment that booked it names the booker: it stays in the booker's compartment.
        await api('GET', `Slot?_id=${slot.id}&_revinclude=Appointment:slot`),
        await api('GET', `Appointment?slot=Slot/${slot.id}`),
        await api('POST', '', {
          resourceType: 'Bundle',
          type: 'batch',
          entry: [{ request: { method: 'GET', url: `Slot/${slot.id}` } }],
        }),
      ]) {
        expect(res.status).toBe(200);
        expect(res.text).not.toContain(booker.id);
      }
    });
  });
});
