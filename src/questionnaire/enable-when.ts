// enableWhen evaluation (R4 semantics): an item's conditions against the answers they name.
import type { Coding, Quantity, QuestionnaireItemEnableWhen, QuestionnaireResponseItemAnswer } from '../fhir/types';
import { answerValueKey, hasValue } from './answers';

type Comparable =
  { kind: 'number' | 'string' | 'date'; value: number | string } | { kind: 'quantity'; value: number; unit: string };

/** A value reduced to something ordered: numbers, ISO strings (date, dateTime, time), quantities. */
function comparable(key: string, value: any): Comparable | undefined {
  switch (key) {
    case 'valueDecimal':
    case 'valueInteger':
    case 'answerDecimal':
    case 'answerInteger':
      return typeof value === 'number' ? { kind: 'number', value } : undefined;
    case 'valueDate':
    case 'valueDateTime':
    case 'answerDate':
    case 'answerDateTime': {
      const time = Date.parse(value);
      return Number.isNaN(time) ? { kind: 'string', value: String(value) } : { kind: 'date', value: time };
    }
    case 'valueTime':
    case 'answerTime':
    case 'valueString':
    case 'answerString':
    case 'valueUri':
      return { kind: 'string', value: String(value) };
    case 'valueQuantity':
    case 'answerQuantity': {
      const q = value as Quantity;
      return typeof q?.value === 'number'
        ? { kind: 'quantity', value: q.value, unit: q.code ?? q.unit ?? '' }
        : undefined;
    }
    default:
      return undefined;
  }
}

/** The answer[x] of an enableWhen, as its key and value. */
export function enableWhenAnswer(condition: QuestionnaireItemEnableWhen): { key: string; value: unknown } | undefined {
  for (const key of Object.keys(condition)) {
    if (key.startsWith('answer') && (condition as any)[key] !== undefined)
      return { key, value: (condition as any)[key] };
  }
  return undefined;
}

/**
 * The condition's value as something ordered. Some real questionnaires put a value under the
 * wrong answer[x] (LHC's test data has answerInteger: '2022-09' for a date item); then it is read
 * as the answer's own type.
 */
function conditionComparable(answerKey: string, condKey: string, condValue: any): Comparable | undefined {
  return (
    comparable(condKey, condValue) ?? (typeof condValue === 'string' ? comparable(answerKey, condValue) : undefined)
  );
}

function equalValues(answerKey: string, answerValue: any, condKey: string, condValue: any): boolean {
  const kind = condKey.slice('answer'.length);
  if (kind === 'Coding') {
    if (answerKey !== 'valueCoding') return answerKey === 'valueString' && condValue?.code === answerValue;
    const a = answerValue as Coding;
    const c = condValue as Coding;
    if (a.code !== undefined || c.code !== undefined)
      return a.code === c.code && (!a.system || !c.system || a.system === c.system);
    return a.display === c.display;
  }
  if (kind === 'Reference') return answerKey === 'valueReference' && answerValue?.reference === condValue?.reference;
  if (kind === 'Boolean') return answerKey === 'valueBoolean' && answerValue === condValue;
  const a = comparable(answerKey, answerValue);
  const c = conditionComparable(answerKey, condKey, condValue);
  if (!a || !c) return false;
  if (a.kind === 'quantity' || c.kind === 'quantity') {
    return (
      a.kind === 'quantity' && c.kind === 'quantity' && a.value === c.value && (!a.unit || !c.unit || a.unit === c.unit)
    );
  }
  return a.value === c.value;
}

function order(answerKey: string, answerValue: any, condKey: string, condValue: any): number | undefined {
  const a = comparable(answerKey, answerValue);
  const c = conditionComparable(answerKey, condKey, condValue);
  if (!a || !c) return undefined;
  if ((a.kind === 'quantity') !== (c.kind === 'quantity')) return undefined;
  if (a.kind === 'quantity' && c.kind === 'quantity' && a.unit && c.unit && a.unit !== c.unit) return undefined;
  if (a.kind !== c.kind && !(a.kind === 'number' && c.kind === 'number')) return undefined;
  return a.value < c.value ? -1 : a.value > c.value ? 1 : 0;
}

/**
 * Evaluates one enableWhen against the answers of the item it names (already scoped to the
 * right repeat instance). Follows R4: `exists` compares presence with answerBoolean; `!=` is
 * true when no answer equals the value (also when there is no answer); the others are true when
 * any answer satisfies them.
 */
export function evaluateEnableWhen(
  condition: QuestionnaireItemEnableWhen,
  answers: readonly QuestionnaireResponseItemAnswer[] | undefined
): boolean {
  const present = (answers ?? []).filter(hasValue);
  const expected = enableWhenAnswer(condition);
  if (condition.operator === 'exists') return present.length > 0 === (expected?.value !== false);
  if (!expected) return false;
  const matches = (test: (key: string, value: unknown) => boolean): boolean =>
    present.some((answer) => {
      const key = answerValueKey(answer)!;
      return test(key, (answer as any)[key]);
    });
  switch (condition.operator) {
    case '=':
      return matches((key, value) => equalValues(key, value, expected.key, expected.value));
    case '!=':
      return !matches((key, value) => equalValues(key, value, expected.key, expected.value));
    case '>':
      return matches((key, value) => order(key, value, expected.key, expected.value) === 1);
    case '<':
      return matches((key, value) => order(key, value, expected.key, expected.value) === -1);
    case '>=':
      return matches((key, value) => {
        const o = order(key, value, expected.key, expected.value);
        return o === 1 || o === 0;
      });
    case '<=':
      return matches((key, value) => {
        const o = order(key, value, expected.key, expected.value);
        return o === -1 || o === 0;
      });
    default:
      return false;
  }
}
