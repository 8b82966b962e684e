import { createContext, useContext } from 'react';
import type { DisplayLanguage, PortalLanguage } from './languages';

/** The portal's language now, and how to change it (LanguageProvider). */
export interface LanguageState {
  readonly language: DisplayLanguage;
  /** Shows the portal in `language` and stores the choice (on the patient when signed in). */
  readonly setLanguage: (language: PortalLanguage) => void;
}

// Outside a LanguageProvider (a unit test of one page): English, and nothing to change.
export const LanguageContext = createContext<LanguageState>({ language: 'en', setLanguage: () => {} });

/** The portal's language and its setter. */
export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}
