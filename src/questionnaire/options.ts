import type { Coding, QuestionnaireItem, QuestionnaireItemAnswerOption, ValueSet } from '../fhir/types';
import { answerValue, answerValueKey, resultsToOptionAnswers, toAnswer } from './answers';
import type { AnswerOptionView, QuestionnaireAnswer, ValueSetExpansion } from './types';

const OPTION_PREFIX = 'http://hl7.org/fhir/StructureDefinition/questionnaire-optionPrefix';
const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const ITEM_WEIGHT = 'http://hl7.org/fhir/StructureDefinition/itemWeight';

/** The display text of an answer or option value. */
export function optionLabel(answer: object): string {
  const value = answerValue(answer) as any;
  const key = answerValueKey(answer);
  if (value === undefined || value === null) return '';
  switch (key) {
    case 'valueCoding':
      return (value as Coding).display ?? (value as Coding).code ?? '';
    case 'valueReference':
      return value.display ?? value.reference ?? '';
    case 'valueQuantity':
      return [value.value, value.unit ?? value.code].filter((x) => x !== undefined).join(' ');
    case 'valueAttachment':
      return value.title ?? value.url ?? '';
    default:
      return String(value);
  }
}

/** Options from answerOption, with prefix and score. */
export function optionsFromAnswerOptions(answerOptions: QuestionnaireItemAnswerOption[]): AnswerOptionView[] {
  const views: AnswerOptionView[] = [];
  for (const option of answerOptions) {
    const answer = option && toAnswer(option);
    if (!answer) continue;
    const view: AnswerOptionView = { answer, label: optionLabel(answer) };
    const prefix = option.extension?.find((e) => e.url === OPTION_PREFIX)?.valueString;
    if (prefix) view.prefix = prefix;
    const scoreExt = [...(option.extension ?? []), ...(option.valueCoding?.extension ?? [])].find(
      (e) => e.url === ORDINAL_VALUE || e.url === ITEM_WEIGHT
    );
    const score = scoreExt?.valueDecimal ?? scoreExt?.valueInteger;
    if (score !== undefined) view.score = score;
    views.push(view);
  }
  return views;
}

/** Options from a ValueSet (its expansion, else its compose concepts) or a bare expansion, cut at the limit. */
export function optionsFromExpansion(
  source: ValueSet | ValueSetExpansion | undefined,
  limit: number
): { options: AnswerOptionView[]; truncated: boolean } {
  const codings: Coding[] = [];
  const contains = (source as ValueSet)?.expansion?.contains ?? (source as ValueSetExpansion)?.contains;
  if (Array.isArray(contains)) {
    const walk = (list: any[]) => {
      for (const entry of list) {
        if (entry.code || entry.display)
          codings.push({
            ...(entry.system ? { system: entry.system } : {}),
            ...(entry.code ? { code: entry.code } : {}),
            ...(entry.display ? { display: entry.display } : {}),
          });
        if (Array.isArray(entry.contains)) walk(entry.contains);
      }
    };
    walk(contains);
  } else {
    for (const include of (source as ValueSet)?.compose?.include ?? []) {
      for (const concept of include.concept ?? []) {
        codings.push({
          ...(include.system ? { system: include.system } : {}),
          code: concept.code,
          ...(concept.display ? { display: concept.display } : {}),
        });
      }
    }
  }
  const truncated = codings.length > limit;
  return {
    options: codings
      .slice(0, limit)
      .map((coding) => ({ answer: { valueCoding: coding }, label: coding.display ?? coding.code ?? '' })),
    truncated,
  };
}

/** Options from an answerExpression result. */
export function optionsFromResults(item: QuestionnaireItem, results: unknown[]): AnswerOptionView[] {
  const answers: QuestionnaireAnswer[] = resultsToOptionAnswers(item, results);
  return answers.map((answer) => ({ answer, label: optionLabel(answer) }));
}
