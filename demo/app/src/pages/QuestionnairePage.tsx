import { type Questionnaire } from 'fhir-portal-kit';
import { useNotifications, useResourceState, useErrorText } from 'fhir-portal-kit/react';
import { useNavigate, useParams } from 'react-router';
import { DraftedQuestionnaireForm } from './DraftedQuestionnaireForm';
import { useText } from '../i18n/useText';
import { questionnaireText } from './questionnaire-text';

/** Questionnaire/{id}: fills a stored questionnaire, kept as a draft while typed; submit stores the response. */
export function QuestionnairePage() {
  const errorText = useErrorText();
  const { questionnaireId } = useParams();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const t = useText(questionnaireText);
  const { data: questionnaire, error } = useResourceState<Questionnaire>({
    reference: `Questionnaire/${questionnaireId}`,
  });

  return (
    <div className="portal-container portal-content">
      {error && (
        <div role="alert">
          <p>{t.cannotShow}</p>
          <p>{errorText(error)}</p>
        </div>
      )}
      {!error && !questionnaire && <p role="status">{t.loadingQuestionnaire}</p>}
      {questionnaire && (
        <DraftedQuestionnaireForm
          key={questionnaireId}
          questionnaire={questionnaire}
          onSubmitted={() => {
            notifications.showSuccess(t.recordedTitle, t.recorded);
            navigate('/health-record/questionnaire-responses/');
          }}
        />
      )}
    </div>
  );
}
