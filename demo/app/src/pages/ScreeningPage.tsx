import { PortalQuestionnaires } from '../questionnaires';
import { FixedQuestionnairePage } from './FixedQuestionnairePage';

/** screening-questionnaire: the AHC HRSN social-needs screening. */
export function ScreeningPage() {
  return (
    <FixedQuestionnairePage
      url={PortalQuestionnaires.screening}
      thankYou="Thank you for completing the screening. Your care team will reach out if we can connect you with support."
    />
  );
}
