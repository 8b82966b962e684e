import {
  formatDateTime,
  formatQuestionnaireAnswer,
  type QuestionnaireResponse,
  type QuestionnaireResponseItem,
} from 'fhir-portal-kit';
import { useLocale, useResource, useErrorText } from 'fhir-portal-kit/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuestionnaireTitles } from './useQuestionnaireTitles';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';

/** questionnaire-responses/{id}: each answer shown by its type (portal.md section 3). */
export function QuestionnaireResponsePage() {
  const errorText = useErrorText();
  const { responseId } = useParams();
  const t = useText(healthRecordText);
  const locale = useLocale();
  const [error, setError] = useState<string>();
  const response = useResource<QuestionnaireResponse>(
    { reference: `QuestionnaireResponse/${responseId}` },
    { onError: (e: unknown) => setError(errorText(e)) }
  );
  const title = useQuestionnaireTitles([response?.questionnaire]).get(response?.questionnaire ?? '');
  if (error) return <p role="alert">{error}</p>;
  if (!response) return <p role="status">{t.loading}</p>;
  return (
    <article aria-labelledby="response-title">
      <p>
        <Link to="..">{t.back.responses}</Link>
      </p>
      <h1 id="response-title">{t.responseTitle}</h1>
      {title && <p>{title}</p>}
      <p className="portal-list-meta">
        {response.authored ? t.submitted(formatDateTime(response.authored, locale)) : ''}
      </p>
      <dl className="portal-answers">
        <Items items={response.item ?? []} />
      </dl>
    </article>
  );
}

function Items({ items }: { items: QuestionnaireResponseItem[] }) {
  return (
    <>
      {items.map((item, i) => (
        <div key={`${item.linkId}-${i}`} className="portal-answer">
          <dt>{item.text ?? item.linkId}</dt>
          <dd>
            {(item.answer ?? []).map((answer, j) => (
              <div key={j}>
                <AnswerText answer={answer} />
                {answer.item && (
                  <dl className="portal-answers">
                    <Items items={answer.item} />
                  </dl>
                )}
              </div>
            ))}
            {item.item && (
              <dl className="portal-answers">
                <Items items={item.item} />
              </dl>
            )}
          </dd>
        </div>
      ))}
    </>
  );
}

/** One answer; an answer with no value shows the 'No answer' error instead of failing the page. */
function AnswerText({ answer }: { answer: Parameters<typeof formatQuestionnaireAnswer>[0] }) {
  const errorText = useErrorText();
  try {
    return <>{formatQuestionnaireAnswer(answer)}</>;
  } catch (error) {
    return <span className="portal-answer-error">{errorText(error)}</span>;
  }
}
