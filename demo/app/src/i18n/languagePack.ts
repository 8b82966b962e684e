// The library's texts in the portal's language, loaded when that language is first shown: each
// pack is its own chunk, so a page shown in English loads none.
import type { LocaleMessages } from 'fhir-portal-kit/react';
import type { DisplayLanguage } from './languages';

/** Loads the library's texts for a language; undefined for English, whose texts are the defaults. */
export type LoadLanguagePack = (language: DisplayLanguage) => Promise<LocaleMessages | undefined>;

/** The library's language pack for `language`, from `fhir-portal-kit/locales/<language>`. */
export const loadLanguagePack: LoadLanguagePack = async (language) => {
  switch (language) {
    case 'es':
      return (await import('fhir-portal-kit/locales/es')).es;
    case 'ar':
      return (await import('fhir-portal-kit/locales/ar')).ar;
    case 'en-XA':
      return (await import('fhir-portal-kit/locales/pseudo')).pseudo;
    default:
      return undefined;
  }
};

/**
 * The locale dates and numbers are formatted in for a portal language: US English for English
 * (the practice is in the United States), the language's own tag otherwise, so each language's
 * week start and digits apply (Intl formats the pseudo-locale en-XA as English).
 */
export function formatLocaleOf(language: DisplayLanguage): string {
  return language === 'en' ? 'en-US' : language;
}
