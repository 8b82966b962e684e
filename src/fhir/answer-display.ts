import { formatDate, formatDateTime, formatTime } from './dates';
import { defaultBooleanWords, formatCoding, formatQuantity, formatRange, type BooleanWords } from './display';
import { throwError } from './outcomes';
import type { QuestionnaireResponseItem, QuestionnaireResponseItemAnswer, Range } from './types';

/** A response answer; `valueRange` is not in R4's answer type but some forms store one. */
export type DisplayableAnswer = QuestionnaireResponseItemAnswer & { valueRange?: Range };

/**
 * A QuestionnaireResponse answer as text: booleans 'Yes'/'No' (or the `words`
 * given; issue 20 replaces the spec's 'True'/'False'), codings by
 * display, quantities and ranges with units, dates localized, other kinds as their text.
 * Throws 'No answer' when the answer has no value.
 */
export function formatQuestionnaireAnswer(
  answer: DisplayableAnswer | undefined,
  locales?: Intl.LocalesArgument,
  words: BooleanWords = defaultBooleanWords
): string {
  if (answer) {
    if (answer.valueBoolean !== undefined) return answer.valueBoolean ? words.yes : words.no;
    if (answer.valueInteger !== undefined) return String(answer.valueInteger);
    if (answer.valueDecimal !== undefined) return String(answer.valueDecimal);
    if (answer.valueString !== undefined) return answer.valueString;
    if (answer.valueCoding) return formatCoding(answer.valueCoding) || answer.valueCoding.code || '';
    if (answer.valueQuantity) return formatQuantity(answer.valueQuantity);
    if (answer.valueRange) return formatRange(answer.valueRange);
    // Shown as text when Intl cannot read the value, so a stored answer is never hidden.
    if (answer.valueDateTime !== undefined)
      return formatDateTime(answer.valueDateTime, locales) || answer.valueDateTime;
    if (answer.valueDate !== undefined) return formatDate(answer.valueDate, locales) || answer.valueDate;
    if (answer.valueTime !== undefined) return formatTime(answer.valueTime, locales) || answer.valueTime;
    if (answer.valueUri !== undefined) return answer.valueUri;
    if (answer.valueReference) return answer.valueReference.display ?? answer.valueReference.reference ?? '';
    if (answer.valueAttachment) return answer.valueAttachment.title ?? answer.valueAttachment.url ?? '';
  }
  return throwError('No answer', 'invalid');
}

/** Every answer of a response item as text, in order. */
export function formatQuestionnaireAnswers(
  item: QuestionnaireResponseItem,
  locales?: Intl.LocalesArgument,
  words?: BooleanWords
): string[] {
  return (item.answer ?? []).map((answer) => formatQuestionnaireAnswer(answer, locales, words));
}
