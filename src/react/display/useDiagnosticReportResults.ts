import { useMemo } from 'react';
import {
  getReportResultsQuery,
  resolveReportResults,
  type DiagnosticReport,
  type Observation,
  type OperationOutcomeError,
  type ReportResult,
} from '../../fhir';
import { useSearchResources } from '../hooks';

/** What {@link useDiagnosticReportResults} returns. */
export interface DiagnosticReportResults {
  /** One row per result reference, in the report's order; `observation` undefined when it does not resolve. */
  readonly results: readonly ReportResult[];
  /** True while the results load. */
  readonly loading: boolean;
  /** Why loading the results failed. */
  readonly error: OperationOutcomeError | undefined;
}

/**
 * The observations of a report, loaded in one search (`Observation?_id=a,b,c`) rather than one
 * read per row; results given as `observations` are used as they are and nothing is loaded.
 */
export function useDiagnosticReportResults(
  report: DiagnosticReport | undefined,
  observations?: readonly Observation[]
): DiagnosticReportResults {
  const query = observations ? undefined : getReportResultsQuery(report);
  const { data, loading, error } = useSearchResources(query ? 'Observation' : undefined, query);
  const loaded = observations ?? data;
  const results = useMemo(() => resolveReportResults(report, loaded), [report, loaded]);
  return { results, loading: !!query && loading, error: query ? error : undefined };
}
