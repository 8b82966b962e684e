import type { QuestionnaireResponse } from 'fhir-portal-kit';
import { QuestionnaireForm, useFhirClient, useNotifications, useProfile } from 'fhir-portal-kit/react';
import { useNavigate, useParams } from 'react-router';

/** Questionnaire/{id}: fills a stored questionnaire; submit creates the response. */
export function QuestionnairePage() {
  const { questionnaireId } = useParams();
  const client = useFhirClient();
  const profile = useProfile();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const me = profile ? { reference: `${profile.resourceType}/${profile.id}` } : undefined;

  const submit = async (response: QuestionnaireResponse) => {
    try {
      await client.createResource(response);
    } catch (error) {
      notifications.showError(error);
      throw error;
    }
    notifications.showSuccess('Success', 'Answers recorded');
    navigate('/health-record/questionnaire-responses/');
  };

  return (
    <div className="portal-container portal-content">
      <QuestionnaireForm
        key={questionnaireId}
        questionnaire={{ reference: `Questionnaire/${questionnaireId}` }}
        subject={me}
        source={me}
        headingLevel={1}
        onSubmit={submit}
      />
    </div>
  );
}
