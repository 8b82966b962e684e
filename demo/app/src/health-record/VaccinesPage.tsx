import { formatCodeableConcept, formatDate, type Immunization } from 'fhir-portal-kit';
import { StatusBadge, useSearchResources } from 'fhir-portal-kit/react';
import { useState } from 'react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { vaccinesQuery } from './queries';
import { usePatient } from './usePatient';

/** True when the vaccine's occurrence is in the future; no date or a past date is past (portal.md section 2). */
export function isUpcoming(immunization: Immunization, now: number): boolean {
  const time = Date.parse(immunization.occurrenceDateTime ?? '');
  return !Number.isNaN(time) && time > now;
}

/** vaccines: 'Active upcoming vaccines' (occurrence in the future) and 'Past vaccines' (no date or past). */
export function VaccinesPage() {
  const { patientRef } = usePatient();
  const [now] = useState(() => Date.now());
  const { data, loading, error } = useSearchResources(
    patientRef ? 'Immunization' : undefined,
    vaccinesQuery(patientRef ?? '')
  );
  const upcoming = (data ?? []).filter((i) => isUpcoming(i, now)).reverse();
  const past = (data ?? []).filter((i) => !isUpcoming(i, now));
  return (
    <section aria-labelledby="vaccines-title">
      <h1 id="vaccines-title">Vaccines</h1>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && (
        <>
          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">Active upcoming vaccines</h2>
            {upcoming.length ? <VaccineList items={upcoming} /> : <p>No upcoming vaccines available</p>}
          </section>
          <section aria-labelledby="past-title">
            <h2 id="past-title">Past vaccines</h2>
            {past.length ? <VaccineList items={past} /> : <p>No past vaccines</p>}
          </section>
        </>
      )}
    </section>
  );
}

function VaccineList({ items }: { items: Immunization[] }) {
  return (
    <ul className="portal-list">
      {items.map((immunization) => (
        <li key={immunization.id}>
          <span>
            <PrefetchLink to={immunization.id!}>
              {formatCodeableConcept(immunization.vaccineCode) || 'Vaccine'}
            </PrefetchLink>
            <br />
            <span className="portal-list-meta">
              {[formatDate(immunization.occurrenceDateTime) || 'Date unknown', immunization.location?.display]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
          <StatusBadge resource={immunization} />
        </li>
      ))}
    </ul>
  );
}
