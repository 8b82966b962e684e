import type { Questionnaire } from 'fhir-portal-kit';
import { QuestionnaireForm, Scheduler, useFhirClient, useOnline } from 'fhir-portal-kit/react';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { useOfflineText } from '../offline/useOfflineText';
import { getCareText } from './get-care-text';

/**
 * The three questions asked before booking (portal.md: a short placeholder questionnaire), in the
 * portal's language; the answers are kept by linkId.
 */
const visitQuestions = (t: (typeof getCareText)['en']['visit']): Questionnaire => ({
  resourceType: 'Questionnaire',
  status: 'active',
  title: t.title,
  item: [
    { linkId: 'reason', text: t.reason, type: 'string', required: true },
    { linkId: 'duration', text: t.duration, type: 'string' },
    { linkId: 'new-patient', text: t.newPatient, type: 'boolean' },
  ],
});

/**
 * get-care: book a one-hour visit from the first schedule found. Booking needs the server (a slot
 * offered from the device may be taken already), so offline the page says so and offers no Book
 * button; the scheduler stays mounted, hidden, so a visit chosen before the connection dropped is
 * still chosen when it returns.
 */
export function GetCarePage() {
  const client = useFhirClient();
  const online = useOnline();
  const offlineText = useOfflineText();
  const t = useText(getCareText);
  const questionnaire = useMemo(() => visitQuestions(t.visit), [t]);
  // The first schedule found (portal.md section 2); a function so the scheduler shows its own
  // loading and retry states while it is looked up.
  const findSchedule = useCallback(() => client.searchOne('Schedule'), [client]);
  return (
    <div className="portal-container portal-get-care">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {!online && (
        <p role="status" className="portal-notice" data-state="needs-server">
          {offlineText.needsServer}
        </p>
      )}
      <div hidden={!online}>
        <Scheduler
          schedule={findSchedule}
          questionnaire={questionnaire}
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
      </div>
      <p>
        <Link to="/">{t.back}</Link>
      </p>
    </div>
  );
}
