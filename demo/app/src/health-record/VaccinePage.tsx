import { formatCodeableConcept, formatDate, formatReference, type Immunization } from 'fhir-portal-kit';
import { StatusBadge, useLocale } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { NotFound } from './NotFound';
import { useRecord } from './useRecord';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** vaccines/{vaccineId}: one vaccine. */
export function VaccinePage() {
  const { vaccineId } = useParams();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const { resource: immunization, notFound, error } = useRecord<Immunization>('Immunization', vaccineId);
  if (notFound) return <NotFound backTo="/health-record/vaccines" backLabel={t.back.vaccines} />;
  if (error) return <p role="alert">{error}</p>;
  if (!immunization) return <p role="status">{t.loading}</p>;
  return (
    <article aria-labelledby="vaccine-title">
      <p>
        <Link to="/health-record/vaccines">{t.back.vaccines}</Link>
      </p>
      <h1 id="vaccine-title">{formatCodeableConcept(immunization.vaccineCode) || t.vaccine}</h1>
      <dl className="portal-details">
        <dt>{t.status}</dt>
        <dd>
          <StatusBadge resource={immunization} />
          {immunization.statusReason && ` ${formatCodeableConcept(immunization.statusReason)}`}
        </dd>
        <dt>{t.date}</dt>
        <dd>{formatDate(immunization.occurrenceDateTime, locale) || immunization.occurrenceString || t.unknown}</dd>
        <dt>{t.location}</dt>
        <dd>{formatReference(immunization.location) || t.unknown}</dd>
        {immunization.performer?.length ? (
          <>
            <dt>{t.givenBy}</dt>
            <dd>{immunization.performer.map((p) => formatReference(p.actor)).join(', ')}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}
