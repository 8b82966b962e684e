import { PortalQuestionnaires } from '../questionnaires';
import { FixedQuestionnairePage } from './FixedQuestionnairePage';

/** patient-intake-questionnaire: history, medications and coverage before the first visit. */
export function IntakePage() {
  return (
    <FixedQuestionnairePage
      url={PortalQuestionnaires.intake}
      thankYou="Thank you for filling in your intake form. We will review it before your first visit."
    />
  );
}
