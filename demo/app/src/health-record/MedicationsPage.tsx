import { formatCodeableConcept, formatReference } from 'fhir-portal-kit';
import { StatusBadge, useSearchResources } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { medicationsQuery } from './queries';
import { RenewalStatus } from './RenewalStatus';
import { usePatient } from './usePatient';
import { useRenewals } from './useRenewals';

/** medications: the patient's prescriptions with the medication text and the requester. */
export function MedicationsPage() {
  const { patientRef } = usePatient();
  const { data, loading, error } = useSearchResources(
    patientRef ? 'MedicationRequest' : undefined,
    medicationsQuery(patientRef ?? '')
  );
  const renewals = useRenewals(patientRef);
  return (
    <section aria-labelledby="medications-title">
      <h1 id="medications-title">Medications</h1>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>No medications yet.</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((request) => (
            <li key={request.id}>
              <span>
                <PrefetchLink to={request.id!}>
                  {formatCodeableConcept(request.medicationCodeableConcept) || 'Medication'}
                </PrefetchLink>
                <br />
                <span className="portal-list-meta">
                  Prescribed by {formatReference(request.requester) || 'unknown'}
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
