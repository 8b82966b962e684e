import type { Questionnaire } from 'fhir-portal-kit';
import { QuestionnaireForm, Scheduler, useFhirClient } from 'fhir-portal-kit/react';
import { useCallback } from 'react';
import { Link } from 'react-router';

/** The three questions asked before booking (portal.md: a short placeholder questionnaire). */
const visitQuestions: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'About your visit',
  item: [
    { linkId: 'reason', text: 'What is the main reason for your visit?', type: 'string', required: true },
    { linkId: 'duration', text: 'How long have you had these symptoms?', type: 'string' },
    { linkId: 'new-patient', text: 'Is this your first visit with us?', type: 'boolean' },
  ],
};

/** get-care: book a one-hour visit from the first schedule found. */
export function GetCarePage() {
  const client = useFhirClient();
  // The first schedule found (portal.md section 2); a function so the scheduler shows its own
  // loading and retry states while it is looked up.
  const findSchedule = useCallback(() => client.searchOne('Schedule'), [client]);
  return (
    <div className="portal-container portal-get-care">
      <h1>Get Care</h1>
      <p>Book a one-hour visit with your care team.</p>
      <Scheduler
        schedule={findSchedule}
        questionnaire={visitQuestions}
        headingLevel={2}
        renderQuestionnaire={({ questionnaire, onSubmit, submitLabel, defaultResponse, subject }) => (
          <QuestionnaireForm
            questionnaire={questionnaire}
            questionnaireResponse={defaultResponse}
            subject={subject}
            source={subject}
            submitButtonText={submitLabel}
            headingLevel={3}
            onSubmit={onSubmit}
          />
        )}
      />
      <p>
        <Link to="/">Back to your dashboard</Link>
      </p>
    </div>
  );
}
