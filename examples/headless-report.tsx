// Headless hooks with your own markup: a lab report's results (useDiagnosticReportResults). The hook
// loads the report's observations in one search; the helpers format values and flag abnormal ones.
import {
  formatCodeableConcept,
  formatObservationValue,
  isAbnormalResult,
  type DiagnosticReport,
} from 'fhir-portal-kit';
import { useDiagnosticReportResults } from 'fhir-portal-kit/react';

export function ResultList({ report }: { report: DiagnosticReport }) {
  const { results, loading, error } = useDiagnosticReportResults(report);
  if (error) return <p role="alert">{error.message}</p>;
  if (loading) return <p>Loading results…</p>;
  return (
    <dl>
      {results.map(({ reference, observation }) => (
        <div key={reference.reference} data-abnormal={isAbnormalResult(observation) || undefined}>
          <dt>{observation ? formatCodeableConcept(observation.code) : reference.display}</dt>
          <dd>
            {observation ? formatObservationValue(observation) : 'Not available'}
            {isAbnormalResult(observation) && <strong> (abnormal)</strong>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
