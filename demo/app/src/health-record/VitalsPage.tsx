import { formatDateTime, formatVitalReading, VITALS, type VitalSign } from 'fhir-portal-kit';
import { useLocale, useSearchOne } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { latestVitalQuery } from './queries';
import { usePatient } from './usePatient';
import { useText } from '../i18n/useText';
import { localizeVital, vitalsText } from './vitals-text';

/** vitals: the latest value of each vital of the catalogue. */
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
    data: latest,
    loading,
    error,
  } = useSearchOne(patientRef ? 'Observation' : undefined, latestVitalQuery(vital, patientRef ?? ''));
  return (
    <tr>
      <th scope="row">
        <PrefetchLink to={vital.id}>{localizeVital(vital, t).title}</PrefetchLink>
      </th>
      <td>
        {error ? (
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
