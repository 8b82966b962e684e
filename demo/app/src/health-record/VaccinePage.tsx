import { formatCodeableConcept, formatDate, formatReference, type Immunization } from 'fhir-portal-kit';
import { StatusBadge } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { NotFound } from './NotFound';
import { useRecord } from './useRecord';

/** vaccines/{vaccineId}: one vaccine. */
export function VaccinePage() {
  const { vaccineId } = useParams();
  const { resource: immunization, notFound, error } = useRecord<Immunization>('Immunization', vaccineId);
  if (notFound) return <NotFound backTo="/health-record/vaccines" backLabel="Back to Vaccines" />;
  if (error) return <p role="alert">{error}</p>;
  if (!immunization) return <p role="status">Loading…</p>;
  return (
    <article aria-labelledby="vaccine-title">
      <p>
        <Link to="/health-record/vaccines">Back to Vaccines</Link>
      </p>
      <h1 id="vaccine-title">{formatCodeableConcept(immunization.vaccineCode) || 'Vaccine'}</h1>
      <dl className="portal-details">
        <dt>Status</dt>
        <dd>
          <StatusBadge resource={immunization} />
          {immunization.statusReason && ` ${formatCodeableConcept(immunization.statusReason)}`}
        </dd>
        <dt>Date</dt>
        <dd>{formatDate(immunization.occurrenceDateTime) || immunization.occurrenceString || 'Unknown'}</dd>
        <dt>Location</dt>
        <dd>{formatReference(immunization.location) || 'Unknown'}</dd>
        {immunization.performer?.length ? (
          <>
            <dt>Given by</dt>
            <dd>{immunization.performer.map((p) => formatReference(p.actor)).join(', ')}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}
