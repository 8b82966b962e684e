import type {
  Coding,
  Element,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
  ValueSet,
  ValueSetComposeIncludeConceptDesignation,
} from '../fhir/types';
import { answerValue, answerValueKey, resultsToOptionAnswers, toAnswer } from './answers';
import { designatedText, translatedText } from './translation';
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

/**
 * An option's label in `language`: the translation on its Coding's `_display` or its own
 * `_valueString`, else the original text.
 */
function optionLabelIn(option: QuestionnaireItemAnswerOption, answer: object, language: string | undefined): string {
  const label = optionLabel(answer);
  if (!language) return label;
  if (option.valueCoding) return translatedText(label, option.valueCoding._display, language) ?? label;
  if (option.valueString !== undefined) return translatedText(label, option._valueString, language) ?? label;
  return label;
}

/**
 * Options from answerOption, with prefix and score; labels and prefixes in `language` where the
 * options carry translations. The answers stay the questionnaire's own (codes and displays as defined).
 */
export function optionsFromAnswerOptions(
  answerOptions: QuestionnaireItemAnswerOption[],
  language?: string
): AnswerOptionView[] {
  const views: AnswerOptionView[] = [];
  for (const option of answerOptions) {
    const answer = option && toAnswer(option);
    if (!answer) continue;
    const view: AnswerOptionView = { answer, label: optionLabelIn(option, answer, language) };
    const prefixExtension = option.extension?.find((e) => e.url === OPTION_PREFIX);
    const prefix = translatedText(prefixExtension?.valueString, prefixExtension?._valueString, language);
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

/** A concept's label in `language`: its designation, else a translation on its `_display`, else its display or code. */
function conceptLabel(coding: Coding, concept: ExpandedConcept, language: string | undefined): string {
  const original = coding.display ?? coding.code ?? '';
  if (!language) return original;
  const designated = designatedText(undefined, concept.designation, language);
  return designated ?? translatedText(original, concept._display, language) ?? original;
}

/** What an expansion entry or a compose concept may carry besides its code. */
interface ExpandedConcept {
  display?: string;
  _display?: Element;
  designation?: ValueSetComposeIncludeConceptDesignation[];
}

/**
 * Options from a ValueSet (its expansion, else its compose concepts) or a bare expansion, cut at
 * the limit; labels in `language` where concepts carry designations or translations.
 */
export function optionsFromExpansion(
  source: ValueSet | ValueSetExpansion | undefined,
  limit: number,
  language?: string
): { options: AnswerOptionView[]; truncated: boolean } {
  const codings: Coding[] = [];
  const labels: string[] = [];
  const contains = (source as ValueSet)?.expansion?.contains ?? (source as ValueSetExpansion)?.contains;
  if (Array.isArray(contains)) {
    const walk = (list: any[]) => {
      for (const entry of list) {
        if (entry.code || entry.display) {
          const coding: Coding = {
            ...(entry.system ? { system: entry.system } : {}),
            ...(entry.code ? { code: entry.code } : {}),
            ...(entry.display ? { display: entry.display } : {}),
          };
          codings.push(coding);
          labels.push(conceptLabel(coding, entry, language));
        }
        if (Array.isArray(entry.contains)) walk(entry.contains);
      }
    };
    walk(contains);
  } else {
    for (const include of (source as ValueSet)?.compose?.include ?? []) {
      for (const concept of include.concept ?? []) {
        const coding: Coding = {
          ...(include.system ? { system: include.system } : {}),
          code: concept.code,
          ...(concept.display ? { display: concept.display } : {}),
        };
        codings.push(coding);
        labels.push(conceptLabel(coding, concept, language));
      }
    }
  }
  const truncated = codings.length > limit;
  return {
    options: codings
      .slice(0, limit)
      .map((coding, index) => ({ answer: { valueCoding: coding }, label: labels[index] })),
    truncated,
  };
}

/** Options from an answerExpression result. */
export function optionsFromResults(item: QuestionnaireItem, results: unknown[]): AnswerOptionView[] {
  const answers: QuestionnaireAnswer[] = resultsToOptionAnswers(item, results);
  return answers.map((answer) => ({ answer, label: optionLabel(answer) }));
}
