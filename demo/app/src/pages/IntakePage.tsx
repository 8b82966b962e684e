import { PortalQuestionnaires } from '../questionnaires';
import { FixedQuestionnairePage } from './FixedQuestionnairePage';
import { useText } from '../i18n/useText';
import { questionnaireText } from './questionnaire-text';

/** patient-intake-questionnaire: history, medications and coverage before the first visit. */
export function IntakePage() {
  const t = useText(questionnaireText);
  return <FixedQuestionnairePage url={PortalQuestionnaires.intake} thankYou={t.intakeThanks} />;
}
