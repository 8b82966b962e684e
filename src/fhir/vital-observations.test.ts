import { createVitalObservation, formatVitalReading, getVitalSeries, parseDecimal, UCUM } from './vital-observations';
import type { Observation } from './types';
import { getVitalSign } from './vitals';

const bp = getVitalSign('blood-pressure')!;
const hr = getVitalSign('heart-rate')!;
const subject = { reference: 'Patient/p1' };

const bpObs = (date: string, dia: number, sys: number): Observation =>
  createVitalObservation(bp, [dia, sys], subject, date);

describe('createVitalObservation', () => {
  it('builds a preliminary observation with the LOINC code and UCUM unit', () => {
    expect(createVitalObservation(hr, [72], subject, '2024-05-01T10:00:00Z')).toMatchObject({
      resourceType: 'Observation',
      status: 'preliminary',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
      subject,
      effectiveDateTime: '2024-05-01T10:00:00Z',
      valueQuantity: { value: 72, unit: 'beats/minute', system: UCUM, code: '/min' },
    });
  });

  it('gives blood pressure one component per series and no value of its own', () => {
    const o = bpObs('2024-05-01T10:00:00Z', 82, 132);
    expect(o.code.coding?.[0].code).toBe('85354-9');
    expect(o.valueQuantity).toBeUndefined();
    expect(o.component?.map((c) => [c.code.coding?.[0].code, c.valueQuantity?.value, c.valueQuantity?.code])).toEqual([
      ['8462-4', 82, 'mm[Hg]'],
      ['8480-6', 132, 'mm[Hg]'],
    ]);
  });
});

describe('getVitalSeries', () => {
  it('makes one series per catalogue series, oldest first, skipping undated and valueless readings', () => {
    const series = getVitalSeries(bp, [
      bpObs('2024-06-01T10:00:00Z', 80, 130),
      bpObs('2024-05-01T10:00:00Z', 82, 132),
      { ...bpObs('2024-07-01T10:00:00Z', 1, 2), effectiveDateTime: undefined },
      { resourceType: 'Observation', status: 'final', code: { text: 'x' }, effectiveDateTime: '2024-08-01' },
    ]);
    expect(series.map((s) => s.label)).toEqual(['Diastolic', 'Systolic']);
    expect(series[0].points.map((p) => [p.date, p.value])).toEqual([
      ['2024-05-01T10:00:00Z', 82],
      ['2024-06-01T10:00:00Z', 80],
    ]);
    expect(series[1].points.map((p) => p.value)).toEqual([132, 130]);
  });
});

describe('formatVitalReading', () => {
  it('reads blood pressure systolic over diastolic', () => {
    expect(formatVitalReading(bp, bpObs('2024-05-01', 82, 132))).toBe('132/82 mmHg');
    expect(formatVitalReading(hr, createVitalObservation(hr, [72], subject, '2024-05-01'))).toBe('72 beats/minute');
  });
  it('writes each unit as people do', () => {
    const temperature = getVitalSign('body-temperature')!;
    expect(formatVitalReading(temperature, createVitalObservation(temperature, [36.8], subject, '2024-05-01'))).toBe(
      '36.8 °C'
    );
  });
  it('is empty without a value', () => {
    expect(formatVitalReading(hr, { resourceType: 'Observation', status: 'final', code: {} })).toBe('');
    expect(formatVitalReading(hr, undefined)).toBe('');
  });
});

describe('parseDecimal', () => {
  it.each([
    ['72', 72],
    [' 36.6 ', 36.6],
    ['.5', 0.5],
    ['-1', -1],
    ['1e2', 100],
  ])('reads %j as %d', (text, value) => expect(parseDecimal(text)).toBe(value));
  it.each(['', 'abc', '98,6', '1.2.3', '12 kg', '1'.repeat(40)])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });
});
