import { formatCodeableConcept, formatDate, formatReference, type MedicationRequest } from 'fhir-portal-kit';
import { StatusBadge, useLocale } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { OPEN_RENEWAL_STATUSES } from '../renewals/renewal-task';
import { NotFound } from './NotFound';
import { RenewalDialog } from './RenewalDialog';
import { RenewalStatus } from './RenewalStatus';
import { usePatient } from './usePatient';
import { useRenewals } from './useRenewals';
import { useRecord } from './useRecord';
import { useLanguage } from '../i18n/LanguageContext';
import { useText } from '../i18n/useText';
import { dosageText } from './dosage-text';
import { healthRecordText } from './text';

/** medications/{medicationId}: one prescription, with 'Renew your prescription'. */
export function MedicationPage() {
  const { medicationId } = useParams();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const { language } = useLanguage();
  const { patient, patientRef } = usePatient();
  const renewals = useRenewals(patientRef);
  const { resource: request, notFound, error } = useRecord<MedicationRequest>('MedicationRequest', medicationId);
  if (notFound) return <NotFound backTo="/health-record/medications" backLabel={t.back.medications} />;
  if (error) return <p role="alert">{error}</p>;
  if (!request) return <p role="status">{t.loading}</p>;
  const dosage = (request.dosageInstruction ?? [])
    .map((d) => dosageText(d, t, locale, language === 'en'))
    .filter(Boolean);
  const renewal = renewals.byPrescription?.get(`MedicationRequest/${request.id}`);
  // One open request at a time: while the care team has not answered, asking again sends nothing new.
  const open = renewal !== undefined && (OPEN_RENEWAL_STATUSES as readonly string[]).includes(renewal.status);
  return (
    <article aria-labelledby="medication-title">
      <p>
        <Link to="/health-record/medications">{t.back.medications}</Link>
      </p>
      <h1 id="medication-title">{formatCodeableConcept(request.medicationCodeableConcept) || t.medication}</h1>
      <dl className="portal-details">
        <dt>{t.status}</dt>
        <dd>
          <StatusBadge status={request.status} />
        </dd>
        <dt>{t.dosage}</dt>
        <dd>{dosage.length ? dosage.join('; ') : t.noDosage}</dd>
        <dt>{t.prescribed}</dt>
        <dd>{formatDate(request.authoredOn, locale) || t.unknown}</dd>
        <dt>{t.prescriber}</dt>
        <dd>{formatReference(request.requester) || t.unknown}</dd>
        {renewal && (
          <>
            <dt>{t.renewal}</dt>
            <dd>
              <RenewalStatus task={renewal} linkRenewed />
            </dd>
          </>
        )}
      </dl>
      {renewals.byPrescription && !open && (
        <RenewalDialog request={request} patient={patient} onRequested={() => void renewals.refetch()} />
      )}
    </article>
  );
}
