// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildSlotSearchQuery } from './query';
import { getScheduleReference, resolveScheduleSource } from './schedules';

const window = { start: new Date('2026-03-01T05:00:00Z'), end: new Date('2026-04-01T05:00:00Z') };

describe('buildSlotSearchQuery', () => {
  it('asks for up to 720 free slots of every schedule inside the window', () => {
    expect(buildSlotSearchQuery(['Schedule/a', 'Schedule/b'], window).toString()).toBe(
      '_count=720&schedule=Schedule%2Fa%2CSchedule%2Fb&start=gt2026-03-01T05%3A00%3A00.000Z&start=lt2026-04-01T05%3A00%3A00.000Z&status=free'
    );
  });

  it('throws when there is no schedule', () => {
    expect(() => buildSlotSearchQuery([], window)).toThrow(/at least one schedule reference/);
  });
});

describe('schedules', () => {
  it('names a schedule resource or a reference', () => {
    expect(getScheduleReference({ resourceType: 'Schedule', id: 's1', actor: [] })).toBe('Schedule/s1');
    expect(getScheduleReference({ reference: 'Schedule/s2' })).toBe('Schedule/s2');
    expect(() => getScheduleReference({ resourceType: 'Schedule', actor: [] })).toThrow(/needs an id/);
  });

  it('resolves one, a list or a function', async () => {
    expect(await resolveScheduleSource({ reference: 'Schedule/1' })).toEqual([{ reference: 'Schedule/1' }]);
    expect(await resolveScheduleSource([{ reference: 'Schedule/1' }, { reference: 'Schedule/2' }])).toHaveLength(2);
    expect(await resolveScheduleSource(async () => ({ reference: 'Schedule/3' }))).toEqual([
      { reference: 'Schedule/3' },
    ]);
    expect(await resolveScheduleSource(() => undefined)).toEqual([]);
  });
});
