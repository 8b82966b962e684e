import { formatUnit, parseDecimal, type VitalSign } from 'fhir-portal-kit';
import { vitalsText, type VitalsText } from './vitals-text';

/** A plausible range for one measured series, in the unit the form asks for. */
export interface VitalRange {
  /** LOINC code of the series (blood pressure: systolic 8480-6, diastolic 8462-4). */
  readonly code: string;
  /** The unit the range is in, as the vitals catalogue spells it (VitalSign.unit). */
  readonly unit: string;
  readonly min: number;
  readonly max: number;
}

/**
 * What a person can plausibly measure, per series and unit: a value outside is a typo (or a
 * unit mix-up), not a reading, and Add Measurement refuses it.
 */
export const VITAL_RANGES: readonly VitalRange[] = [
  { code: '8480-6', unit: 'mm[Hg]', min: 40, max: 300 }, // systolic
  { code: '8462-4', unit: 'mm[Hg]', min: 20, max: 200 }, // diastolic
  { code: '8867-4', unit: 'beats/minute', min: 20, max: 300 },
  { code: '9279-1', unit: 'breaths/minute', min: 4, max: 80 },
  { code: '8310-5', unit: 'C', min: 25, max: 45 },
  { code: '8310-5', unit: 'F', min: 77, max: 113 },
  { code: '29463-7', unit: 'lbs', min: 0.5, max: 1500 },
  { code: '8302-2', unit: 'in', min: 10, max: 108 },
  { code: '8302-2', unit: 'cm', min: 25, max: 275 },
];

/** The plausible range of a series in a unit, if the table has one. */
export function vitalRangeOf(code: string, unit: string): VitalRange | undefined {
  return VITAL_RANGES.find((r) => r.code === code && r.unit === unit);
}

/** A typed value read: the number, or why it is refused (the text to show on the field). */
export type VitalValueCheck = { ok: true; value: number } | { ok: false; error: string };

/**
 * Reads what was typed for series `index` of `vital`: a number within the series' plausible
 * range. A refusal reads in the language of `texts` (English by default), its numbers in `locale`.
 */
export function checkVitalValue(
  vital: VitalSign,
  index: number,
  text: string,
  texts: VitalsText['check'] = vitalsText.en.check,
  locale?: string
): VitalValueCheck {
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const value = parseDecimal(text);
  if (value === undefined) return { ok: false, error: texts.notANumber };
  if (value < 0) return { ok: false, error: texts.negative };
  const series = vital.series[index];
  const range = series && vitalRangeOf(series.code, vital.unit);
  if (range && (value < range.min || value > range.max)) {
    return {
      ok: false,
      error: texts.outOfRange(series.label, number(range.min), number(range.max), formatUnit(vital.unit)),
    };
  }
  return { ok: true, value };
}

/** The order the form asks for the series in: systolic before diastolic, as people say a blood pressure. */
export function fieldOrder(vital: VitalSign): number[] {
  const rank = (code: string) => (code === '8480-6' ? 0 : code === '8462-4' ? 1 : 2);
  return vital.series.map((_, i) => i).sort((a, b) => rank(vital.series[a].code) - rank(vital.series[b].code));
}
