import { formatCodeableConcept, formatReference } from 'fhir-portal-kit';
import { StatusBadge, useSearchResources } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { medicationsQuery } from './queries';
import { RenewalStatus } from './RenewalStatus';
import { usePatient } from './usePatient';
import { useRenewals } from './useRenewals';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** medications: the patient's prescriptions with the medication text and the requester. */
export function MedicationsPage() {
  const { patientRef } = usePatient();
  const t = useText(healthRecordText);
  const { data, loading, error } = useSearchResources(
    patientRef ? 'MedicationRequest' : undefined,
    medicationsQuery(patientRef ?? '')
  );
  const renewals = useRenewals(patientRef);
  return (
    <section aria-labelledby="medications-title">
      <h1 id="medications-title">{t.sections.medications}</h1>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>{t.noMedications}</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((request) => (
            <li key={request.id}>
              <span>
                <PrefetchLink to={request.id!}>
                  {formatCodeableConcept(request.medicationCodeableConcept) || t.medication}
                </PrefetchLink>
                <br />
                <span className="portal-list-meta">
                  {t.prescribedBy(formatReference(request.requester) || t.unknownPrescriber)}
                </span>
                <RenewalStatus task={renewals.byPrescription?.get(`MedicationRequest/${request.id}`)} />
              </span>
              <StatusBadge status={request.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
