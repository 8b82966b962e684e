import {
  formatCodeableConcept,
  formatDateTime,
  formatObservationValue,
  formatReference,
  formatReferenceRanges,
  type Observation,
} from 'fhir-portal-kit';
import { ResourceViewer, StatusBadge, useLocale } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../health-record/NotFound';
import { useRecord } from '../health-record/useRecord';
import { useText } from '../i18n/useText';
import { observationText } from './observation-text';

/** Observation/{observationId}: one observation, its value ('No value' when it has none) and details. */
export function ObservationPage() {
  const { observationId } = useParams();
  const t = useText(observationText);
  const locale = useLocale();
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(items);
  const { resource: observation, notFound, error } = useRecord<Observation>('Observation', observationId);
  const content = notFound ? (
    <NotFound backTo="/health-record" backLabel={t.back} />
  ) : error ? (
    <p role="alert">{error}</p>
  ) : !observation ? (
    <p role="status">{t.loading}</p>
  ) : (
    <article aria-labelledby="observation-title">
      <p>
        <Link to="/health-record">{t.back}</Link>
      </p>
      <h1 id="observation-title">{formatCodeableConcept(observation.code) || t.observation}</h1>
      <dl className="portal-details">
        <dt>{t.value}</dt>
        <dd>{formatObservationValue(observation, locale) || t.noValue}</dd>
        <dt>{t.status}</dt>
        <dd>
          <StatusBadge status={observation.status} />
        </dd>
        <dt>{t.date}</dt>
        <dd>{formatDateTime(observation.effectiveDateTime ?? observation.issued, locale) || t.unknown}</dd>
        {observation.referenceRange?.length ? (
          <>
            <dt>{t.referenceRange}</dt>
            <dd>{formatReferenceRanges(observation)}</dd>
          </>
        ) : null}
        {observation.interpretation?.length ? (
          <>
            <dt>{t.interpretation}</dt>
            <dd>{list(observation.interpretation.map((c) => formatCodeableConcept(c)))}</dd>
          </>
        ) : null}
        {observation.category?.length ? (
          <>
            <dt>{t.category}</dt>
            <dd>{list(observation.category.map((c) => formatCodeableConcept(c)))}</dd>
          </>
        ) : null}
        {observation.performer?.length ? (
          <>
            <dt>{t.performer}</dt>
            <dd>{list(observation.performer.map((r) => formatReference(r)))}</dd>
          </>
        ) : null}
      </dl>
      {observation.component?.length ? (
        <table className="portal-table" aria-label={t.components}>
          <thead>
            <tr>
              <th scope="col">{t.component}</th>
              <th scope="col">{t.value}</th>
            </tr>
          </thead>
          <tbody>
            {observation.component.map((component, i) => (
              <tr key={i}>
                <th scope="row">{formatCodeableConcept(component.code)}</th>
                <td>{formatObservationValue(component, locale) || t.noValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details>
        <summary>{t.allDetails}</summary>
        <ResourceViewer resource={observation} renderLink={(href, text) => <Link to={href}>{text}</Link>} />
      </details>
    </article>
  );
  return <div className="portal-container portal-content">{content}</div>;
}
