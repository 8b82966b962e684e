/** Date helpers for seed data dated relative to "now". All times are UTC. */

const DAY = 24 * 3600_000;

/** Midnight UTC of the day of `now`. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `now` shifted by whole days (negative = past), at the given UTC hour. */
export function daysFrom(now: Date, days: number, hour = 9, minute = 0): Date {
  const d = startOfUtcDay(now);
  return new Date(d.getTime() + days * DAY + hour * 3600_000 + minute * 60_000);
}

/** ISO instant without milliseconds. */
export function iso(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** YYYY-MM-DD of a date. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
