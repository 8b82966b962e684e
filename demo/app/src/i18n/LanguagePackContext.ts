import type { LocaleMessages } from 'fhir-portal-kit/react';
import { createContext, useContext } from 'react';

/** What the library is given for the portal's language: FhirProvider's `locale` and `messages`. */
export interface PortalLocale {
  /** The BCP 47 locale dates and numbers are formatted in. */
  readonly locale: string;
  /** The library's texts in the language; undefined for English (the defaults). */
  readonly messages: LocaleMessages | undefined;
}

// Outside a LanguageProvider: US English and the library's own texts.
export const LanguagePackContext = createContext<PortalLocale>({ locale: 'en-US', messages: undefined });

/** The locale and library texts of the portal's language, for FhirProvider (LanguageProvider loads them). */
export function usePortalLocale(): PortalLocale {
  return useContext(LanguagePackContext);
}
