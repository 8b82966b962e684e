// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Slot } from '../fhir';
import { fromDayKey, getTimesForDay, groupSlotsByDay, toDayKey } from './slots';

const NY = 'America/New_York';
const slot = (id: string, start: string, minutes = 60): Slot => ({
  resourceType: 'Slot',
  id,
  schedule: { reference: 'Schedule/s' },
  status: 'free',
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});
const ids = (slots: readonly Slot[]) => slots.map((s) => s.id);

describe('groupSlotsByDay', () => {
  it('groups by calendar day in the patient time zone and sorts each day ascending', () => {
    const byDay = groupSlotsByDay(
      [slot('b', '2026-02-10T16:00:00Z'), slot('a', '2026-02-10T14:00:00Z'), slot('late', '2026-02-11T03:00:00Z')],
      NY
    );
    expect([...byDay.days.keys()]).toEqual(['2026-02-10']);
    // 03:00Z on Feb 11 is 22:00 on Feb 10 in New York.
    expect(ids(getTimesForDay(byDay, '2026-02-10'))).toEqual(['a', 'b', 'late']);
    expect(byDay.issues).toEqual([]);
  });

  it('drops slots without start or end and reports each', () => {
    const byDay = groupSlotsByDay(
      [
        {
          resourceType: 'Slot',
          id: 'no-start',
          schedule: { reference: 'Schedule/s' },
          status: 'free',
          end: '2026-02-10T15:00:00Z',
        } as Slot,
        {
          resourceType: 'Slot',
          id: 'no-end',
          schedule: { reference: 'Schedule/s' },
          status: 'free',
          start: '2026-02-10T15:00:00Z',
        } as Slot,
        slot('ok', '2026-02-10T15:00:00Z'),
      ],
      NY
    );
    expect(ids(byDay.slots)).toEqual(['ok']);
    expect(byDay.issues.map((i) => i.details?.text)).toEqual([
      'Slot/no-start has no start and was left out',
      'Slot/no-end has no end and was left out',
    ]);
    expect(byDay.issues[0]).toMatchObject({ severity: 'warning', expression: ['Slot.start'] });
  });

  describe('when daylight saving starts (America/New_York, 2026-03-08, 23 hours)', () => {
    const byDay = groupSlotsByDay(
      [
        slot('0130-est', '2026-03-08T06:30:00Z'), // 01:30 EST
        slot('0330-edt', '2026-03-08T07:30:00Z'), // 03:30 EDT, one hour later in real time
        slot('2330-edt', '2026-03-09T03:30:00Z'), // 23:30 EDT on March 8
        slot('next-0030', '2026-03-09T04:30:00Z'), // 00:30 on March 9: 23.5 hours after March 8's midnight
      ],
      NY
    );

    it("keeps the day's slots on that day, in order", () => {
      expect(ids(getTimesForDay(byDay, '2026-03-08'))).toEqual(['0130-est', '0330-edt', '2330-edt']);
    });

    it("does not list the next day's first slot on the short day", () => {
      expect(ids(getTimesForDay(byDay, '2026-03-09'))).toEqual(['next-0030']);
    });
  });

  describe('when daylight saving ends (America/New_York, 2026-11-01, 25 hours)', () => {
    const byDay = groupSlotsByDay(
      [
        slot('0130-est', '2026-11-01T06:30:00Z'), // the second 01:30 (EST)
        slot('0130-edt', '2026-11-01T05:30:00Z'), // the first 01:30 (EDT)
        slot('2330-est', '2026-11-02T04:30:00Z'), // 23:30 EST: 24.5 hours after midnight, still November 1
      ],
      NY
    );

    it('lists both 1:30 AM slots in real-time order and the last hour of the long day', () => {
      expect(ids(getTimesForDay(byDay, '2026-11-01'))).toEqual(['0130-edt', '0130-est', '2330-est']);
      expect(getTimesForDay(byDay, '2026-11-02')).toEqual([]);
    });
  });
});

describe('day keys', () => {
  it('round-trips through midnight in the time zone', () => {
    // Midnight in New York: EST the day before the switch, EDT on it; the getters read the zone.
    expect(fromDayKey('2026-03-08', NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(fromDayKey('2026-03-09', NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(fromDayKey('2026-03-09', NY).getHours()).toBe(0);
    expect(toDayKey(fromDayKey('2026-11-01', NY), NY)).toBe('2026-11-01');
    expect(() => fromDayKey('March 8', NY)).toThrow(/yyyy-MM-dd/);
  });

  it("is the instant's calendar day in the zone, zero-padded", () => {
    // 03:30 UTC on 1 Jan is still 31 Dec in New York and already 1 Jan in Tokyo.
    expect(toDayKey('2027-01-01T03:30:00Z', NY)).toBe('2026-12-31');
    expect(toDayKey('2027-01-01T03:30:00Z', 'Asia/Tokyo')).toBe('2027-01-01');
    expect(toDayKey(Date.UTC(2026, 2, 5, 12), 'UTC')).toBe('2026-03-05');
  });
});

describe('groupSlotsByDay with a clock', () => {
  it('does not offer a slot that started 5 minutes ago', () => {
    const now = () => new Date('2026-02-10T15:05:00Z');
    const byDay = groupSlotsByDay(
      [
        slot('started', '2026-02-10T15:00:00Z'),
        slot('next', '2026-02-10T16:00:00Z'),
        slot('now', '2026-02-10T15:05:00Z'),
      ],
      NY,
      { now }
    );
    expect(ids(getTimesForDay(byDay, '2026-02-10'))).toEqual(['now', 'next']);
    expect(ids(byDay.slots)).toEqual(['now', 'next']);
    expect(byDay.issues).toEqual([]);
  });

  it('does not offer a day whose slots have all started', () => {
    const byDay = groupSlotsByDay([slot('morning', '2026-02-10T14:00:00Z')], NY, {
      now: () => new Date('2026-02-10T14:05:00Z'),
    });
    expect(byDay.days.has('2026-02-10')).toBe(false);
  });
});
