// The journeys in Spanish and Arabic find what to click by its English text, translated through
// the same catalogs the portal shows: the demo's (demo/app/src/**/text.ts), the library's
// locales (src/locales/<lang>/*.ts) and the seeded questionnaires' FHIR translation extensions.
// A text with no translation fails at once, naming it; a page that shows English instead of
// the translation fails at the locator.
import { vi } from 'vitest';
import type { Questionnaire } from '../src/fhir/types';
import { buildQuestionnaires } from '../demo/server/seed/questionnaires';
import { englishMessages } from './english-messages';

// A catalog is plain data; its helper reads the portal's language from React, which the
// catalogs do not need here (and whose pseudo-locale import the e2e project does not resolve).
vi.mock('../demo/app/src/i18n/useText', () => ({ defineText: <T>(catalog: T) => catalog }));

const demoModules = import.meta.glob<Record<string, unknown>>(
  ['../demo/app/src/**/text.ts', '../demo/app/src/**/*-text.ts'],
  {
    eager: true,
  }
);
const libraryModules = {
  es: import.meta.glob<Record<string, unknown>>(['../src/locales/es/*.ts', '!../src/locales/es/index.ts'], {
    eager: true,
  }),
  ar: import.meta.glob<Record<string, unknown>>(['../src/locales/ar/*.ts', '!../src/locales/ar/index.ts'], {
    eager: true,
  }),
};

/** A language the journeys run in. */
export type JourneyLanguage = 'es' | 'ar';

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

type Pair = readonly [english: unknown, translated: unknown];

// Walks an English object and its translation side by side: each pair of leaves.
function* leaves(english: unknown, translated: unknown): Generator<Pair> {
  if (english && typeof english === 'object' && translated && typeof translated === 'object') {
    for (const [key, value] of Object.entries(english))
      yield* leaves(value, (translated as Record<string, unknown>)[key]);
  } else if (translated !== undefined) yield [english, translated];
}

function catalogPairs(lang: JourneyLanguage): Pair[] {
  const pairs: Pair[] = [];
  for (const module of Object.values(demoModules)) {
    for (const catalog of Object.values(module)) {
      if (catalog && typeof catalog === 'object' && 'en' in catalog && lang in catalog) {
        pairs.push(...leaves((catalog as Record<string, unknown>).en, (catalog as Record<string, unknown>)[lang]));
      }
    }
  }
  const families = englishMessages as unknown as Record<string, unknown>;
  for (const module of Object.values(libraryModules[lang])) {
    for (const [family, texts] of Object.entries(module)) {
      if (family in families) pairs.push(...leaves(families[family], texts));
    }
  }
  // A FHIR element's translations sit on its '_element' sibling: { text, _text: { extension } }.
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const [key, text] of Object.entries(record)) {
        const extensions = (
          record[`_${key}`] as {
            extension?: { url: string; extension?: { url: string; valueCode?: string; valueString?: string }[] }[];
          }
        )?.extension;
        for (const extension of extensions ?? []) {
          if (extension.url !== TRANSLATION) continue;
          const parts = extension.extension ?? [];
          if (parts.find((part) => part.url === 'lang')?.valueCode !== lang) continue;
          const content = parts.find((part) => part.url === 'content')?.valueString;
          if (typeof text === 'string' && content) pairs.push([text, content]);
        }
        walk(text);
      }
    }
  };
  walk(buildQuestionnaires() satisfies Questionnaire[]);
  return pairs;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts of one language, looked up by their English. */
export interface Translations {
  /** Every translation of this English text, as an exact match; throws when there is none. */
  text(english: string): RegExp;
  /** Every translation of this English text, found inside a longer one (a label with its required mark). */
  within(english: string): RegExp;
  /** The one translation of this English text; throws when there is none or more than one. */
  one(english: string): string;
  /** The translation of a message function's result: the function that gives `english` for `args`, called in the language. */
  call(english: string, ...args: unknown[]): string;
}

/** The portal's texts in `lang`, from its catalogs, the library's locale and the seeded questionnaires. */
export function translations(lang: JourneyLanguage): Translations {
  const pairs = catalogPairs(lang);
  const all = (english: string) => [
    ...new Set(
      pairs.filter(([en, translated]) => en === english && typeof translated === 'string').map(([, t]) => t as string)
    ),
  ];
  const none = (english: string) =>
    new Error(
      `No ${lang} translation of '${english}' in the demo's catalogs, src/locales/${lang} or the seeded questionnaires`
    );
  return {
    text(english) {
      const found = all(english);
      if (!found.length) throw none(english);
      return new RegExp(`^\\s*(${found.map(escape).join('|')})\\s*$`);
    },
    within(english) {
      const found = all(english);
      if (!found.length) throw none(english);
      return new RegExp(`(${found.map(escape).join('|')})`);
    },
    one(english) {
      const found = all(english);
      if (!found.length) throw none(english);
      if (found.length > 1)
        throw new Error(`'${english}' has ${found.length} ${lang} translations: ${found.join(' | ')}`);
      return found[0]!;
    },
    call(english, ...args) {
      for (const [en, translated] of pairs) {
        if (typeof en !== 'function' || typeof translated !== 'function') continue;
        let result: unknown;
        try {
          result = en(...args);
        } catch {
          continue;
        }
        if (result === english) return String(translated(...args));
      }
      throw none(english);
    },
  };
}
