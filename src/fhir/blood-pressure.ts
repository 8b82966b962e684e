// Blood pressure as people read it: systolic over diastolic, one unit at the end ('132/82 mmHg').
// One formatter, so the vitals table, a vital's page, an observation's page, a lab report, the
// chart's tooltip and the staff's tables all say the same thing for the same reading.
import { formatNumber } from './format';
import { formatUnit } from './ucum-display';
import type { CodeableConcept, Observation, ObservationComponent, Quantity } from './types';

/** LOINC: blood pressure panel with all children optional (the portal's catalogue code). */
export const BLOOD_PRESSURE_PANEL_CODE = '85354-9';
/** LOINC: blood pressure systolic and diastolic (an older panel code many systems send). */
export const BLOOD_PRESSURE_SYSTOLIC_DIASTOLIC_CODE = '55284-4';
/** LOINC: systolic blood pressure. */
export const SYSTOLIC_CODE = '8480-6';
/** LOINC: diastolic blood pressure. */
export const DIASTOLIC_CODE = '8462-4';

/** The two numbers of a blood pressure reading and their unit (a UCUM code or a unit text). */
export interface BloodPressureReading {
  readonly systolic?: number;
  readonly diastolic?: number;
  /** 'mm[Hg]' or 'mmHg'; 'mmHg' when absent. */
  readonly unit?: string;
}

const hasCode = (concept: CodeableConcept | undefined, ...codes: string[]) =>
  concept?.coding?.some((c) => !!c.code && codes.includes(c.code)) ?? false;

const numberOf = (quantity: Quantity | undefined) =>
  typeof quantity?.value === 'number' && Number.isFinite(quantity.value) ? quantity.value : undefined;

function componentOf(observation: Observation, code: string): ObservationComponent | undefined {
  return observation.component?.find((c) => hasCode(c.code, code));
}

/**
 * True for a blood pressure Observation: a panel code (85354-9, 55284-4), or components for both
 * systolic (8480-6) and diastolic (8462-4), whatever the panel is coded as.
 */
export function isBloodPressure(observation: Observation | undefined): boolean {
  if (!observation) return false;
  if (hasCode(observation.code, BLOOD_PRESSURE_PANEL_CODE, BLOOD_PRESSURE_SYSTOLIC_DIASTOLIC_CODE)) return true;
  return !!componentOf(observation, SYSTOLIC_CODE) && !!componentOf(observation, DIASTOLIC_CODE);
}

/** The systolic and diastolic values of a blood pressure Observation, by their LOINC codes, and their unit. */
export function getBloodPressure(observation: Observation): BloodPressureReading {
  const systolic = componentOf(observation, SYSTOLIC_CODE)?.valueQuantity;
  const diastolic = componentOf(observation, DIASTOLIC_CODE)?.valueQuantity;
  const unit = formatUnit(systolic) || formatUnit(diastolic);
  return { systolic: numberOf(systolic), diastolic: numberOf(diastolic), ...(unit ? { unit } : {}) };
}

/**
 * A blood pressure reading as text: `132/82 mmHg`, the unit once at the end and written as people
 * write it (`mm[Hg]` → `mmHg`). Numbers in the locale given (plain digits without one). '' unless
 * both numbers are there: half a blood pressure would read as a whole one.
 */
export function formatBloodPressure(reading: BloodPressureReading, locales?: Intl.LocalesArgument): string {
  const { systolic, diastolic } = reading;
  if (systolic === undefined || diastolic === undefined) return '';
  const number = (value: number) => (locales === undefined ? String(value) : formatNumber(value, locales));
  const unit = formatUnit(reading.unit ?? 'mmHg') || 'mmHg';
  return `${number(systolic)}/${number(diastolic)} ${unit}`;
}

/** A blood pressure Observation as text (`132/82 mmHg`); '' when it is not one or lacks a number. */
export function formatBloodPressureObservation(
  observation: Observation | undefined,
  locales?: Intl.LocalesArgument
): string {
  if (!observation || !isBloodPressure(observation)) return '';
  return formatBloodPressure(getBloodPressure(observation), locales);
}
