/** Seed: the doctor's Schedule with free one-hour Slots, weekdays 09:00–17:00 UTC, for 31 days. */
import type { Schedule, Slot } from '../../../src/fhir/types';
import { DemoIds } from './ids';
import { DOCTOR_NAME } from './people';
import { daysFrom, iso } from './clock';
import { seedId } from './seed-id';

/** Slot window: days ahead (portal.md: the scheduler looks 744 hours ahead). */
export const SLOT_DAYS = 31;
/** First and last slot start hours (UTC); the last slot ends at 17:00. */
export const SLOT_HOURS = { first: 9, last: 16 } as const;

/** The schedule and every slot that starts after `now`. */
export function buildSchedule(now: Date): (Schedule | Slot)[] {
  const schedule: Schedule = {
    resourceType: 'Schedule',
    id: DemoIds.schedule,
    active: true,
    actor: [{ reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME }],
    serviceType: [{ text: 'Primary care visit' }],
    planningHorizon: { start: iso(daysFrom(now, 0, 0)), end: iso(daysFrom(now, SLOT_DAYS, 0)) },
    comment: 'Free one-hour slots on weekdays, 09:00 to 17:00 UTC.',
  };
  const slots: Slot[] = [];
  for (let day = 0; day < SLOT_DAYS; day++) {
    const midnight = daysFrom(now, day, 0);
    const weekday = midnight.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let hour = SLOT_HOURS.first; hour <= SLOT_HOURS.last; hour++) {
      const start = daysFrom(now, day, hour);
      if (start.getTime() <= now.getTime()) continue;
      slots.push({
        resourceType: 'Slot',
        id: seedId(`slot:${start.toISOString()}`),
        schedule: { reference: `Schedule/${DemoIds.schedule}` },
        status: 'free',
        start: iso(start),
        end: iso(new Date(start.getTime() + 3600_000)),
        serviceType: [{ text: 'Primary care visit' }],
      });
    }
  }
  return [schedule, ...slots];
}
