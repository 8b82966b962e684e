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

/** What {@link useDiagnosticReportResults} returns: the loading hooks' `{ data, loading, error, refetch }`. */
export interface DiagnosticReportResults {
  /** One row per result reference, in the report's order; `observation` undefined when it does not resolve. */
  readonly data: readonly ReportResult[];
  /** @deprecated The same as `data`; examples/headless-report.tsx and existing code read it. */
  readonly results: readonly ReportResult[];
  /** True while the results load. */
  readonly loading: boolean;
  /** Why loading the results failed. */
  readonly error: OperationOutcomeError | undefined;
  /** Searches the results again (nothing to do for results given as `observations`). */
  readonly refetch: () => Promise<void>;
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
  const { data, loading, error, refetch } = useSearchResources(query ? 'Observation' : undefined, query);
  const loaded = observations ?? data;
  const results = useMemo(() => resolveReportResults(report, loaded), [report, loaded]);
  return { data: results, results, loading: !!query && loading, error: query ? error : undefined, refetch };
}
