import { formatDateTime, type Appointment } from 'fhir-portal-kit';
import { StatusBadge, useProfile, useSearchResources } from 'fhir-portal-kit/react';
import { features } from '../features';
import { Link } from 'react-router';

/** The patient's booked visits from today on, soonest first. */
export function UpcomingVisits() {
  const profile = useProfile();
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
      <h2 id="visits-title">Upcoming visits</h2>
      {loading && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && (
        <p>No upcoming visits. {features.getCare && <Link to="/get-care">Book a visit</Link>}</p>
      )}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((appointment: Appointment) => (
            <li key={appointment.id}>
              <span>
                {appointment.start ? formatDateTime(appointment.start) : 'Time to be confirmed'}
                {' with '}
                {appointment.participant?.find((p) => p.actor?.reference?.startsWith('Practitioner/'))?.actor
                  ?.display ?? 'your care team'}
              </span>
              <StatusBadge status={appointment.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
