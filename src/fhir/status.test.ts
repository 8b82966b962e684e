import { getBadgeStatus, statusColor } from './status';
import type { Immunization } from './types';

describe('statusColor', () => {
  describe('when the status is in the spec table', () => {
    it.each([
      ['green', ['completed', 'final', 'fulfilled', 'finished', 'connected']],
      [
        'red',
        [
          'revoked',
          'cancelled',
          'rejected',
          'failed',
          'noshow',
          'not-done',
          'urgent',
          'asap',
          'stat',
          'disconnected',
          'entered-in-error',
        ],
      ],
      ['yellow', ['on-hold', 'amended', 'corrected']],
      ['blue', ['draft', 'active', 'requested', 'pending', 'booked', 'in-progress', 'proposed']],
      ['gray', ['unknown', 'retired', 'waitlist', 'routine', 'planned']],
    ] as const)('shows %s', (color, statuses) => {
      for (const status of statuses) expect(statusColor(status)).toBe(color);
    });
  });

  describe('when the status is unknown or missing', () => {
    it.each(['something-else', '', undefined, 'constructor', 'COMPLETED'])('shows gray for %j', (status) =>
      expect(statusColor(status)).toBe('gray')
    );
  });
});

describe('getBadgeStatus', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  const vaccine = (fields: Partial<Immunization>): Immunization => ({
    resourceType: 'Immunization',
    status: 'not-done',
    vaccineCode: { text: 'Influenza' },
    patient: { reference: 'Patient/p1' },
    ...fields,
  });

  it('is the resource status', () => {
    expect(getBadgeStatus({ resourceType: 'Observation', status: 'final', code: {} }, now)).toBe('final');
    expect(getBadgeStatus(vaccine({ status: 'completed', occurrenceDateTime: '2024-07-01' }), now)).toBe('completed');
  });

  it('is unknown for a resource without a status', () => {
    expect(getBadgeStatus({ resourceType: 'Patient' }, now)).toBe('unknown');
  });

  describe('for a vaccine not given yet', () => {
    it('is scheduled when its date is to come', () => {
      expect(getBadgeStatus(vaccine({ occurrenceDateTime: '2024-06-13T10:00:00Z' }), now)).toBe('scheduled');
    });

    it('is scheduled when its status reason says so', () => {
      expect(getBadgeStatus(vaccine({ statusReason: { text: ' Scheduled ' } }), now)).toBe('scheduled');
      expect(getBadgeStatus(vaccine({ statusReason: { coding: [{ code: 'x', display: 'scheduled' }] } }), now)).toBe(
        'scheduled'
      );
    });

    it('stays not-done for a past date with another reason', () => {
      expect(
        getBadgeStatus(vaccine({ occurrenceDateTime: '2024-05-01', statusReason: { text: 'Patient refused' } }), now)
      ).toBe('not-done');
      expect(getBadgeStatus(vaccine({}), now)).toBe('not-done');
    });
  });

  it('is blue when scheduled', () => {
    expect(statusColor('scheduled')).toBe('blue');
  });
});
