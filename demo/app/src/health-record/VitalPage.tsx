import { formatDateTime, formatVitalReading, getVitalSeries, getVitalSign, type Observation } from 'fhir-portal-kit';
import { ObservationChart, PendingWriteStatus, useLocale, useSearchResources } from 'fhir-portal-kit/react';
import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { AddMeasurementDialog } from './AddMeasurementDialog';
import { NotFound } from './NotFound';
import { RemoveReadingDialog } from './RemoveReadingDialog';
import { usePatient } from './usePatient';
import { VitalReadingsSummary } from './VitalReadingsSummary';
import { vitalQuery } from './queries';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';
import { localizeVital, vitalsText } from './vitals-text';
import { outboxKeyOf } from '../offline/queuedCreates';
import { useQueuedCreates } from '../offline/useQueuedCreates';
import { isReadingOf } from './queued-readings';

/** Who wrote a resource, as the server stamps it (meta.author, outside FHIR's Meta). */
function enteredBy(resource: Observation): string | undefined {
  return (resource.meta as { author?: { reference?: string } } | undefined)?.author?.reference;
}

/**
 * vitals/{measurementId}: the chart, 'What is this measurement?', the Date / Your Value table and
 * Add Measurement. A reading the patient entered can be removed (marked entered-in-error). A
 * reading added offline is listed first, marked 'Saved on this device', until the server has it.
 */
export function VitalPage() {
  const { measurementId } = useParams();
  // A fresh page per vital: another vital's readings and typed values never show under this one's title.
  return <VitalView key={measurementId} measurementId={measurementId} />;
}

function VitalView({ measurementId }: { measurementId: string | undefined }) {
  const t = useText(vitalsText);
  const back = useText(healthRecordText).back;
  const locale = useLocale();
  const known = getVitalSign(measurementId ?? '');
  const vital = useMemo(() => known && localizeVital(known, t), [known, t]);
  const { patientRef } = usePatient();
  const { data, loading, error, refetch } = useSearchResources(
    vital && patientRef ? 'Observation' : undefined,
    vital && patientRef ? vitalQuery(vital, patientRef) : undefined
  );
  const series = useMemo(() => (vital ? getVitalSeries(vital, data ?? []) : []), [vital, data]);
  const newestFirst = useMemo(() => [...(data ?? [])].reverse(), [data]);
  const isThisVital = useCallback(
    (observation: Observation) => !!vital && !!patientRef && isReadingOf(observation, vital, patientRef),
    [vital, patientRef]
  );
  // Sent since: read again, so the server's copy (with its link and Remove) takes the queued row's place.
  const queued = useQueuedCreates<Observation>('Observation', isThisVital, () => void refetch());

  if (!vital) return <NotFound backTo="/health-record/vitals" backLabel={back.vitals} />;
  return (
    <article aria-labelledby="vital-title" className="portal-vital">
      <p>
        <Link to="/health-record/vitals">{back.vitals}</Link>
      </p>
      <div className="portal-title-row">
        <h1 id="vital-title">{vital.title}</h1>
        {patientRef && <AddMeasurementDialog vital={known!} patientRef={patientRef} onAdded={() => void refetch()} />}
      </div>
      {error && <p role="alert">{error.message}</p>}
      {loading && !data ? (
        <p role="status">{t.loading}</p>
      ) : (
        // The y axis stays at 0 (no yMin): portal.md holds the vitals chart to it. The numbers
        // beside it show what a flat line hides.
        <div className="portal-vital-chart">
          <ObservationChart title={t.overTime(vital.title)} series={series} unit={vital.unit} showTable={false} />
          <VitalReadingsSummary vital={vital} series={series} />
        </div>
      )}
      <section className="portal-card" aria-labelledby="what-title">
        <h2 id="what-title">{t.whatTitle}</h2>
        <p>{vital.description}</p>
      </section>
      <table className="portal-table" aria-label={t.measurements(vital.title)}>
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.yourValue}</th>
            <th scope="col">
              <span className="fpk-visually-hidden">{t.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...queued].reverse().map((observation, i) => (
            <tr key={outboxKeyOf(observation) ?? `queued-${i}`} data-queued="">
              <th scope="row">{formatDateTime(observation.effectiveDateTime, locale) || t.unknownDate}</th>
              <td>
                <bdi dir="ltr">{formatVitalReading(vital, observation)}</bdi>
              </td>
              <td>
                <PendingWriteStatus value={observation} />
              </td>
            </tr>
          ))}
          {newestFirst.map((observation) => (
            <tr key={observation.id}>
              <th scope="row">
                <Link to={`/Observation/${observation.id}`}>
                  {formatDateTime(observation.effectiveDateTime, locale) || t.unknownDate}
                </Link>
              </th>
              <td>
                {formatVitalReading(vital, observation) ? (
                  <bdi dir="ltr">{formatVitalReading(vital, observation)}</bdi>
                ) : (
                  t.noValue
                )}
              </td>
              <td>
                {patientRef && enteredBy(observation) === patientRef && (
                  <RemoveReadingDialog
                    observation={observation}
                    when={formatDateTime(observation.effectiveDateTime, locale) || t.unknownDateInText}
                    onRemoved={() => void refetch()}
                  />
                )}
              </td>
            </tr>
          ))}
          {data && data.length === 0 && queued.length === 0 && (
            <tr>
              <td colSpan={3}>{t.noMeasurements}</td>
            </tr>
          )}
        </tbody>
      </table>
    </article>
  );
}
