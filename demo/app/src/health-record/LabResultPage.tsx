import type { DiagnosticReport } from 'fhir-portal-kit';
import { DiagnosticReportDisplay } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { NotFound } from './NotFound';
import { useRecord } from './useRecord';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** lab-results/{resultId}: one report with its results table. */
export function LabResultPage() {
  const { resultId } = useParams();
  const t = useText(healthRecordText);
  const { resource: report, notFound, error } = useRecord<DiagnosticReport>('DiagnosticReport', resultId);
  if (notFound) return <NotFound backTo="/health-record/lab-results" backLabel={t.back.labResults} />;
  if (error) return <p role="alert">{error}</p>;
  if (!report) return <p role="status">{t.loading}</p>;
  return (
    <div>
      <p>
        <Link to="/health-record/lab-results">{t.back.labResults}</Link>
      </p>
      <DiagnosticReportDisplay
        report={report}
        headingLevel={1}
        renderTest={(observation, text) =>
          // A result contained in the report has no page of its own.
          report.contained?.includes(observation) ? text : <Link to={`/Observation/${observation.id}`}>{text}</Link>
        }
      />
    </div>
  );
}
