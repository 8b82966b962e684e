import { formatDateTime, formatVitalReading, VITALS, type Observation, type VitalSign } from 'fhir-portal-kit';
import { PendingWriteStatus, useLocale, useSearchOne } from 'fhir-portal-kit/react';
import { useCallback } from 'react';
import { useQueuedCreates } from '../offline/useQueuedCreates';
import { isReadingOf } from './queued-readings';
import { PrefetchLink } from '../shell/PrefetchLink';
import { latestVitalQuery } from './queries';
import { usePatient } from './usePatient';
import { useText } from '../i18n/useText';
import { localizeVital, vitalsText } from './vitals-text';

/** vitals: the latest value of each vital of the catalogue; one added offline shows, pending, until sent. */
export function VitalsPage() {
  const { patientRef } = usePatient();
  const t = useText(vitalsText);
  return (
    <section aria-labelledby="vitals-title">
      <h1 id="vitals-title">{t.title}</h1>
      <table className="portal-table">
        <thead>
          <tr>
            <th scope="col">{t.measurement}</th>
            <th scope="col">{t.latestValue}</th>
            <th scope="col">{t.date}</th>
          </tr>
        </thead>
        <tbody>
          {VITALS.map((vital) => (
            <LatestRow key={vital.id} vital={vital} patientRef={patientRef} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function LatestRow({ vital, patientRef }: { vital: VitalSign; patientRef: string | undefined }) {
  const t = useText(vitalsText);
  const locale = useLocale();
  const reading = (latest: Parameters<typeof formatVitalReading>[1]) => formatVitalReading(vital, latest);
  const {
    data: found,
    loading,
    error,
    refetch,
  } = useSearchOne(patientRef ? 'Observation' : undefined, latestVitalQuery(vital, patientRef ?? ''));
  const isThisVital = useCallback(
    (observation: Observation) => !!patientRef && isReadingOf(observation, vital, patientRef),
    [vital, patientRef]
  );
  // A reading added offline is the newest; once sent, the server's latest is read again.
  const queued = useQueuedCreates<Observation>('Observation', isThisVital, () => void refetch());
  const pending = queued.at(-1);
  const latest = pending ?? found;
  return (
    <tr>
      <th scope="row">
        <PrefetchLink to={vital.id}>{localizeVital(vital, t).title}</PrefetchLink>
      </th>
      <td>
        {pending ? (
          <>
            <bdi dir="ltr">{reading(pending)}</bdi> <PendingWriteStatus value={pending} />
          </>
        ) : error ? (
          error.message
        ) : loading ? (
          t.loading
        ) : reading(latest) ? (
          <bdi dir="ltr">{reading(latest)}</bdi>
        ) : (
          t.noValue
        )}
      </td>
      <td>{formatDateTime(latest?.effectiveDateTime, locale)}</td>
    </tr>
  );
}
