// Which language the portal opens in. The sources, strongest first: `?lang=` in the address (a
// link to a page in a language, and the pseudo-locale's only way in), a choice made in this
// session, the signed-in patient's preferred language (Patient.communication, so it follows them
// to another device), the choice stored on this device, the browser's languages, else English.
import { PORTAL_LANGUAGES, PSEUDO_LANGUAGE, type DisplayLanguage, type PortalLanguage } from './languages';

/** Everything the choice may go on; each source undefined when it names nothing. */
export interface LanguageSources {
  /** `?lang=` of the address the portal was opened at (the pseudo-locale allowed). */
  readonly query?: DisplayLanguage;
  /** What the user chose with the switcher since the portal opened, for the person signed in now. */
  readonly chosen?: PortalLanguage;
  /** The signed-in patient's preferred language. */
  readonly patient?: PortalLanguage;
  /** The choice stored on this device. */
  readonly stored?: PortalLanguage;
  /** The browser's languages, most wanted first (navigator.languages). */
  readonly browser?: readonly string[];
}

/** The portal language a BCP 47 tag speaks ('es-MX' is 'es'), or undefined when the portal does not speak it. */
export function matchPortalLanguage(tag: string | null | undefined): PortalLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return PORTAL_LANGUAGES.find((language) => language.code === primary)?.code;
}

/** The language `?lang=` names in a query string: a portal language, or exactly the pseudo-locale. */
export function languageFromQuery(search: string): DisplayLanguage | undefined {
  const tag = new URLSearchParams(search).get('lang');
  if (tag?.toLowerCase() === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
  return matchPortalLanguage(tag);
}

/** The first of the browser's languages the portal speaks. */
export function browserLanguage(languages: readonly string[] = []): PortalLanguage | undefined {
  for (const tag of languages) {
    const language = matchPortalLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/** The language to show: the strongest source that names one, else English. */
export function chooseLanguage(sources: LanguageSources): DisplayLanguage {
  return (
    sources.query ?? sources.chosen ?? sources.patient ?? sources.stored ?? browserLanguage(sources.browser) ?? 'en'
  );
}
