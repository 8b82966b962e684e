import { formatDate, type CarePlan } from 'fhir-portal-kit';
import { StatusBadge, useProfile, useSearchResources } from 'fhir-portal-kit/react';
import { Link } from 'react-router';

/** care-plan/action-items: the patient's care plans by subject, each with status and period. */
export function ActionItemsPage() {
  const profile = useProfile();
  const subject = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  const { data, loading, error } = useSearchResources(subject ? 'CarePlan' : undefined, { subject: subject ?? '' });
  return (
    <section aria-labelledby="action-items-title">
      <h1 id="action-items-title">Action Items</h1>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>No action items.</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((plan) => (
            <li key={plan.id}>
              <Link to={plan.id!}>{plan.title ?? 'Action item'}</Link>
              <span className="portal-list-meta">
                <StatusBadge status={plan.status} /> <Period plan={plan} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Start – End' of a care plan's period, each only when present. */
export function Period({ plan }: { plan: CarePlan }) {
  const start = plan.period?.start;
  const end = plan.period?.end;
  if (!start && !end) return null;
  return (
    <span>
      {start && <>Start {formatDate(start)}</>}
      {start && end && ' · '}
      {end && <>End {formatDate(end)}</>}
    </span>
  );
}
