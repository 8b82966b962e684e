// Answer values: which value[x] keys an item type takes, an answer's identity, and conversions
// into answers (typed input, FHIRPath results). enableWhen evaluation is in enable-when.ts.
import type { Coding, Quantity, QuestionnaireItem, QuestionnaireResponseItemAnswer } from '../fhir/types';

/** The value[x] keys an answer may carry. */
export const ANSWER_VALUE_KEYS = [
  'valueBoolean',
  'valueDecimal',
  'valueInteger',
  'valueDate',
  'valueDateTime',
  'valueTime',
  'valueString',
  'valueUri',
  'valueAttachment',
  'valueCoding',
  'valueQuantity',
  'valueReference',
] as const;

/** One of the value[x] keys of a QuestionnaireResponse answer. */
export type AnswerValueKey = (typeof ANSWER_VALUE_KEYS)[number];

/** The R4 item types. */
export const ITEM_TYPES = [
  'group',
  'display',
  'boolean',
  'decimal',
  'integer',
  'date',
  'dateTime',
  'time',
  'string',
  'text',
  'url',
  'choice',
  'open-choice',
  'attachment',
  'reference',
  'quantity',
] as const;

const VALUE_KEY_BY_TYPE: Record<string, AnswerValueKey> = {
  boolean: 'valueBoolean',
  decimal: 'valueDecimal',
  integer: 'valueInteger',
  date: 'valueDate',
  dateTime: 'valueDateTime',
  time: 'valueTime',
  string: 'valueString',
  text: 'valueString',
  url: 'valueUri',
  choice: 'valueCoding',
  'open-choice': 'valueCoding',
  attachment: 'valueAttachment',
  reference: 'valueReference',
  quantity: 'valueQuantity',
};

/** The value[x] key a typed answer of this item type carries (valueCoding for choice). */
export function valueKeyForType(type: string): AnswerValueKey | undefined {
  return VALUE_KEY_BY_TYPE[type];
}

/** The value[x] keys allowed for an item: its type's key, plus the answerOption kinds for choices. */
export function allowedValueKeys(item: QuestionnaireItem): Set<AnswerValueKey> {
  const keys = new Set<AnswerValueKey>();
  const main = valueKeyForType(item.type);
  if (main) keys.add(main);
  if (item.type === 'choice' || item.type === 'open-choice') {
    for (const option of item.answerOption ?? []) {
      const key = answerValueKey(option);
      if (key) keys.add(key);
    }
    if (item.type === 'open-choice') keys.add('valueString');
  }
  if (item.type === 'dateTime') keys.add('valueDate');
  return keys;
}

/** The value[x] key present on an answer, answerOption or initial. */
export function answerValueKey(value: object | undefined): AnswerValueKey | undefined {
  if (!value) return undefined;
  for (const key of ANSWER_VALUE_KEYS) {
    if ((value as any)[key] !== undefined) return key;
  }
  return undefined;
}

/** The value of an answer, whatever its kind. */
export function answerValue(answer: object | undefined): unknown {
  const key = answerValueKey(answer);
  return key ? (answer as any)[key] : undefined;
}

/** True when an answer carries a value. */
export function hasValue(answer: QuestionnaireResponseItemAnswer): boolean {
  return answerValueKey(answer) !== undefined;
}

/** Copies only the value[x] of an option or initial into an answer. */
export function toAnswer(source: object): QuestionnaireResponseItemAnswer | undefined {
  const key = answerValueKey(source);
  if (!key) return undefined;
  return { [key]: (source as any)[key] } as QuestionnaireResponseItemAnswer;
}

/** The answer's value as a stable string, for equality and option matching. */
export function answerIdentity(answer: object): string {
  const key = answerValueKey(answer);
  if (!key) return '';
  const value = (answer as any)[key];
  if (key === 'valueCoding')
    return `coding|${(value as Coding).system ?? ''}|${(value as Coding).code ?? ''}|${(value as Coding).code ? '' : ((value as Coding).display ?? '')}`;
  if (key === 'valueReference') return `reference|${value.reference ?? value.display ?? ''}`;
  if (key === 'valueQuantity') return `quantity|${value.value}|${value.system ?? ''}|${value.code ?? value.unit ?? ''}`;
  if (key === 'valueAttachment') return `attachment|${value.url ?? ''}|${value.data ?? ''}|${value.title ?? ''}`;
  return `${typeof value}|${String(value)}`;
}

