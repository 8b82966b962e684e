// Vitals as data: Observations to chart series and table rows, and the Observation a new
// measurement becomes (status preliminary, the catalogue's code).

import { formatBloodPressure, getBloodPressure } from './blood-pressure';
import { formatUnit } from './ucum-display';
import { LOINC, type VitalSign } from './vitals';
import type { Observation, Quantity, Reference } from './types';

/** The UCUM code system URL. */
export const UCUM = 'http://unitsofmeasure.org';

/** One measured point of a series. */
export interface SeriesPoint {
  /** When it was measured: an ISO date-time. */
  readonly date: string;
  /** The value in the series' unit. */
  readonly value: number;
  /** The observation it comes from. */
  readonly id?: string;
}

/** One line of a chart: a label and its points, oldest first. */
export interface ObservationSeries {
  /** The series' label ('Systolic'). */
  readonly label: string;
  /** The LOINC code it is measured under ('8480-6'); lets a chart read blood pressure as one. */
  readonly code?: string;
  /** Its points, oldest first. */
  readonly points: readonly SeriesPoint[];
}

const hasCode = (concept: Observation['code'] | undefined, code: string) =>
  concept?.coding?.some((c) => c.code === code) ?? false;

function when(observation: Observation): string | undefined {
  return (
    observation.effectiveDateTime ??
    observation.effectivePeriod?.start ??
    observation.effectiveInstant ??
    observation.issued
  );
}

function valueFor(observation: Observation, code: string): number | undefined {
  const component = observation.component?.find((c) => hasCode(c.code, code));
  const quantity: Quantity | undefined = component
    ? component.valueQuantity
    : hasCode(observation.code, code)
      ? observation.valueQuantity
      : undefined;
  return typeof quantity?.value === 'number' && Number.isFinite(quantity.value) ? quantity.value : undefined;
}

/** The chart series of a vital from its observations: one per catalogue series, oldest point first, undated or valueless readings left out. */
export function getVitalSeries(vital: VitalSign, observations: readonly Observation[]): ObservationSeries[] {
  const dated = observations
    .map((o) => ({ o, date: when(o), time: Date.parse(when(o) ?? '') }))
    .filter((d): d is { o: Observation; date: string; time: number } => !!d.date && !Number.isNaN(d.time))
    .sort((a, b) => a.time - b.time);
  return vital.series.map((series) => ({
    label: series.label,
    code: series.code,
    points: dated.flatMap(({ o, date }) => {
      const value = valueFor(o, series.code);
      return value === undefined ? [] : [{ date, value, id: o.id }];
    }),
  }));
}

/** A reading as the vitals table shows it: `132/82 mmHg`, `72 beats/minute`; '' when it has no value. */
export function formatVitalReading(vital: VitalSign, observation: Observation | undefined): string {
  if (!observation) return '';
  // Blood pressure is read systolic over diastolic, as everywhere else (formatBloodPressure).
  if (vital.id === 'blood-pressure') return formatBloodPressure({ ...getBloodPressure(observation), unit: vital.unit });
  const values = vital.series.map((s) => valueFor(observation, s.code));
  if (values.some((v) => v === undefined)) return '';
  return `${values.join('/')} ${formatUnit(vital.unit)}`;
}

/**
 * Parses a typed measurement as a decimal number: '72', '36.6', ' 98,6 ' is refused (a comma is
 * ambiguous between locales). Answers undefined for anything that is not a finite decimal.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > 32 || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The Observation a new measurement becomes: status preliminary, category vital-signs, the
 * catalogue's LOINC code and UCUM unit; blood pressure carries one component per series.
 */
export function createVitalObservation(
  vital: VitalSign,
  values: readonly number[],
  subject: Reference,
  effectiveDateTime: string
): Observation {
  const quantity = (value: number): Quantity => ({ value, unit: vital.unit, system: UCUM, code: vital.ucum });
  const observation: Observation = {
    resourceType: 'Observation',
    status: 'preliminary',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'vital-signs',
            display: 'Vital Signs',
          },
        ],
      },
    ],
    code: { coding: [{ system: LOINC, code: vital.code, display: vital.title }], text: vital.title },
    subject,
    effectiveDateTime,
  };
  if (vital.series.length > 1) {
    observation.component = vital.series.map((series, i) => ({
      code: { coding: [{ system: LOINC, code: series.code, display: series.label }], text: series.label },
      valueQuantity: quantity(values[i]),
    }));
  } else {
    observation.valueQuantity = quantity(values[0]);
  }
  return observation;
}
