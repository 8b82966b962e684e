import { getVitalSign, VITALS } from 'fhir-portal-kit';
import { describe, expect, it } from 'vitest';
import { checkVitalValue, fieldOrder, vitalRangeOf } from './vital-ranges';

const vital = (id: string) => getVitalSign(id)!;

describe('checkVitalValue', () => {
  it('has a plausible range for every series of the vitals catalogue, in its unit', () => {
    for (const v of VITALS) for (const s of v.series) expect(vitalRangeOf(s.code, v.unit), s.label).toBeDefined();
  });

  it('accepts a plausible value, its bounds included', () => {
    const pressure = vital('blood-pressure');
    const systolic = pressure.series.findIndex((s) => s.label === 'Systolic');
    expect(checkVitalValue(pressure, systolic, '121')).toEqual({ ok: true, value: 121 });
    expect(checkVitalValue(pressure, systolic, '40')).toEqual({ ok: true, value: 40 });
    expect(checkVitalValue(vital('weight'), 0, '0.5')).toEqual({ ok: true, value: 0.5 });
    expect(checkVitalValue(vital('body-temperature'), 0, ' 36.6 ')).toEqual({ ok: true, value: 36.6 });
  });

  it.each([
    ['blood-pressure', 'Systolic', '39', 'Systolic must be between 40 and 300 mmHg'],
    ['blood-pressure', 'Systolic', '301', 'Systolic must be between 40 and 300 mmHg'],
    ['blood-pressure', 'Diastolic', '19', 'Diastolic must be between 20 and 200 mmHg'],
    ['heart-rate', 'Heart Rate', '301', 'Heart Rate must be between 20 and 300 beats/minute'],
    ['respiratory-rate', 'Respiratory Rate', '3', 'Respiratory Rate must be between 4 and 80 breaths/minute'],
    ['body-temperature', 'Body Temperature', '98.6', 'Body Temperature must be between 25 and 45 °C'],
    ['weight', 'Weight', '1600', 'Weight must be between 0.5 and 1,500 lbs'],
    ['height', 'Height', '180', 'Height must be between 10 and 108 in'],
  ])('refuses an impossible %s %s of %s', (id, label, text, error) => {
    const v = vital(id);
    const index = v.series.findIndex((s) => s.label === label);
    expect(checkVitalValue(v, index, text)).toEqual({ ok: false, error });
  });

  it('refuses a negative value and what is not a number', () => {
    expect(checkVitalValue(vital('weight'), 0, '-150')).toEqual({
      ok: false,
      error: 'Enter a positive number: a measurement cannot be negative',
    });
    for (const text of ['', '7x', 'abc', '1e999'])
      expect(checkVitalValue(vital('weight'), 0, text)).toEqual({
        ok: false,
        error: 'Enter a number, such as 72 or 36.6',
      });
  });
});

describe('fieldOrder', () => {
  it('asks systolic before diastolic', () => {
    const pressure = vital('blood-pressure');
    expect(fieldOrder(pressure).map((i) => pressure.series[i].label)).toEqual(['Systolic', 'Diastolic']);
    expect(fieldOrder(vital('weight'))).toEqual([0]);
  });
});
