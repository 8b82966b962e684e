import { formatDateTime } from 'fhir-portal-kit';
import { StatusBadge, useLocale, useProfile, useSearchResources } from 'fhir-portal-kit/react';
import { Link } from 'react-router';
import { useQuestionnaireTitles } from './useQuestionnaireTitles';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** questionnaire-responses: the patient's responses by source, newest authored first. */
export function QuestionnaireResponsesPage() {
  const profile = useProfile();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const source = profile ? `${profile.resourceType}/${profile.id}` : undefined;
  const { data, loading, error } = useSearchResources(source ? 'QuestionnaireResponse' : undefined, {
    source: source ?? '',
    _sort: '-authored',
  });
  const titles = useQuestionnaireTitles(data?.map((response) => response.questionnaire) ?? []);
  return (
    <section aria-labelledby="responses-title">
      <h1 id="responses-title">{t.sections.responses}</h1>
      {loading && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <p>{t.noResponses}</p>}
      {data && data.length > 0 && (
        <ul className="portal-list">
          {data.map((response) => (
            <li key={response.id}>
              <Link to={response.id!}>
                {(response.questionnaire && titles.get(response.questionnaire)) ?? t.response}
              </Link>
              <span className="portal-list-meta">
                {response.authored ? formatDateTime(response.authored, locale) : ''}{' '}
                <StatusBadge status={response.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
