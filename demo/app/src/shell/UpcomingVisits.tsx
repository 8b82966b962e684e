import { formatDateTime, type Appointment } from 'fhir-portal-kit';
import { StatusBadge, useLocale, useProfile, useSearchResources } from 'fhir-portal-kit/react';
import { features } from '../features';
import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { shellText } from './text';

/** The patient's booked visits from today on, soonest first. */
export function UpcomingVisits() {
  const profile = useProfile();
  const t = useText(shellText);
  const locale = useLocale();
  const patient = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  // Midnight today, so a visit later today still shows.
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const { data, loading, error } = useSearchResources(patient ? 'Appointment' : undefined, {
    patient: patient ?? '',
    date: `ge${today.toISOString()}`,
    status: 'booked',
    _sort: 'date',
  });
  return (
    <section className="portal-card" aria-labelledby="visits-title">
      <h2 id="visits-title">{t.upcomingVisits}</h2>
      {loading && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && (
        <p>
          {t.noUpcomingVisits} {features.getCare && <Link to="/get-care">{t.bookAVisit}</Link>}
        </p>
      )}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((appointment: Appointment) => (
            <li key={appointment.id}>
              <span>
                {t.visitWith(
                  appointment.start ? formatDateTime(appointment.start, locale) : t.timeToBeConfirmed,
                  appointment.participant?.find((p) => p.actor?.reference?.startsWith('Practitioner/'))?.actor
                    ?.display ?? t.yourCareTeam
                )}
              </span>
              <StatusBadge status={appointment.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
