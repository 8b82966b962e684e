import { formatCodeableConcept, formatDate, type Immunization } from 'fhir-portal-kit';
import { StatusBadge, useLocale, useSearchResources } from 'fhir-portal-kit/react';
import { useState } from 'react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { vaccinesQuery } from './queries';
import { usePatient } from './usePatient';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** True when the vaccine's occurrence is in the future; no date or a past date is past (portal.md section 2). */
export function isUpcoming(immunization: Immunization, now: number): boolean {
  const time = Date.parse(immunization.occurrenceDateTime ?? '');
  return !Number.isNaN(time) && time > now;
}

/** vaccines: 'Active upcoming vaccines' (occurrence in the future) and 'Past vaccines' (no date or past). */
export function VaccinesPage() {
  const { patientRef } = usePatient();
  const t = useText(healthRecordText);
  const [now] = useState(() => Date.now());
  const { data, loading, error } = useSearchResources(
    patientRef ? 'Immunization' : undefined,
    vaccinesQuery(patientRef ?? '')
  );
  const upcoming = (data ?? []).filter((i) => isUpcoming(i, now)).reverse();
  const past = (data ?? []).filter((i) => !isUpcoming(i, now));
  return (
    <section aria-labelledby="vaccines-title">
      <h1 id="vaccines-title">{t.sections.vaccines}</h1>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && (
        <>
          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">{t.upcomingVaccines}</h2>
            {upcoming.length ? <VaccineList items={upcoming} /> : <p>{t.noUpcomingVaccines}</p>}
          </section>
          <section aria-labelledby="past-title">
            <h2 id="past-title">{t.pastVaccines}</h2>
            {past.length ? <VaccineList items={past} /> : <p>{t.noPastVaccines}</p>}
          </section>
        </>
      )}
    </section>
  );
}

function VaccineList({ items }: { items: Immunization[] }) {
  const t = useText(healthRecordText);
  const locale = useLocale();
  return (
    <ul className="portal-list">
      {items.map((immunization) => (
        <li key={immunization.id}>
          <span>
            <PrefetchLink to={immunization.id!}>
              {formatCodeableConcept(immunization.vaccineCode) || t.vaccine}
            </PrefetchLink>
            <br />
            <span className="portal-list-meta">
              {[formatDate(immunization.occurrenceDateTime, locale) || t.dateUnknown, immunization.location?.display]
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
