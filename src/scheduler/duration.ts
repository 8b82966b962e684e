import type { Slot } from '../fhir';

/** The slot's length in whole minutes (end minus start); undefined when either is missing or invalid. */
export function getSlotDurationMinutes(slot: Partial<Pick<Slot, 'start' | 'end'>>): number | undefined {
  if (!slot.start || !slot.end) return undefined;
  const ms = Date.parse(slot.end) - Date.parse(slot.start);
  return Number.isNaN(ms) || ms < 0 ? undefined : Math.round(ms / 60_000);
}

/** Words for {@link formatDuration}; replace them to translate. */
export interface DurationWords {
  readonly hours: (count: number) => string;
  readonly minutes: (count: number) => string;
}

/** English duration words: '1 hour', '2 hours', '1 minute', '30 minutes'. */
export const englishDurationWords: DurationWords = {
  hours: (n) => `${n} ${n === 1 ? 'hour' : 'hours'}`,
  minutes: (n) => `${n} ${n === 1 ? 'minute' : 'minutes'}`,
};

/** A length in minutes as words: '1 hour', '30 minutes', '1 hour 30 minutes'. */
export function formatDuration(totalMinutes: number, words: DurationWords = englishDurationWords): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return words.minutes(minutes);
  return minutes === 0 ? words.hours(hours) : `${words.hours(hours)} ${words.minutes(minutes)}`;
}

/** The slot's length as words ('1 hour'), or undefined when it has no valid start and end. */
export function formatSlotDuration(
  slot: Partial<Pick<Slot, 'start' | 'end'>>,
  words?: DurationWords
): string | undefined {
  const minutes = getSlotDurationMinutes(slot);
  return minutes === undefined ? undefined : formatDuration(minutes, words);
}
