// Timing and Dosage as a person says them: '1 tablet by mouth twice a day for 10 days'.
// English phrasing; a team that needs another language formats the structured fields itself.

import { formatDate, formatTime } from './dates';
import { formatCodeableConcept, formatQuantity, formatRange } from './display';
import type { Dosage, Duration, Quantity, Timing, TimingRepeat } from './types';

const UNIT_WORDS: Record<string, [singular: string, plural: string]> = {
  s: ['second', 'seconds'],
  min: ['minute', 'minutes'],
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  wk: ['week', 'weeks'],
  mo: ['month', 'months'],
  a: ['year', 'years'],
};

// HL7 event timing codes (http://hl7.org/fhir/R4/valueset-event-timing.html) as phrases.
const WHEN_PHRASES: Record<string, string> = {
  MORN: 'in the morning',
  'MORN.early': 'early in the morning',
  'MORN.late': 'late in the morning',
  NOON: 'at noon',
  AFT: 'in the afternoon',
  'AFT.early': 'early in the afternoon',
  'AFT.late': 'late in the afternoon',
  EVE: 'in the evening',
  'EVE.early': 'early in the evening',
  'EVE.late': 'late in the evening',
  NIGHT: 'at night',
  PHS: 'after sleep',
  HS: 'before sleep',
  WAKE: 'on waking',
  C: 'with a meal',
  CM: 'with breakfast',
  CD: 'with lunch',
  CV: 'with dinner',
  AC: 'before a meal',
  ACM: 'before breakfast',
  ACD: 'before lunch',
  ACV: 'before dinner',
  PC: 'after a meal',
  PCM: 'after breakfast',
  PCD: 'after lunch',
  PCV: 'after dinner',
};

const DAY_NAMES: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

// Dose units people count; only these take a plural 's' ('2 tablets', never '2 mgs').
const COUNTABLE_UNITS = new Set([
  'tablet',
  'capsule',
  'drop',
  'puff',
  'patch',
  'spray',
  'unit',
  'application',
  'dose',
  'suppository',
  'lozenge',
  'injection',
  'pill',
]);

function unitWord(unit: string | undefined, count: number): string {
  const words = unit ? UNIT_WORDS[unit] : undefined;
  if (!words) return unit ?? '';
  return count === 1 ? words[0] : words[1];
}

