// TZDateMini: the zone arithmetic without TZDate's string methods (see slots.ts).
import type { TZDate } from '@date-fns/tz';
import { TZDateMini } from '@date-fns/tz/date/mini';
import { startOfDay, startOfMonth } from 'date-fns';

/** How far the slot search reaches from its start: 744 hours (31 days). */
export const SLOT_SEARCH_HOURS = 744;

/** The most slots one search asks for (`_count`). */
export const SLOT_SEARCH_COUNT = 720;

/** The time range one slot search covers; `start` inclusive of midnight, `end` exclusive. */
export interface SlotSearchWindow {
  /** Midnight today in the patient's time zone, or the viewed month's first midnight if that is later. */
  readonly start: Date;
  /** {@link SLOT_SEARCH_HOURS} hours after `start`. */
  readonly end: Date;
}

/** Inputs of {@link getSlotSearchWindow}. */
export interface SlotSearchWindowOptions {
  /** The current instant, from the caller's clock. */
  readonly now: Date;
  /** The patient's IANA time zone, e.g. `America/New_York`. */
  readonly timeZone: string;
  /** Any instant in the month the calendar shows; the current month when absent. */
  readonly month?: Date;
}

/** The window a slot search covers for the viewed month, in the patient's time zone. */
export function getSlotSearchWindow({ now, timeZone, month }: SlotSearchWindowOptions): SlotSearchWindow {
  assertTimeZone(timeZone);
  const today = startOfDay(new TZDateMini(now.getTime(), timeZone));
  const monthStart = startOfMonth(new TZDateMini((month ?? now).getTime(), timeZone));
  const start = Math.max(today.getTime(), monthStart.getTime());
  // 744 real hours, not 31 calendar days: the spec fixes the length in hours.
  return { start: new Date(start), end: new Date(start + SLOT_SEARCH_HOURS * 3_600_000) };
}

/** The first instant of the month holding `date`, in the time zone, as a TZDate (its TZDateMini build). */
export function getMonthStart(date: Date, timeZone: string): TZDate {
  assertTimeZone(timeZone);
  return startOfMonth(new TZDateMini(date.getTime(), timeZone));
}

/** Throws an error that says how to fix the call when the time zone is not a valid IANA name or offset. */
export function assertTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
  } catch {
    throw new RangeError(
      `Invalid time zone "${timeZone}": pass an IANA name such as "America/New_York" (Intl.DateTimeFormat().resolvedOptions().timeZone gives the browser's)`
    );
  }
}
