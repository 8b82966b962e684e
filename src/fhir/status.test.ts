import { statusColor } from './status';

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
