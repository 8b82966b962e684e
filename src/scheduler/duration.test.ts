// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDuration, formatSlotDuration } from './duration';

describe('formatSlotDuration', () => {
  it.each([
    ['2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z', '1 hour'],
    ['2026-03-01T10:00:00Z', '2026-03-01T10:30:00Z', '30 minutes'],
    ['2026-03-01T10:00:00Z', '2026-03-01T11:30:00Z', '1 hour 30 minutes'],
    ['2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z', '2 hours'],
    ['2026-03-01T10:00:00Z', '2026-03-01T10:01:00Z', '1 minute'],
    ['2026-03-01T10:00:00-05:00', '2026-03-01T11:00:00-05:00', '1 hour'],
  ])('from %s to %s is %s', (start, end, text) => {
    expect(formatSlotDuration({ start, end })).toBe(text);
  });

  it('measures real time across the daylight-saving change', () => {
    // 01:30 EST to 03:30 EDT on 2026-03-08 is one hour.
    expect(formatSlotDuration({ start: '2026-03-08T01:30:00-05:00', end: '2026-03-08T03:30:00-04:00' })).toBe('1 hour');
  });

  it('is undefined without a start or end', () => {
    expect(formatSlotDuration({ start: '2026-03-01T10:00:00Z' })).toBeUndefined();
  });

  it('takes other words', () => {
    expect(formatDuration(90, { hours: (n) => `${n} h`, minutes: (n) => `${n} min` })).toBe('1 h 30 min');
  });
});
