import {
  formatReferenceRange,
  formatReferenceRanges,
  getInterpretationFlag,
  getReportResultIds,
  getReportResultsQuery,
  isAbnormalResult,
  resolveReportResults,
} from './diagnostic-report';
import type { DiagnosticReport, Observation } from './types';

const obs = (id: string, code?: string): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { text: id },
  ...(code ? { interpretation: [{ coding: [{ code }] }] } : {}),
});

const report: DiagnosticReport = {
  resourceType: 'DiagnosticReport',
  status: 'final',
  code: { text: 'Panel' },
  contained: [obs('inline')],
  result: [
    { reference: 'Observation/a' },
    { reference: 'Observation/b' },
    { reference: 'Observation/a' },
    { reference: '#inline' },
    { reference: 'Observation/bad id' },
    { display: 'No reference' },
  ],
};

describe('getReportResultIds and getReportResultsQuery', () => {
  it('names each server result once, in order, for one _id search', () => {
    expect(getReportResultIds(report)).toEqual(['a', 'b']);
    expect(getReportResultsQuery(report)).toEqual({ _id: 'a,b', _count: '2' });
  });
  it('has no query for a report without results', () => {
    expect(getReportResultsQuery({ ...report, result: undefined })).toBeUndefined();
    expect(getReportResultsQuery(undefined)).toBeUndefined();
  });
});

describe('resolveReportResults', () => {
  it('pairs references with loaded and contained observations and leaves the rest unresolved', () => {
    const rows = resolveReportResults(report, [obs('b'), obs('a')]);
    expect(rows.map((r) => r.observation?.id)).toEqual(['a', 'b', 'a', 'inline', undefined, undefined]);
  });
});

describe('getInterpretationFlag', () => {
  it.each([
    ['H', 'high'],
    ['HH', 'high'],
    ['L', 'low'],
    ['LL', 'low'],
    ['A', 'abnormal'],
    ['POS', 'abnormal'],
    ['N', 'normal'],
  ])('reads %s as %s', (code, flag) => {
    expect(getInterpretationFlag(obs('x', code))).toBe(flag);
    expect(isAbnormalResult(obs('x', code))).toBe(flag !== 'normal');
  });
  it('has no flag without an interpretation', () => {
    expect(getInterpretationFlag(obs('x'))).toBeUndefined();
    expect(isAbnormalResult(undefined)).toBe(false);
  });
});

describe('formatReferenceRange', () => {
  it('prefers the text, else the low and high, with what it applies to', () => {
    expect(formatReferenceRange({ text: '<200 mg/dL' })).toBe('<200 mg/dL');
    expect(formatReferenceRange({ low: { value: 13.2, unit: 'g/dL' }, high: { value: 16.6, unit: 'g/dL' } })).toBe(
      '13.2 - 16.6 g/dL'
    );
    expect(formatReferenceRange({ high: { value: 200, unit: 'mg/dL' }, appliesTo: [{ text: 'Adults' }] })).toBe(
      '<= 200 mg/dL (Adults)'
    );
    expect(formatReferenceRange(undefined)).toBe('');
    expect(formatReferenceRanges({ ...obs('x'), referenceRange: [{ text: 'a' }, { text: 'b' }] })).toBe('a; b');
  });
});
