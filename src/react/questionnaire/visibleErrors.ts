import type { QuestionnaireItemState } from '../../questionnaire';
import type { QuestionnaireFormMessages } from './messages';

/**
 * Errors a user sees: all once the user changed the item (the engine's `touched`) or tried to
 * submit; before that only those not about emptiness, so tabbing through an untouched form
 * shows no 'This field is required.' under each field it passes. The engine's texts are the
 * form's messages, so the emptiness errors are known by their exact text.
 */
export function visibleErrors(
  state: QuestionnaireItemState,
  messages: QuestionnaireFormMessages,
  submitAttempted: boolean
): readonly string[] {
  if (state.touched || submitAttempted || state.answers.length > 0 || !state.errors.length) return state.errors;
  const minOccurs = state.constraints.minOccurs;
  const tooFew = minOccurs === undefined ? undefined : messages.minOccurs(minOccurs);
  return state.errors.filter((e) => e !== messages.required && e !== tooFew);
}
