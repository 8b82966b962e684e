// TZDateMini, not TZDate: the scheduler only reads and builds dates in a zone and formats
// through Intl with `timeZone`; TZDate adds zone-aware toString/toLocale* methods (1.3 KB
// minified, up front in every Scheduler) that nothing here calls. @date-fns/tz types
// TZDateMini's instances as TZDate, so the types say TZDate.
import type { TZDate } from '@date-fns/tz';
import { TZDateMini } from '@date-fns/tz/date/mini';
import type { OperationOutcomeIssue, Slot } from '../fhir';

/** A slot the scheduler can offer: it has an id, a start and an end that parse as instants. */
export type BookableSlot = Slot & { readonly id: string; readonly start: string; readonly end: string };

/** The slots of a search, grouped by calendar day in the patient's time zone. */
export interface SlotsByDay {
  /** Every bookable slot, sorted by start ascending. */
  readonly slots: readonly BookableSlot[];
  /** Day key (`yyyy-MM-dd` in the time zone) to that day's slots, sorted by start ascending. */
  readonly days: ReadonlyMap<string, readonly BookableSlot[]>;
  /** One warning per slot that was dropped, saying why. */
  readonly issues: readonly OperationOutcomeIssue[];
}

/** The `yyyy-MM-dd` key of the calendar day an instant falls on in the time zone. */
export function toDayKey(instant: Date | string | number, timeZone: string): string {
  const time =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  // TZDateMini's getters read the calendar in its zone. The key is built from them rather than with
  // date-fns `format`, which would bring its formatters and English locale data (about 4 KB
  // gzipped) into every page that shows a Scheduler.
  const day = new TZDateMini(time, timeZone);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1, 2)}-${pad(day.getDate(), 2)}`;
}

/** Midnight of a `yyyy-MM-dd` day in the time zone, as a TZDate (its TZDateMini build). */
export function fromDayKey(dayKey: string, timeZone: string): TZDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayKey);
  if (!match) throw new TypeError(`Invalid day "${dayKey}": use the yyyy-MM-dd form, e.g. "2026-03-09"`);
  return new TZDateMini(Number(match[1]), Number(match[2]) - 1, Number(match[3]), timeZone);
}

/** Splits slots into those the scheduler can offer and one warning per slot it drops. */
export function validateSlots(slots: readonly Slot[]): { slots: BookableSlot[]; issues: OperationOutcomeIssue[] } {
  const valid: BookableSlot[] = [];
  const issues: OperationOutcomeIssue[] = [];
  slots.forEach((slot, index) => {
    const name = slot.id ? `Slot/${slot.id}` : `Slot at index ${index}`;
    const problem = !slot.id
      ? ['has no id', 'Slot.id']
      : !slot.start
        ? ['has no start', 'Slot.start']
        : !slot.end
          ? ['has no end', 'Slot.end']
          : Number.isNaN(Date.parse(slot.start))
            ? ['has an invalid start', 'Slot.start']
            : Number.isNaN(Date.parse(slot.end))
              ? ['has an invalid end', 'Slot.end']
              : undefined;
    if (problem) {
      issues.push({
        severity: 'warning',
        code: 'required',
        details: { text: `${name} ${problem[0]} and was left out` },
        expression: [problem[1]],
      });
    } else {
      valid.push(slot as BookableSlot);
    }
  });
  return { slots: valid, issues };
}

/** The slots that start at or after `now` (all of them when `now` is absent). */
export function removeStartedSlots<T extends BookableSlot>(slots: readonly T[], now: Date | undefined): T[] {
  if (!now) return [...slots];
  const time = now.getTime();
  return slots.filter((slot) => Date.parse(slot.start) >= time);
}

/** Sorts slots by start ascending (a copy; ties keep their order). */
export function sortSlotsByStart<T extends BookableSlot>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Options of {@link groupSlotsByDay}. */
export interface GroupSlotsOptions {
  /**
   * The clock. Slots that start before its instant are not offered (the search window starts
   * at midnight, so the morning's slots come back in the afternoon).
   * Without it every slot is kept.
   */
  readonly now?: () => Date;
}

/**
 * Drops unusable slots (with issues) and slots that have already started (silently: they
 * were bookable once, nothing is wrong with them), and groups the rest by calendar day in
 * the time zone.
 */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string, options: GroupSlotsOptions = {}): SlotsByDay {
  const { slots: valid, issues } = validateSlots(slots);
  const sorted = removeStartedSlots(sortSlotsByStart(valid), options.now?.());
  const days = new Map<string, BookableSlot[]>();
  for (const slot of sorted) {
    const key = toDayKey(slot.start, timeZone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return { slots: sorted, days, issues };
}

/**
 * The slots offered on one day: those starting from that day's midnight until the next
 * midnight in the patient's time zone, sorted ascending.
 *
 * The slots of a day are those "within 24 hours after the selected date". That is the calendar day except
 * on the two daylight-saving days (23 and 25 hours long), where a fixed 24 hours would list
 * the next day's first hour twice, or hide the last hour of a day the calendar shows as
 * available. We use the calendar day so the calendar and the time list always agree.
 */
export function getTimesForDay(byDay: SlotsByDay, dayKey: string): readonly BookableSlot[] {
  return byDay.days.get(dayKey) ?? [];
}
