// Which input an item gets: a popover picker, radio buttons or check boxes, or a plain field.
import type { QuestionnaireItemState } from '../../../questionnaire';
import type { PickerKind } from './types';

/** Choice items, and any item with answer options or a value set. */
export function isChoiceLike(state: QuestionnaireItemState): boolean {
  return (
    state.type === 'choice' || state.type === 'open-choice' || !!state.item.answerOption || !!state.item.answerValueSet
  );
}

function hasExpressionOptions(state: QuestionnaireItemState): boolean {
  return !!state.item.extension?.some((e) => e.url.endsWith('answerExpression'));
}

/** A choice item with nothing to choose from: shown as a disabled 'No Answers Defined' field. */
export function hasNoOptions(state: QuestionnaireItemState): boolean {
  return (
    (state.type === 'choice' || !!state.item.answerOption) &&
    !state.item.answerValueSet &&
    !state.optionsLoading &&
    state.options.length === 0 &&
    !hasExpressionOptions(state)
  );
}

/** The popover picker an item is shown with (loaded on demand), or undefined. */
export function pickerKind(state: QuestionnaireItemState): PickerKind | undefined {
  if (isChoiceLike(state)) {
    if (hasNoOptions(state) || state.control === 'radio-button' || state.control === 'check-box') return undefined;
    return 'choice';
  }
  return state.control === 'reference' ? 'reference' : undefined;
}

/** Radio buttons and check boxes sit in a fieldset whose legend is the item's text. */
export function isGroupedInput(state: QuestionnaireItemState): boolean {
  return (state.control === 'radio-button' || state.control === 'check-box') && !hasNoOptions(state);
}

/** True for an item whose options come from a value set expanded on demand. */
export function isValueSetPicker(state: QuestionnaireItemState): boolean {
  return !!state.item.answerValueSet && !state.item.answerValueSet.startsWith('#');
}
