// The demo's own texts (headings, links, notices the spec gives) in each language. Every page
// keeps its texts in one catalog beside it (`text.ts`), English first; Spanish and Arabic must
// have every key (the type says so), and the pseudo-locale is made from English.
// From the root entry, not locales/pseudo: that one carries every family's English texts, which
// the landing page must not load (the pseudo pack itself loads on demand, languagePack.ts).
import { pseudoLocalize } from 'fhir-portal-kit';
import { useLanguage } from './LanguageContext';

/** One page's or folder's texts in every portal language. */
export interface TextCatalog<T extends object> {
  readonly en: T;
  readonly es: T;
  readonly ar: T;
}

/** Declares a catalog; English fixes the keys and the types of the others. */
export function defineText<T extends object>(catalog: TextCatalog<T>): TextCatalog<T> {
  return catalog;
}

const pseudoOf = new WeakMap<object, object>();

/** The catalog's texts in the portal's language now. */
export function useText<T extends object>(catalog: TextCatalog<T>): T {
  const { language } = useLanguage();
  if (language !== 'en-XA') return catalog[language];
  let pseudo = pseudoOf.get(catalog.en);
  if (!pseudo) pseudoOf.set(catalog.en, (pseudo = pseudoLocalize(catalog.en)));
  return pseudo as T;
}
