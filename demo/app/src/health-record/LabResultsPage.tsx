import { formatCodeableConcept, formatDate, getDisplayString } from 'fhir-portal-kit';
import { useSearchResources } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { labResultsQuery } from './queries';
import { usePatient } from './usePatient';

/** lab-results: the patient's diagnostic reports, newest first, with the last-updated date and the code text. */
export function LabResultsPage() {
  const { patientRef } = usePatient();
  const { data, loading, error } = useSearchResources(
    patientRef ? 'DiagnosticReport' : undefined,
    labResultsQuery(patientRef ?? '')
  );
  return (
    <section aria-labelledby="lab-results-title">
      <h1 id="lab-results-title">Lab Results</h1>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>No lab results yet.</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((report) => (
            <li key={report.id}>
              <PrefetchLink to={report.id!}>
                {formatCodeableConcept(report.code) || getDisplayString(report)}
              </PrefetchLink>
              <span className="portal-list-meta">{formatDate(report.meta?.lastUpdated)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