function listJoin(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function timesWord(frequency: number, frequencyMax?: number): string {
  if (frequencyMax !== undefined && frequencyMax !== frequency) return `${frequency}-${frequencyMax} times`;
  if (frequency === 1) return 'once';
  if (frequency === 2) return 'twice';
  return `${frequency} times`;
}

/** '… a day', '… every 3 days', 'every 8 hours', 'every 4-6 hours'. */
function frequencyPhrase(repeat: TimingRepeat): string {
  const { frequency, frequencyMax, period, periodMax, periodUnit } = repeat;
  if (period === undefined || !periodUnit) {
    return frequency !== undefined ? timesWord(frequency, frequencyMax) : '';
  }
  const periodText =
    periodMax !== undefined && periodMax !== period
      ? `${period}-${periodMax} ${unitWord(periodUnit, 2)}`
      : period === 1
        ? unitWord(periodUnit, 1)
        : `${period} ${unitWord(periodUnit, period)}`;
  const single = period === 1 && periodMax === undefined;
  if (frequency === undefined || (frequency === 1 && frequencyMax === undefined)) {
    return single ? (frequency === 1 ? `once a ${periodText}` : `every ${periodText}`) : `every ${periodText}`;
  }
  return single
    ? `${timesWord(frequency, frequencyMax)} a ${periodText}`
    : `${timesWord(frequency, frequencyMax)} every ${periodText}`;
}

function durationPhrase(duration: Duration | undefined): string {
  if (duration?.value === undefined) return '';
  return `${duration.value} ${unitWord(duration.code ?? duration.unit, duration.value)}`;
}

/** A Timing as a phrase: 'twice a day for 10 days', 'every 8 hours', 'once a day in the morning'. */
export function formatTiming(timing: Timing | undefined, locales?: Intl.LocalesArgument): string {
  if (!timing) return '';
  const repeat = timing.repeat;
  const parts: string[] = [];
  if (repeat) {
    const frequency = frequencyPhrase(repeat);
    if (frequency) parts.push(frequency);
    if (repeat.dayOfWeek?.length) parts.push(`on ${listJoin(repeat.dayOfWeek.map((d) => DAY_NAMES[d] ?? d))}`);
    if (repeat.timeOfDay?.length)
      parts.push(`at ${listJoin(repeat.timeOfDay.map((t) => formatTime(t, locales) || t))}`);
    if (repeat.when?.length) {
      const when = listJoin(repeat.when.map((w) => WHEN_PHRASES[w] ?? w));
      // offset is minutes before or after the event: '30 minutes before breakfast'.
      parts.push(repeat.offset ? `${repeat.offset} ${unitWord('min', repeat.offset)} ${when}` : when);
    }
    if (repeat.duration !== undefined && repeat.durationUnit) {
      parts.push(`lasting ${repeat.duration} ${unitWord(repeat.durationUnit, repeat.duration)}`);
    }
    if (repeat.boundsDuration) {
      const text = durationPhrase(repeat.boundsDuration);
      if (text) parts.push(`for ${text}`);
    } else if (repeat.boundsRange) {
      const text = formatRange(repeat.boundsRange);
      if (text) parts.push(`for ${text}`);
    } else if (repeat.boundsPeriod) {
      const start = formatDate(repeat.boundsPeriod.start, locales);
      const end = formatDate(repeat.boundsPeriod.end, locales);
      if (start) parts.push(`from ${start}`);
      if (end) parts.push(`until ${end}`);
    }
    if (repeat.count !== undefined) {
      parts.push(
        repeat.count === 1
          ? 'once only'
          : `${repeat.countMax ? `${repeat.count}-${repeat.countMax}` : repeat.count} times in total`
      );
    }
  }
  if (!parts.length && timing.event?.length) {
    parts.push(`on ${listJoin(timing.event.map((e) => formatDate(e, locales) || e))}`);
  }
  if (!parts.length) return formatCodeableConcept(timing.code);
  return parts.join(' ');
}

function doseText(quantity: Quantity | undefined): string {
  if (!quantity) return '';
  const unit = quantity.unit;
  if (quantity.value !== undefined && unit && quantity.value !== 1 && COUNTABLE_UNITS.has(unit)) {
    return formatQuantity({ ...quantity, unit: `${unit}s` });
  }
  return formatQuantity(quantity);
}

function routePhrase(dosage: Dosage): string {
  const route = formatCodeableConcept(dosage.route);
  if (!route) return '';
  const oral = /^(oral|by mouth|po)$/i.test(route) || dosage.route?.coding?.some((c) => c.code === '26643006');
  return oral ? 'by mouth' : `(${route.toLowerCase()})`;
}

/**
 * A Dosage as a sentence: '1 tablet by mouth twice a day for 10 days, as needed for pain'.
 * Built from the structured fields; the free text is the fallback when they say nothing.
 */
export function formatDosage(dosage: Dosage | undefined, locales?: Intl.LocalesArgument): string {
  if (!dosage) return '';
  const doseAndRate = dosage.doseAndRate?.[0];
  const parts = [
    doseText(doseAndRate?.doseQuantity) || formatRange(doseAndRate?.doseRange),
    routePhrase(dosage),
    formatTiming(dosage.timing, locales),
  ].filter(Boolean);
  let text = parts.join(' ');
  if (dosage.asNeededCodeableConcept) {
    text += `${text ? ', ' : ''}as needed for ${formatCodeableConcept(dosage.asNeededCodeableConcept).toLowerCase()}`;
  } else if (dosage.asNeededBoolean) {
    text += `${text ? ', ' : ''}as needed`;
  }
  const max = dosage.maxDosePerPeriod;
  if (max?.numerator && max.denominator) {
    text += `${text ? ', ' : ''}at most ${doseText(max.numerator)} per ${durationPhrase(max.denominator as Duration) || formatQuantity(max.denominator)}`;
  }
  if (!text) return dosage.text?.trim() ?? formatCodeableConcept(dosage.additionalInstruction?.[0]);
  return text;
}
