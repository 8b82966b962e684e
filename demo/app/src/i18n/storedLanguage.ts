// The language chosen on this device, for the signed-out pages and for a person whose record
// names none. A language is not personal data, so it is kept under its own key and outlives
// sign-out (the client's own storage, keyed by login, is wiped then).
import { matchPortalLanguage } from './languageChoice';
import type { PortalLanguage } from './languages';

/** The localStorage key of the language chosen on this device. */
export const STORED_LANGUAGE_KEY = 'fhir-portal-kit-demo.language';

/** The language chosen on this device, if one was (storage blocked: none). */
export function readStoredLanguage(storage: Storage | undefined = globalThis.localStorage): PortalLanguage | undefined {
  try {
    return matchPortalLanguage(storage?.getItem(STORED_LANGUAGE_KEY));
  } catch {
    return undefined;
  }
}

/** Keeps `language` as this device's choice; storage that refuses (a private window) only loses it. */
export function storeLanguage(language: PortalLanguage, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(STORED_LANGUAGE_KEY, language);
  } catch (error) {
    console.warn('The language could not be stored on this device', error);
  }
}
