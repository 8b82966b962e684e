import { formatDateTime, formatVitalReading, VITALS, type VitalSign } from 'fhir-portal-kit';
import { useSearchOne } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { latestVitalQuery } from './queries';
import { usePatient } from './usePatient';

/** vitals: the latest value of each vital of the catalogue. */
export function VitalsPage() {
  const { patientRef } = usePatient();
  return (
    <section aria-labelledby="vitals-title">
      <h1 id="vitals-title">Vitals</h1>
      <table className="portal-table">
        <thead>
          <tr>
            <th scope="col">Measurement</th>
            <th scope="col">Latest value</th>
            <th scope="col">Date</th>
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
  const {
    data: latest,
    loading,
    error,
  } = useSearchOne(patientRef ? 'Observation' : undefined, latestVitalQuery(vital, patientRef ?? ''));
  return (
    <tr>
      <th scope="row">
        <PrefetchLink to={vital.id}>{vital.title}</PrefetchLink>
      </th>
      <td>{error ? error.message : loading ? 'Loading…' : formatVitalReading(vital, latest) || 'No value'}</td>
      <td>{formatDateTime(latest?.effectiveDateTime)}</td>
    </tr>
  );
}
