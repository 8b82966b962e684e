import { formatCodeableConcept, formatDate, getDisplayString } from 'fhir-portal-kit';
import { useLocale, useSearchResources } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { labResultsQuery } from './queries';
import { usePatient } from './usePatient';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** lab-results: the patient's diagnostic reports, newest first, with the last-updated date and the code text. */
export function LabResultsPage() {
  const { patientRef } = usePatient();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const { data, loading, error } = useSearchResources(
    patientRef ? 'DiagnosticReport' : undefined,
    labResultsQuery(patientRef ?? '')
  );
  return (
    <section aria-labelledby="lab-results-title">
      <h1 id="lab-results-title">{t.sections.labResults}</h1>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>{t.noLabResults}</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((report) => (
            <li key={report.id}>
              <PrefetchLink to={report.id!}>
                {formatCodeableConcept(report.code) || getDisplayString(report)}
              </PrefetchLink>
              <span className="portal-list-meta">{formatDate(report.meta?.lastUpdated, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
