/** The languages the portal speaks, by BCP 47 tag, each named in itself for the switcher. */
export const PORTAL_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'ar', name: 'العربية' },
] as const;

/** A language of the switcher. */
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number]['code'];

/**
 * The pseudo-locale (accented English, about 40% longer): not offered in the switcher; chosen
 * with `?lang=en-XA` in development and by the e2e pass that finds hard-coded and clipped text.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** What the portal can be shown in: a switcher language or the pseudo-locale. */
export type DisplayLanguage = PortalLanguage | typeof PSEUDO_LANGUAGE;