/**
 * Converts FHIRPath results into answers of the item's type (calculatedExpression,
 * initialExpression). Values that do not fit the type are dropped.
 */
export function resultsToAnswers(item: QuestionnaireItem, results: unknown[]): QuestionnaireResponseItemAnswer[] {
  const answers: QuestionnaireResponseItemAnswer[] = [];
  for (const raw of results) {
    const value =
      raw && typeof raw === 'object' && 'valueOf' in raw && typeof (raw as any).valueOf() !== 'object'
        ? (raw as any).valueOf()
        : raw;
    const answer = valueToAnswer(item, value);
    if (answer && allowedValueKeys(item).has(answerValueKey(answer)!)) answers.push(answer);
  }
  return item.repeats || item.type === 'group' ? answers : answers.slice(0, 1);
}

/** Converts answerExpression results to option answers; any value[x] kind is kept. */
export function resultsToOptionAnswers(item: QuestionnaireItem, results: unknown[]): QuestionnaireResponseItemAnswer[] {
  return results
    .map((raw) =>
      raw && typeof raw === 'object' && typeof (raw as any).valueOf() !== 'object' ? (raw as any).valueOf() : raw
    )
    .map((value) => valueToAnswer(item, value))
    .filter((a): a is QuestionnaireResponseItemAnswer => !!a)
    .map((a) =>
      // Choice options are codings: a bare string becomes a coding with that display (as LHC-Forms does).
      (item.type === 'choice' || item.type === 'open-choice') && a.valueString !== undefined
        ? { valueCoding: { display: a.valueString } }
        : a
    );
}

/** Fits a value to the item's type where that is lossless: integer ↔ decimal. */
export function coerceAnswer(
  item: QuestionnaireItem,
  answer: QuestionnaireResponseItemAnswer
): QuestionnaireResponseItemAnswer {
  if (item.type === 'decimal' && typeof answer.valueInteger === 'number') {
    const { valueInteger, ...rest } = answer;
    return { ...rest, valueDecimal: valueInteger };
  }
  if (item.type === 'integer' && typeof answer.valueDecimal === 'number' && Number.isInteger(answer.valueDecimal)) {
    const { valueDecimal, ...rest } = answer;
    return { ...rest, valueInteger: valueDecimal };
  }
  return answer;
}

function valueToAnswer(item: QuestionnaireItem, value: unknown): QuestionnaireResponseItemAnswer | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object' && answerValueKey(value as object)) return toAnswer(value as object);
  switch (item.type) {
    case 'boolean':
      return typeof value === 'boolean' ? { valueBoolean: value } : undefined;
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? { valueDecimal: value } : undefined;
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? { valueInteger: Math.round(value) } : undefined;
    case 'date':
      return typeof value === 'string' ? { valueDate: value.slice(0, 10) } : undefined;
    case 'dateTime':
      return typeof value === 'string' ? { valueDateTime: value } : undefined;
    case 'time':
      return typeof value === 'string' ? { valueTime: value } : undefined;
    case 'string':
    case 'text':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? { valueString: String(value) }
        : undefined;
    case 'url':
      return typeof value === 'string' ? { valueUri: value } : undefined;
    case 'quantity':
      if (typeof value === 'number') return { valueQuantity: { value } };
      if (typeof value === 'object' && typeof (value as any).value === 'number')
        return { valueQuantity: value as Quantity };
      return undefined;
    case 'reference':
      return typeof value === 'object' && (value as any).reference ? { valueReference: value as any } : undefined;
    case 'attachment':
      return typeof value === 'object' && ((value as any).url || (value as any).data)
        ? { valueAttachment: value as any }
        : undefined;
    case 'choice':
    case 'open-choice': {
      if (typeof value === 'object' && ((value as any).code !== undefined || (value as any).display !== undefined)) {
        return { valueCoding: value as Coding };
      }
      const option = (item.answerOption ?? []).find((o) => {
        const v = answerValue(o);
        return v === value || (o.valueCoding && (o.valueCoding.code === value || o.valueCoding.display === value));
      });
      if (option) return toAnswer(option);
      if (item.type === 'open-choice' && typeof value === 'string') return { valueString: value };
      if (typeof value === 'number') return Number.isInteger(value) ? { valueInteger: value } : undefined;
      return typeof value === 'string' ? { valueString: value } : undefined;
    }
    default:
      return undefined;
  }
}
