import type { FhirClient } from 'fhir-portal-kit';
import { localeDirection, type LocaleMessages, type Profile } from 'fhir-portal-kit/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { LanguageContext, type LanguageState } from './LanguageContext';
import { chooseLanguage, languageFromQuery } from './languageChoice';
import { formatLocaleOf, loadLanguagePack, type LoadLanguagePack } from './languagePack';
import { LanguagePackContext, type PortalLocale } from './LanguagePackContext';
import { PSEUDO_LANGUAGE, type DisplayLanguage, type PortalLanguage } from './languages';
import { preferredLanguageOf } from './patientLanguage';
import { readStoredLanguage, storeLanguage } from './storedLanguage';
import { storePatientLanguage } from './storePatientLanguage';

/** Props of {@link LanguageProvider}. */
export interface LanguageProviderProps {
  /** Stores a signed-in patient's choice on their record. */
  readonly client: FhirClient;
  /** Who is signed in (undefined: no one); a patient's preferred language comes from it. */
  readonly profile: Profile | undefined;
  /** The address's query string, read for `?lang=` (default: the page's). */
  readonly search?: string;
  /** Where this device's choice is kept (default: localStorage). */
  readonly storage?: Storage;
  /** The browser's languages, most wanted first (default: navigator.languages). */
  readonly browserLanguages?: readonly string[];
  /** Loads the library's texts for a language (default: `fhir-portal-kit/locales/<language>` on demand). */
  readonly loadPack?: LoadLanguagePack;
  readonly children?: ReactNode;
}

/** A language whose library texts are loaded, so the portal can be shown in it. */
interface LoadedLanguage {
  readonly language: DisplayLanguage;
  readonly messages: LocaleMessages | undefined;
}

/** A switcher choice and whom it was made for: it stops applying when someone else signs in. */
interface Choice {
  readonly language: PortalLanguage;
  readonly profile: string | undefined;
}

const keyOf = (profile: Profile | undefined) => (profile ? `${profile.resourceType}/${profile.id}` : undefined);

/**
 * Chooses the portal's language (`?lang=`, the patient's preferred language, this device's choice,
 * the browser's, else English: languageChoice.ts), loads the library's texts for it, and sets
 * `lang` and `dir` on `<html>`. A new language is shown once its texts have arrived, so the
 * portal never shows half of one language and half of another; until the first have arrived,
 * nothing is shown. `setLanguage` keeps the choice on this device and on the signed-in patient.
 */
export function LanguageProvider({
  client,
  profile,
  search = globalThis.location?.search ?? '',
  storage = globalThis.localStorage,
  browserLanguages = globalThis.navigator?.languages ?? [],
  loadPack = loadLanguagePack,
  children,
}: LanguageProviderProps) {
  // The address's language applies until the user picks one: the switcher must not be overruled.
  const [query, setQuery] = useState(() => languageFromQuery(search));
  const [stored, setStored] = useState(() => readStoredLanguage(storage));
  const [choice, setChoice] = useState<Choice>();
  const profileKey = keyOf(profile);
  const patientLanguage = profile?.resourceType === 'Patient' ? preferredLanguageOf(profile) : undefined;
  const language = chooseLanguage({
    query,
    chosen: choice && choice.profile === profileKey ? choice.language : undefined,
    patient: patientLanguage,
    stored,
    browser: browserLanguages,
  });

  const [loaded, setLoaded] = useState<LoadedLanguage | undefined>(() =>
    language === 'en' ? { language, messages: undefined } : undefined
  );
  useEffect(() => {
    if (loaded?.language === language) return;
    let current = true;
    loadPack(language).then(
      (messages) => current && setLoaded({ language, messages }),
      (error: unknown) => {
        // A pack that fails to load (offline): the demo's own texts still change, the library's stay English.
        console.error(`The ${language} texts could not be loaded`, error);
        if (current) setLoaded({ language, messages: undefined });
      }
    );
    return () => {
      current = false;
    };
  }, [language, loaded?.language, loadPack]);

  const shown = loaded?.language;
  useLayoutEffect(() => {
    if (!shown) return;
    document.documentElement.lang = shown;
    document.documentElement.dir = localeDirection(shown);
    // Texts the server writes itself (the password reset email) follow the portal's language:
    // sent as Accept-Language. The pseudo-locale is English to the server.
    client.setLanguage(shown === PSEUDO_LANGUAGE ? 'en' : shown);
  }, [client, shown]);

  const patientId = profile?.resourceType === 'Patient' ? profile.id : undefined;
  const setLanguage = useCallback(
    (next: PortalLanguage) => {
      setQuery(undefined);
      setChoice({ language: next, profile: profileKey });
      setStored(next);
      storeLanguage(next, storage);
      if (patientId) {
        storePatientLanguage(client, patientId, next).catch((error: unknown) =>
          // This device still shows and keeps the choice; only another device will not know it.
          console.error('The language could not be stored on the patient', error)
        );
      }
    },
    [client, patientId, profileKey, storage]
  );

  const state = useMemo<LanguageState | undefined>(
    () => (shown ? { language: shown, setLanguage } : undefined),
    [shown, setLanguage]
  );
  const portalLocale = useMemo<PortalLocale | undefined>(
    () => (loaded ? { locale: formatLocaleOf(loaded.language), messages: loaded.messages } : undefined),
    [loaded]
  );
  if (!state || !portalLocale) return null;
  return (
    <LanguageContext.Provider value={state}>
      <LanguagePackContext.Provider value={portalLocale}>{children}</LanguagePackContext.Provider>
    </LanguageContext.Provider>
  );
}
