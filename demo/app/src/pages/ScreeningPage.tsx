import { PortalQuestionnaires } from '../questionnaires';
import { FixedQuestionnairePage } from './FixedQuestionnairePage';
import { useText } from '../i18n/useText';
import { questionnaireText } from './questionnaire-text';

/** screening-questionnaire: the AHC HRSN social-needs screening. */
export function ScreeningPage() {
  const t = useText(questionnaireText);
  return <FixedQuestionnairePage url={PortalQuestionnaires.screening} thankYou={t.screeningThanks} />;
}
