// The form's texts come from two families: the engine's (`questionnaire`: validation, upload and
// search failures) and the form's own (`questionnaireForm`). A provider may give either; the
// form's own `messages` prop wins over both, and the engine is built with the result.
import { useMemo } from 'react';
import { defaultQuestionnaireMessages } from '../../questionnaire';
import { useMessages } from '../locale/MessagesContext';
import { defaultQuestionnaireFormMessages, type QuestionnaireFormMessages } from './messages';

/** The questionnaire form's texts: English, then the provider's engine and form texts, then `own`. */
export function useQuestionnaireFormMessages(own?: Partial<QuestionnaireFormMessages>): QuestionnaireFormMessages {
  const engine = useMessages('questionnaire', defaultQuestionnaireMessages);
  const defaults = useMemo(() => ({ ...defaultQuestionnaireFormMessages, ...engine }), [engine]);
  return useMessages('questionnaireForm', defaults, own);
}
