// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Bundle, QuestionnaireResponse, Slot } from '../fhir';
import { errorOutcome, OperationOutcomeError } from '../fhir/outcomes';
import { bookSlot, buildBookingBundle, getBookedAppointment, hasFailedEntry, isSlotTakenError } from './booking';

const slot: Slot = {
  resourceType: 'Slot',
  id: 'slot-1',
  meta: { versionId: '3' },
  schedule: { reference: 'Schedule/s' },
  status: 'free',
  start: '2026-03-09T14:00:00Z',
  end: '2026-03-09T15:00:00Z',
};
const response: QuestionnaireResponse = { resourceType: 'QuestionnaireResponse', status: 'completed' };
const base = {
  slot,
  patient: { reference: 'Patient/p1', display: 'Pat Doe' },
  actor: { reference: 'Practitioner/dr', display: 'Dr. Alice Smith' },
  createUuid: () => '00000000-0000-4000-8000-000000000001',
};

describe('buildBookingBundle', () => {
  it('creates the answers, books the appointment and marks the slot busy in one transaction', () => {
    expect(buildBookingBundle({ ...base, response })).toEqual({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000001',
          resource: response,
          request: { method: 'POST', url: 'QuestionnaireResponse' },
        },
        {
          resource: {
            resourceType: 'Appointment',
            status: 'booked',
            slot: [{ reference: 'Slot/slot-1' }],
            start: '2026-03-09T14:00:00Z',
            end: '2026-03-09T15:00:00Z',
            participant: [
              { actor: { reference: 'Patient/p1', display: 'Pat Doe' }, status: 'accepted' },
              { actor: { reference: 'Practitioner/dr', display: 'Dr. Alice Smith' }, status: 'accepted' },
            ],
            supportingInformation: [{ reference: 'urn:uuid:00000000-0000-4000-8000-000000000001' }],
          },
          request: { method: 'POST', url: 'Appointment' },
        },
        {
          resource: { ...slot, status: 'busy' },
          request: { method: 'PUT', url: 'Slot/slot-1', ifMatch: 'W/"3"' },
        },
      ],
    });
  });

  it('links saved answers or a reference without creating them', () => {
    const saved = buildBookingBundle({ ...base, response: { ...response, id: 'qr1' } });
    expect(saved.entry).toHaveLength(2);
    expect((saved.entry?.[0].resource as any).supportingInformation).toEqual([
      { reference: 'QuestionnaireResponse/qr1' },
    ]);
    const ref = buildBookingBundle({ ...base, response: { reference: 'QuestionnaireResponse/qr2' } });
    expect((ref.entry?.[0].resource as any).supportingInformation).toEqual([
      { reference: 'QuestionnaireResponse/qr2' },
    ]);
  });

  it('leaves supportingInformation out without answers', () => {
    const bundle = buildBookingBundle(base);
    expect(bundle.entry?.[0].resource).not.toHaveProperty('supportingInformation');
  });

  it('throws errors that say how to fix the call', () => {
    expect(() => buildBookingBundle({ ...base, slot: { ...slot, meta: undefined } })).toThrow(/meta.versionId/);
    expect(() => buildBookingBundle({ ...base, slot: { ...slot, id: undefined } })).toThrow(/with an id/);
    expect(() => buildBookingBundle({ ...base, patient: {} })).toThrow(/patient reference/);
  });
});

describe('transaction responses', () => {
  const sent = buildBookingBundle({ ...base, response });

  it('finds the booked appointment from the returned resource or its location', () => {
    const returned: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: [
        { response: { status: '201 Created' } },
        {
          resource: { resourceType: 'Appointment', id: 'a1', status: 'booked', participant: [] },
          response: { status: '201 Created' },
        },
        { response: { status: '200 OK' } },
      ],
    };
    expect(hasFailedEntry(returned)).toBe(false);
    expect(getBookedAppointment(sent, returned).id).toBe('a1');
    const located: Bundle = {
      ...returned,
      entry: [returned.entry![0], { response: { status: '201', location: 'Appointment/a2/_history/1' } }],
    };
    expect(getBookedAppointment(sent, located)).toMatchObject({ id: 'a2', status: 'booked' });
  });

  it('sees a failed entry', () => {
    expect(
      hasFailedEntry({
        resourceType: 'Bundle',
        type: 'transaction-response',
        entry: [{ response: { status: '412 Precondition Failed' } }],
      })
    ).toBe(true);
  });
});

describe('isSlotTakenError', () => {
  it('is true for conflicts and false for other failures', () => {
    expect(isSlotTakenError(new OperationOutcomeError(errorOutcome('Version mismatch', 'conflict')))).toBe(true);
    expect(isSlotTakenError({ status: 412 })).toBe(true);
    expect(isSlotTakenError(new OperationOutcomeError(errorOutcome('Forbidden', 'forbidden')))).toBe(false);
    expect(isSlotTakenError(new Error('Failed to fetch'))).toBe(false);
  });
});

describe('bookSlot', () => {
  const booked: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction-response',
    entry: [
      { response: { status: '201 Created' } },
      { response: { status: '201 Created', location: 'Appointment/a1/_history/1' } },
      { response: { status: '200 OK' } },
    ],
  };

  it('sends the one booking transaction and returns the booked appointment', async () => {
    const sent: Bundle[] = [];
    const result = await bookSlot({
      ...base,
      response,
      executeBatch: async (bundle) => {
        sent.push(bundle);
        return booked;
      },
    });
    expect(sent).toEqual([buildBookingBundle({ ...base, response })]);
    expect(result).toMatchObject({ status: 'booked', appointment: { id: 'a1', status: 'booked' }, response: booked });
  });

  describe('when another patient took the slot first', () => {
    it('says taken for a conflict error or a failed entry', async () => {
      const conflict = new OperationOutcomeError(errorOutcome('Version mismatch', 'conflict'));
      await expect(bookSlot({ ...base, executeBatch: () => Promise.reject(conflict) })).resolves.toEqual({
        status: 'taken',
        error: conflict,
      });
      const failed: Bundle = { ...booked, entry: [{ response: { status: '412 Precondition Failed' } }] };
      await expect(bookSlot({ ...base, executeBatch: async () => failed })).resolves.toEqual({
        status: 'taken',
        error: failed,
      });
    });
  });

  it('rejects on any other failure', async () => {
    const forbidden = new OperationOutcomeError(errorOutcome('Forbidden', 'forbidden'));
    await expect(bookSlot({ ...base, executeBatch: () => Promise.reject(forbidden) })).rejects.toBe(forbidden);
  });
});
