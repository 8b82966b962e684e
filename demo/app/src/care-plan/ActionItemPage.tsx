import { type CarePlan } from 'fhir-portal-kit';
import { StatusBadge, useResource, useErrorText } from 'fhir-portal-kit/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Period } from './ActionItemsPage';
import { useText } from '../i18n/useText';
import { activityForms } from './activity-forms';
import { carePlanText } from './text';

/** care-plan/action-items/{itemId}: one care plan read by id. */
export function ActionItemPage() {
  const errorText = useErrorText();
  const { itemId } = useParams();
  const t = useText(carePlanText);
  const [error, setError] = useState<string>();
  const plan = useResource<CarePlan>(
    { reference: `CarePlan/${itemId}` },
    { onError: (e: unknown) => setError(errorText(e)) }
  );
  if (error) return <p role="alert">{error}</p>;
  if (!plan) return <p role="status">{t.loading}</p>;
  return (
    <article aria-labelledby="item-title">
      <p>
        <Link to="..">{t.backToActionItems}</Link>
      </p>
      <h1 id="item-title">{plan.title ?? t.actionItem}</h1>
      <p className="portal-list-meta">
        <StatusBadge status={plan.status} /> <Period plan={plan} />
      </p>
      {plan.description && <p>{plan.description}</p>}
      {activityForms(plan).map((form) => (
        <p key={form.to}>
          <Link className="portal-button" to={form.to}>
            {t.forms[form.form]}
          </Link>
        </p>
      ))}
      <dl className="portal-answers">
        {plan.author?.display && (
          <div className="portal-answer">
            <dt>{t.author}</dt>
            <dd>{plan.author.display}</dd>
          </div>
        )}
        {plan.category?.[0]?.text && (
          <div className="portal-answer">
            <dt>{t.category}</dt>
            <dd>{plan.category[0].text}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
