// What a diagnostic report's results table needs from the data: which observations to load, in
// one request, and how to read a result's range and interpretation.

import { formatCodeableConcept, formatRange } from './display';
import type { DiagnosticReport, Observation, ObservationReferenceRange, Reference } from './types';

/** One row of a report's results: the reference as the report gives it and the observation it resolves to. */
export interface ReportResult {
  /** The report's result reference. */
  readonly reference: Reference;
  /** The observation, or undefined when the reference does not resolve. */
  readonly observation: Observation | undefined;
}

const ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** The ids of a report's results that live on the server (`Observation/{id}`), in the report's order, without repeats. */
export function getReportResultIds(report: DiagnosticReport | undefined): string[] {
  const ids: string[] = [];
  for (const ref of report?.result ?? []) {
    const text = ref.reference ?? '';
    if (!text.startsWith('Observation/')) continue;
    const id = text.slice('Observation/'.length);
    if (ID.test(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The search that loads every result of a report in one request (`Observation?_id=a,b,c`),
 * or undefined when the report has none on the server.
 */
export function getReportResultsQuery(report: DiagnosticReport | undefined): Record<string, string> | undefined {
  const ids = getReportResultIds(report);
  return ids.length ? { _id: ids.join(','), _count: String(ids.length) } : undefined;
}

/** Pairs each result reference with its observation, from the loaded ones or the report's contained resources. */
export function resolveReportResults(
  report: DiagnosticReport | undefined,
  loaded: readonly Observation[] | undefined
): ReportResult[] {
  const byId = new Map((loaded ?? []).map((o) => [o.id, o]));
  return (report?.result ?? []).map((reference) => {
    const text = reference.reference ?? '';
    let observation: Observation | undefined;
    if (text.startsWith('#')) {
      const found = report?.contained?.find((r) => r.id === text.slice(1));
      observation = found?.resourceType === 'Observation' ? found : undefined;
    } else if (text.startsWith('Observation/')) {
      observation = byId.get(text.slice('Observation/'.length));
    }
    return { reference, observation };
  });
}

// v3 ObservationInterpretation codes that mean outside the normal range.
const ABNORMAL_CODES = new Set(['A', 'AA', 'H', 'HH', 'HU', 'L', 'LL', 'LU', '<', '>', 'POS', 'DET', 'R', 'IE', 'W']);

/** How a result's interpretation leans: high, low, abnormal (direction unknown) or normal. */
export type InterpretationFlag = 'high' | 'low' | 'abnormal' | 'normal';

/** The flag of an observation's interpretation; undefined when it has none. */
export function getInterpretationFlag(observation: Observation | undefined): InterpretationFlag | undefined {
  const interpretation = observation?.interpretation;
  if (!interpretation?.length) return undefined;
  const codes = interpretation.flatMap((c) => (c.coding ?? []).map((coding) => coding.code ?? ''));
  if (codes.some((c) => c === 'H' || c === 'HH' || c === 'HU' || c === '>')) return 'high';
  if (codes.some((c) => c === 'L' || c === 'LL' || c === 'LU' || c === '<')) return 'low';
  if (codes.some((c) => ABNORMAL_CODES.has(c))) return 'abnormal';
  return 'normal';
}

/** True when the interpretation says the value is outside the normal range. */
export function isAbnormalResult(observation: Observation | undefined): boolean {
  const flag = getInterpretationFlag(observation);
  return flag !== undefined && flag !== 'normal';
}

/** A reference range as text: its text, else `low - high`, with the applies-to or age when given. */
export function formatReferenceRange(range: ObservationReferenceRange | undefined): string {
  if (!range) return '';
  const base = range.text?.trim() || formatRange({ low: range.low, high: range.high });
  const qualifier = (range.appliesTo ?? [])
    .map((c) => formatCodeableConcept(c))
    .filter(Boolean)
    .join(', ');
  return qualifier && base ? `${base} (${qualifier})` : base;
}

/** An observation's reference ranges as text, joined by '; '. */
export function formatReferenceRanges(observation: Observation | undefined): string {
  return (observation?.referenceRange ?? []).map(formatReferenceRange).filter(Boolean).join('; ');
}
