// Answers as the inputs show them: an input's text for an answer and back, an answer's key and label.
import type { AnswerOptionView, QuestionnaireItemState, QuestionnaireAnswer } from '../../questionnaire';

/** The input's text for an answer of a simple type ('' when none). */
export function answerToInputValue(state: QuestionnaireItemState, answer: QuestionnaireAnswer | undefined): string {
  if (!answer) return '';
  switch (state.type) {
    case 'decimal':
      return answer.valueDecimal === undefined ? '' : String(answer.valueDecimal);
    case 'integer':
      return answer.valueInteger === undefined ? '' : String(answer.valueInteger);
    case 'date':
      return answer.valueDate ?? '';
    case 'dateTime':
      return answer.valueDateTime ? toLocalDateTimeInput(answer.valueDateTime) : '';
    case 'time':
      return answer.valueTime?.slice(0, 5) ?? '';
    case 'url':
      return answer.valueUri ?? answer.valueString ?? '';
    default:
      return answer.valueString ?? '';
  }
}

/** The answer for what the user typed; undefined for an empty input (empty gives no answer). */
export function inputValueToAnswer(
  state: Pick<QuestionnaireItemState, 'type'>,
  value: string
): QuestionnaireAnswer | undefined {
  if (value.trim() === '') return undefined;
  switch (state.type) {
    case 'decimal': {
      const n = Number(value);
      return Number.isFinite(n) ? { valueDecimal: n } : undefined;
    }
    case 'integer': {
      const n = Number(value);
      return Number.isFinite(n) ? { valueInteger: Math.trunc(n) } : undefined;
    }
    case 'date':
      return { valueDate: value };
    case 'dateTime': {
      // datetime-local has no zone; FHIR needs one once a time is given, so store it as an instant.
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? undefined : { valueDateTime: date.toISOString() };
    }
    case 'time':
      return { valueTime: value.length === 5 ? `${value}:00` : value };
    case 'url':
      return { valueUri: value };
    default:
      return { valueString: value };
  }
}

function toLocalDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A stable comparison key for a choice answer. */
export function answerKey(answer: QuestionnaireAnswer): string {
  const c = answer.valueCoding;
  if (c) return `coding|${c.system ?? ''}|${c.code ?? c.display ?? ''}`;
  if (answer.valueString !== undefined) return `string|${answer.valueString}`;
  if (answer.valueInteger !== undefined) return `integer|${answer.valueInteger}`;
  if (answer.valueDate !== undefined) return `date|${answer.valueDate}`;
  if (answer.valueTime !== undefined) return `time|${answer.valueTime}`;
  if (answer.valueReference) return `reference|${answer.valueReference.reference ?? answer.valueReference.display}`;
  return JSON.stringify(answer);
}

/** The text a picker shows for an answer: its option's label, else the coding's display or code, or the free text. */
export function answerLabel(answer: QuestionnaireAnswer | undefined, options: readonly AnswerOptionView[]): string {
  if (!answer) return '';
  const key = answerKey(answer);
  const option = options.find((o) => answerKey(o.answer) === key);
  if (option) return option.label;
  return answer.valueCoding?.display ?? answer.valueCoding?.code ?? answer.valueString ?? '';
}
