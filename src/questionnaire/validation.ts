import type { QuestionnaireItem } from '../fhir/types';
import type { QuestionnaireMessages } from './constants';
import type { ItemConstraints, QuestionnaireAnswer } from './types';

function decimalPlaces(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function compileRegex(source: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${source})$`, 'u');
  } catch {
    try {
      return new RegExp(`^(?:${source})$`);
    } catch {
      return undefined;
    }
  }
}

const regexCache = new Map<string, RegExp | undefined>();

/** Validates the answers of one item against its type and constraints; returns the messages. */
export function validateAnswers(
  item: QuestionnaireItem,
  constraints: ItemConstraints,
  answers: readonly QuestionnaireAnswer[],
  messages: QuestionnaireMessages
): string[] {
  const errors: string[] = [];
  const add = (message: string) => {
    if (!errors.includes(message)) errors.push(message);
  };
  for (const answer of answers) {
    const text = answer.valueString ?? answer.valueUri;
    if (text !== undefined) {
      if (constraints.minLength !== undefined && text.length < constraints.minLength)
        add(messages.minLength(constraints.minLength));
      if (constraints.maxLength !== undefined && text.length > constraints.maxLength)
        add(messages.maxLength(constraints.maxLength));
      if (constraints.regex) {
        if (!regexCache.has(constraints.regex)) regexCache.set(constraints.regex, compileRegex(constraints.regex));
        const regex = regexCache.get(constraints.regex);
        if (regex && !regex.test(text)) add(messages.regex);
      }
    }
    if (item.type === 'url' && answer.valueUri !== undefined && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(answer.valueUri))
      add(messages.wrongType('url'));
    const number = answer.valueDecimal ?? answer.valueInteger ?? answer.valueQuantity?.value;
    if (number !== undefined) {
      if (typeof number !== 'number' || !Number.isFinite(number)) add(messages.wrongType(item.type));
      else {
        if (answer.valueInteger !== undefined && !Number.isInteger(number)) add(messages.notInteger);
        if (typeof constraints.minValue === 'number' && number < constraints.minValue)
          add(messages.minValue(String(constraints.minValue)));
        if (typeof constraints.maxValue === 'number' && number > constraints.maxValue)
          add(messages.maxValue(String(constraints.maxValue)));
        if (constraints.maxDecimalPlaces !== undefined && decimalPlaces(number) > constraints.maxDecimalPlaces) {
          add(messages.maxDecimalPlaces(constraints.maxDecimalPlaces));
        }
      }
    }
    const temporal = answer.valueDate ?? answer.valueDateTime ?? answer.valueTime;
    if (temporal !== undefined) {
      if (typeof constraints.minValue === 'string' && temporal < constraints.minValue)
        add(messages.minValue(constraints.minValue));
      if (typeof constraints.maxValue === 'string' && temporal > constraints.maxValue)
        add(messages.maxValue(constraints.maxValue));
      const valid =
        answer.valueDate !== undefined
          ? /^\d{4}(-\d{2}(-\d{2})?)?$/.test(temporal)
          : answer.valueDateTime !== undefined
            ? /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.test(temporal)
            : /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(temporal);
      if (!valid) add(messages.wrongType(item.type));
    }
  }
  return errors;
}
