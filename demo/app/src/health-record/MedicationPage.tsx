import {
  formatCodeableConcept,
  formatDate,
  formatDosage,
  formatReference,
  type MedicationRequest,
} from 'fhir-portal-kit';
import { StatusBadge } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { NotFound } from './NotFound';
import { RenewalDialog } from './RenewalDialog';
import { usePatient } from './usePatient';
import { useRecord } from './useRecord';

/** medications/{medicationId}: one prescription, with 'Renew your prescription'. */
export function MedicationPage() {
  const { medicationId } = useParams();
  const { patient } = usePatient();
  const { resource: request, notFound, error } = useRecord<MedicationRequest>('MedicationRequest', medicationId);
  if (notFound) return <NotFound backTo="/health-record/medications" backLabel="Back to Medications" />;
  if (error) return <p role="alert">{error}</p>;
  if (!request) return <p role="status">Loading…</p>;
  const dosage = (request.dosageInstruction ?? []).map((d) => formatDosage(d)).filter(Boolean);
  return (
    <article aria-labelledby="medication-title">
      <p>
        <Link to="/health-record/medications">Back to Medications</Link>
      </p>
      <h1 id="medication-title">{formatCodeableConcept(request.medicationCodeableConcept) || 'Medication'}</h1>
      <dl className="portal-details">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={request.status} />
        </dd>
        <dt>Dosage</dt>
        <dd>{dosage.length ? dosage.join('; ') : 'No dosage given'}</dd>
        <dt>Prescribed</dt>
        <dd>{formatDate(request.authoredOn) || 'Unknown'}</dd>
        <dt>Prescribed by</dt>
        <dd>{formatReference(request.requester) || 'Unknown'}</dd>
      </dl>
      <RenewalDialog request={request} patient={patient} />
    </article>
  );
}
