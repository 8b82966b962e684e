import { useSearchOne } from 'fhir-portal-kit/react';
import { useRef, useState } from 'react';
import { DraftedQuestionnaireForm } from './DraftedQuestionnaireForm';
import { useText } from '../i18n/useText';
import { questionnaireText } from './questionnaire-text';

/**
 * A fixed questionnaire route (screening, intake): the stored questionnaire with this url,
 * replaced by a thank-you text once submitted. Answers are kept as a draft while typed, and the
 * response is stored like any other.
 */
export function FixedQuestionnairePage({ url, thankYou }: { url: string; thankYou: string }) {
  const t = useText(questionnaireText);
  const [done, setDone] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const { data: questionnaire, loading, error } = useSearchOne('Questionnaire', { url });

  if (done) {
    return (
      <div className="portal-container portal-content portal-thanks">
        <h1 ref={thanksRef} tabIndex={-1}>
          {t.thankYou}
        </h1>
        <p>{thankYou}</p>
      </div>
    );
  }
  return (
    <div className="portal-container portal-content">
      {loading && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error.message}</p>}
      {!loading && !error && !questionnaire && <p role="alert">{t.notAvailable}</p>}
      {questionnaire && (
        <DraftedQuestionnaireForm
          questionnaire={questionnaire}
          onSubmitted={() => {
            setDone(true);
            requestAnimationFrame(() => thanksRef.current?.focus());
          }}
        />
      )}
    </div>
  );
}
