// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getMonthStart, getSlotSearchWindow, SLOT_SEARCH_HOURS } from './window';

const NY = 'America/New_York';
const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe('getSlotSearchWindow', () => {
  it('runs from midnight today in the patient time zone to 744 hours later', () => {
    const window = getSlotSearchWindow({ now: new Date('2026-02-10T15:30:00Z'), timeZone: NY });
    expect(iso(window)).toEqual(['2026-02-10T05:00:00.000Z', '2026-03-13T05:00:00.000Z']);
    expect(window.end.getTime() - window.start.getTime()).toBe(SLOT_SEARCH_HOURS * 3_600_000);
  });

  it("uses the patient's day, not UTC's, late in the evening", () => {
    // 22:00 on March 5 in New York is already March 6 in UTC.
    const window = getSlotSearchWindow({ now: new Date('2026-03-06T03:00:00Z'), timeZone: NY });
    expect(window.start.toISOString()).toBe('2026-03-05T05:00:00.000Z');
  });

  it('keeps 744 real hours across the spring daylight-saving change', () => {
    const window = getSlotSearchWindow({ now: new Date('2026-03-01T12:00:00Z'), timeZone: NY });
    // Midnight EST (UTC-5) to 744 hours later, which is 01:00 EDT on April 1.
    expect(iso(window)).toEqual(['2026-03-01T05:00:00.000Z', '2026-04-01T05:00:00.000Z']);
  });

  describe('when a later month is viewed', () => {
    it("starts at that month's first midnight", () => {
      const window = getSlotSearchWindow({
        now: new Date('2026-03-20T12:00:00Z'),
        month: new Date('2026-04-15T12:00:00Z'),
        timeZone: NY,
      });
      expect(iso(window)).toEqual(['2026-04-01T04:00:00.000Z', '2026-05-02T04:00:00.000Z']);
    });

    it('starts at the month start after the autumn change (EST)', () => {
      const window = getSlotSearchWindow({
        now: new Date('2026-10-20T12:00:00Z'),
        month: new Date('2026-11-10T00:00:00Z'),
        timeZone: NY,
      });
      expect(window.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    });
  });

  describe('when an earlier month is viewed', () => {
    it('still starts today', () => {
      const window = getSlotSearchWindow({
        now: new Date('2026-03-20T12:00:00Z'),
        month: new Date('2026-02-01T12:00:00Z'),
        timeZone: NY,
      });
      expect(window.start.toISOString()).toBe('2026-03-20T04:00:00.000Z');
    });
  });

  it('works in a zone east of UTC', () => {
    const window = getSlotSearchWindow({ now: new Date('2026-06-30T16:00:00Z'), timeZone: 'Asia/Tokyo' });
    // 01:00 on July 1 in Tokyo.
    expect(window.start.toISOString()).toBe('2026-06-30T15:00:00.000Z');
  });

  it('throws an error that says how to fix an unknown time zone', () => {
    expect(() => getSlotSearchWindow({ now: new Date(), timeZone: 'Mars/Olympus' })).toThrow(/pass an IANA name/);
  });
});

describe('getMonthStart', () => {
  it("is the month's first midnight in the time zone", () => {
    // Midnight EDT on November 1 (the clocks go back at 2 AM that day).
    const start = getMonthStart(new Date('2026-11-30T12:00:00Z'), NY);
    expect(start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect([start.getDate(), start.getHours()]).toEqual([1, 0]);
  });
});
