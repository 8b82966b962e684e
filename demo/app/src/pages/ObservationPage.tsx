import {
  formatCodeableConcept,
  formatDateTime,
  formatObservationValue,
  formatReference,
  formatReferenceRanges,
  type Observation,
} from 'fhir-portal-kit';
import { ResourceViewer, StatusBadge } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../health-record/NotFound';
import { useRecord } from '../health-record/useRecord';

/** Observation/{observationId}: one observation, its value ('No value' when it has none) and details. */
export function ObservationPage() {
  const { observationId } = useParams();
  const { resource: observation, notFound, error } = useRecord<Observation>('Observation', observationId);
  const content = notFound ? (
    <NotFound backTo="/health-record" backLabel="Back to your Health Record" />
  ) : error ? (
    <p role="alert">{error}</p>
  ) : !observation ? (
    <p role="status">Loading…</p>
  ) : (
    <article aria-labelledby="observation-title">
      <p>
        <Link to="/health-record">Back to your Health Record</Link>
      </p>
      <h1 id="observation-title">{formatCodeableConcept(observation.code) || 'Observation'}</h1>
      <dl className="portal-details">
        <dt>Value</dt>
        <dd>{formatObservationValue(observation) || 'No value'}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={observation.status} />
        </dd>
        <dt>Date</dt>
        <dd>{formatDateTime(observation.effectiveDateTime ?? observation.issued) || 'Unknown'}</dd>
        {observation.referenceRange?.length ? (
          <>
            <dt>Reference range</dt>
            <dd>{formatReferenceRanges(observation)}</dd>
          </>
        ) : null}
        {observation.interpretation?.length ? (
          <>
            <dt>Interpretation</dt>
            <dd>{observation.interpretation.map(formatCodeableConcept).join(', ')}</dd>
          </>
        ) : null}
        {observation.category?.length ? (
          <>
            <dt>Category</dt>
            <dd>{observation.category.map(formatCodeableConcept).join(', ')}</dd>
          </>
        ) : null}
        {observation.performer?.length ? (
          <>
            <dt>Performer</dt>
            <dd>{observation.performer.map(formatReference).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {observation.component?.length ? (
        <table className="portal-table" aria-label="Components">
          <thead>
            <tr>
              <th scope="col">Component</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {observation.component.map((component, i) => (
              <tr key={i}>
                <th scope="row">{formatCodeableConcept(component.code)}</th>
                <td>{formatObservationValue(component) || 'No value'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details>
        <summary>All details</summary>
        <ResourceViewer resource={observation} renderLink={(href, text) => <Link to={href}>{text}</Link>} />
      </details>
    </article>
  );
  return <div className="portal-container portal-content">{content}</div>;
}
