// A questionnaire's texts in the form's language: FHIR's translation extension on a primitive's
// element (`_title`, `_text`, `_prefix`, `_display`, `_valueString`) and a concept's designations.
// One rule for both: the exact language tag, then the base language (a form in 'es-MX' takes an
// 'es' translation), else the original text.
import type { Element, ValueSetComposeIncludeConceptDesignation } from '../fhir/types';

/** The core extension that carries one translation of a string: sub-extensions `lang` and `content`. */
export const TRANSLATION_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/translation';

/** One translation: its language tag and its text. */
interface Translated {
  readonly language: string;
  readonly text: string;
}

/** The base language of a tag ('es' for 'es-MX'), lower case. */
function baseLanguage(tag: string): string {
  return tag.split(/[-_]/)[0].toLowerCase();
}

/** The text of the best match among `candidates` for `language`, or undefined when none matches. */
function bestMatch(candidates: Iterable<Translated>, language: string): string | undefined {
  const wanted = language.toLowerCase().replace(/_/g, '-');
  const base = baseLanguage(wanted);
  let baseMatch: string | undefined;
  for (const candidate of candidates) {
    const tag = candidate.language.toLowerCase().replace(/_/g, '-');
    if (tag === wanted) return candidate.text;
    if (baseMatch === undefined && tag === base) baseMatch = candidate.text;
  }
  return baseMatch;
}

/** The translations an element carries (extensions without a language or a text are skipped). */
function* translationsOf(element: Element | undefined): Generator<Translated> {
  if (!element || !Array.isArray(element.extension)) return;
  for (const extension of element.extension) {
    if (extension?.url !== TRANSLATION_EXTENSION || !Array.isArray(extension.extension)) continue;
    const language = extension.extension.find((e) => e?.url === 'lang')?.valueCode;
    const text = extension.extension.find((e) => e?.url === 'content')?.valueString;
    if (language && text) yield { language, text };
  }
}

/**
 * `text` in `language` from the translation extensions on its element (`item._text` for
 * `item.text`): exact tag, then base language, else `text` itself. No language: `text`.
 */
export function translatedText(
  text: string | undefined,
  element: Element | undefined,
  language: string | undefined
): string | undefined {
  if (!language || !element?.extension) return text;
  return bestMatch(translationsOf(element), language) ?? text;
}

/** A concept's display in `language` from its designations (language and value), else `display`. */
export function designatedText(
  display: string | undefined,
  designations: readonly ValueSetComposeIncludeConceptDesignation[] | undefined,
  language: string | undefined
): string | undefined {
  if (!language || !Array.isArray(designations) || !designations.length) return display;
  const candidates = designations
    .filter((d) => d?.language && typeof d.value === 'string')
    .map((d) => ({ language: d.language!, text: d.value }));
  return bestMatch(candidates, language) ?? display;
}
