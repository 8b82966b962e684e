import { formatDate, type CarePlan } from 'fhir-portal-kit';
import { StatusBadge, useLocale, useProfile, useSearchResources } from 'fhir-portal-kit/react';
import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { carePlanText } from './text';

/** care-plan/action-items: the patient's care plans by subject, each with status and period. */
export function ActionItemsPage() {
  const t = useText(carePlanText);
  const profile = useProfile();
  const subject = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  const { data, loading, error } = useSearchResources(subject ? 'CarePlan' : undefined, { subject: subject ?? '' });
  return (
    <section aria-labelledby="action-items-title">
      <h1 id="action-items-title">{t.actionItems}</h1>
      {loading && !data && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>{t.noItems}</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((plan) => (
            <li key={plan.id}>
              <Link to={plan.id!}>{plan.title ?? t.actionItem}</Link>
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
  const t = useText(carePlanText);
  const locale = useLocale();
  const start = plan.period?.start;
  const end = plan.period?.end;
  if (!start && !end) return null;
  return (
    <span>
      {start && t.start(formatDate(start, locale))}
      {start && end && ' · '}
      {end && t.end(formatDate(end, locale))}
    </span>
  );
}
