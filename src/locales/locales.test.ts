// Completeness of the shipped languages: a key of any family that English has and Spanish or
// Arabic lacks fails here, by family and key, so no text falls back to English unnoticed.
import { describe, expect, it } from 'vitest';
import type { MessageFamily } from '../react/locale/LocaleMessages';
import { ar } from './ar';
import { es } from './es';
import { english } from './english';
import { LOCALE_NEUTRAL, type LocaleTranslation } from './translation';

// Every family's English defaults, as the pseudo-locale reads them. Typed as the full map, so a
// family added to MessageFamilies without a line here fails the type check.

const languages: readonly (readonly [string, LocaleTranslation])[] = [
  ['es', es],
  ['ar', ar],
];

// A message function is called with arguments English accepts: strings (a label, a name), then
// counts that reach every plural form of Spanish and Arabic (zero, one, two, few, many, other),
// then dates. A function none of these fit needs its arguments here, as `family.key`.
const COUNTS = [0, 1, 2, 3, 11, 100, 1234];
const SAMPLE_DATE = new Date('2026-03-05T15:30:00Z');
const SAMPLE_ARGS: Readonly<Record<string, readonly unknown[][]>> = {
  'questionnaire.fileTypeNotAllowed': [[['image/png', 'application/pdf']]],
  // QuestionnaireFormMessages extends the engine's texts.
  'questionnaireForm.fileTypeNotAllowed': [[['image/png', 'application/pdf']]],
  'scheduler.formatTimeWithZone': [[SAMPLE_DATE, 'America/New_York', 'en-US']],
};

// Families keyed by open values (status: a word per FHIR status code), where a language may
// name codes English reads in sentence case: more keys than English is right there.
const OPEN_FAMILIES: ReadonlySet<MessageFamily> = new Set(['status']);

type AnyFunction = (...args: unknown[]) => unknown;

/** The argument lists English's function returns a non-empty string for, with whether they are counts. */
function sampleCalls(path: string, englishFn: AnyFunction): { args: unknown[]; counts: boolean }[] {
  const arity = Math.max(englishFn.length, 1);
  const candidates: { args: unknown[]; counts: boolean }[] = SAMPLE_ARGS[path]
    ? SAMPLE_ARGS[path].map((args) => ({ args, counts: false }))
    : [
        { args: Array.from({ length: arity }, (_, i) => `Ada${i}`), counts: false },
        ...COUNTS.map((n) => ({ args: Array.from({ length: arity }, () => n), counts: true })),
        { args: Array.from({ length: arity }, () => SAMPLE_DATE), counts: false },
      ];
  return candidates.filter(({ args }) => {
    try {
      const out = englishFn(...args);
      return typeof out === 'string' && out.trim() !== '';
    } catch {
      return false;
    }
  });
}

/** What is wrong with a translated function's result for these arguments, or undefined. */
function callProblem(fn: AnyFunction, args: unknown[], counts: boolean): string | undefined {
  let out: unknown;
  try {
    out = fn(...args);
  } catch (error) {
    return `throws ${String(error)}`;
  }
  const bad =
    typeof out !== 'string' || out.trim() === '' || /undefined|\[object /.test(out) || (counts && /NaN/.test(out));
  return bad ? `returns ${JSON.stringify(out)}` : undefined;
}

/** Every problem of one family in one language, as 'key: what is wrong'. */
function problemsOf(family: MessageFamily, englishTexts: object, translated: object | undefined): string[] {
  if (!translated) return ['the whole family is missing'];
  const neutral = new Set<string>(LOCALE_NEUTRAL[family] as readonly string[]);
  const problems: string[] = [];
  const own = translated as Record<string, unknown>;
  for (const [key, englishValue] of Object.entries(englishTexts)) {
    if (neutral.has(key)) continue;
    const value = own[key];
    if (value === undefined) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (typeof englishValue === 'string') {
      if (typeof value !== 'string') problems.push(`${key}: a ${typeof value}, English has a string`);
      else if (value.trim() === '') problems.push(`${key}: empty`);
      continue;
    }
    if (typeof englishValue !== 'function') continue;
    if (typeof value !== 'function') {
      problems.push(`${key}: a ${typeof value}, English has a function`);
      continue;
    }
    const calls = sampleCalls(`${family}.${key}`, englishValue as AnyFunction);
    if (calls.length === 0)
      problems.push(`${key}: no sample arguments fit English's function; add them to SAMPLE_ARGS`);
    // The first call that goes wrong is enough to name the key.
    for (const { args, counts } of calls) {
      const problem = callProblem(value as AnyFunction, args, counts);
      if (problem) {
        problems.push(`${key}(${args.map((arg) => JSON.stringify(arg)).join(', ')}): ${problem}`);
        break;
      }
    }
  }
  if (!OPEN_FAMILIES.has(family)) {
    for (const key of Object.keys(own)) {
      if (!(key in englishTexts)) problems.push(`${key}: not a key of English (renamed or misspelt?)`);
    }
  }
  return problems;
}

describe('the shipped languages', () => {
  it('lists as locale-neutral only functions of English (a text that only formats through Intl)', () => {
    const notFunctions = Object.entries(LOCALE_NEUTRAL).flatMap(([family, keys]) =>
      (keys as readonly string[])
        .filter((key) => typeof (english[family as MessageFamily] as Record<string, unknown>)[key] !== 'function')
        .map((key) => `${family}.${key}`)
    );
    expect(notFunctions).toEqual([]);
  });

  it('names every family of MessageFamilies in LOCALE_NEUTRAL', () => {
    expect(Object.keys(LOCALE_NEUTRAL).sort()).toEqual(Object.keys(english).sort());
  });

  describe.each(languages)('%s', (_, translation) => {
    it.each(Object.keys(english) as MessageFamily[])('translates every key of %s with a non-empty text', (family) => {
      expect(problemsOf(family, english[family], translation[family])).toEqual([]);
    });
  });
});
