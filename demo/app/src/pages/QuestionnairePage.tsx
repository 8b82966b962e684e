import { normalizeErrorString, type Questionnaire } from 'fhir-portal-kit';
import { useNotifications, useResourceState } from 'fhir-portal-kit/react';
import { useNavigate, useParams } from 'react-router';
import { DraftedQuestionnaireForm } from './DraftedQuestionnaireForm';

/** Questionnaire/{id}: fills a stored questionnaire, kept as a draft while typed; submit stores the response. */
export function QuestionnairePage() {
  const { questionnaireId } = useParams();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const { data: questionnaire, error } = useResourceState<Questionnaire>({
    reference: `Questionnaire/${questionnaireId}`,
  });

  return (
    <div className="portal-container portal-content">
      {error && (
        <div role="alert">
          <p>This questionnaire cannot be shown</p>
          <p>{normalizeErrorString(error)}</p>
        </div>
      )}
      {!error && !questionnaire && <p role="status">Loading questionnaire...</p>}
      {questionnaire && (
        <DraftedQuestionnaireForm
          key={questionnaireId}
          questionnaire={questionnaire}
          onSubmitted={() => {
            notifications.showSuccess('Success', 'Answers recorded');
            navigate('/health-record/questionnaire-responses/');
          }}
        />
      )}
    </div>
  );
}
