import { describe, expect, it } from 'vitest';
import {
  formatBloodPressure,
  formatBloodPressureObservation,
  getBloodPressure,
  isBloodPressure,
} from './blood-pressure';
import { formatObservationValue } from './display';
import type { Observation } from './types';
import { formatVitalReading } from './vital-observations';
import { getVitalSign } from './vitals';

const UCUM = 'http://unitsofmeasure.org';

function bp(systolic: number | undefined, diastolic: number | undefined, code = '85354-9'): Observation {
  const mmHg = (value: number | undefined) => ({
    ...(value === undefined ? {} : { value }),
    unit: 'mm[Hg]',
    system: UCUM,
    code: 'mm[Hg]',
  });
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code }] },
    // Diastolic first, as the portal's catalogue lists it: the text must not follow this order.
    component: [
      { code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] }, valueQuantity: mmHg(diastolic) },
      { code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] }, valueQuantity: mmHg(systolic) },
    ],
  };
}

describe('formatBloodPressure', () => {
  it('reads systolic over diastolic with the unit once, as people write it', () => {
    expect(formatBloodPressure({ systolic: 132, diastolic: 82, unit: 'mm[Hg]' })).toBe('132/82 mmHg');
    expect(formatBloodPressure({ systolic: 132, diastolic: 82 })).toBe('132/82 mmHg');
  });

  it('writes the numbers in the locale given', () => {
    expect(formatBloodPressure({ systolic: 120.5, diastolic: 80 }, 'de-DE')).toBe('120,5/80 mmHg');
    expect(formatBloodPressure({ systolic: 120.5, diastolic: 80 }, 'en-US')).toBe('120.5/80 mmHg');
  });

  it('says nothing for half a reading', () => {
    expect(formatBloodPressure({ systolic: 132 })).toBe('');
    expect(formatBloodPressure({ diastolic: 82 })).toBe('');
  });
});

describe('isBloodPressure and getBloodPressure', () => {
  it('know a blood pressure by its panel code or by its two components', () => {
    expect(isBloodPressure(bp(120, 80))).toBe(true);
    expect(isBloodPressure(bp(120, 80, '55284-4'))).toBe(true);
    expect(isBloodPressure(bp(120, 80, 'local-bp'))).toBe(true);
    expect(isBloodPressure({ ...bp(120, 80, 'local-bp'), component: bp(120, 80).component!.slice(0, 1) })).toBe(false);
    expect(isBloodPressure(undefined)).toBe(false);
  });

  it('read the values by LOINC code, not by position', () => {
    expect(getBloodPressure(bp(132, 82))).toEqual({ systolic: 132, diastolic: 82, unit: 'mmHg' });
  });
});

describe('every display of a blood pressure reads the same', () => {
  const reading = bp(132, 82);
  it('the observation formatter, the vitals reading and the generic value agree', () => {
    const vital = getVitalSign('blood-pressure')!;
    expect(formatBloodPressureObservation(reading)).toBe('132/82 mmHg');
    expect(formatVitalReading(vital, reading)).toBe('132/82 mmHg');
    expect(formatObservationValue(reading)).toBe('132/82 mmHg');
  });

  it('a reading missing a number is not a blood pressure text anywhere', () => {
    const vital = getVitalSign('blood-pressure')!;
    expect(formatBloodPressureObservation(bp(132, undefined))).toBe('');
    expect(formatVitalReading(vital, bp(132, undefined))).toBe('');
  });
});
