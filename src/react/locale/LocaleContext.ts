// The locale every component formats in when it has no `locale` prop: the provider's (FhirProvider
// `locale`), else the browser's. The browser's is read only on the client after hydration: a
// server render and the first client render both use DEFAULT_LOCALE, so a page rendered on a
// server in en-US and hydrated in a fr-FR browser matches, then re-renders in the browser's.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { getDefaultLocale } from './locale';

/** The locale of a server render and of hydration when neither a prop nor a provider names one. */
export const DEFAULT_LOCALE = 'en-US';

/** The provider's locale; undefined: none given (FhirProvider `locale`). */
export const LocaleContext = /* @__PURE__ */ createContext<string | undefined>(undefined);
LocaleContext.displayName = 'LocaleContext';

// The browser's locale does not change while a page is open without a reload; nothing to subscribe to.
const subscribe = () => () => {};
const serverLocale = () => DEFAULT_LOCALE;

/**
 * The locale to format in: the component's own `locale` prop, else the nearest provider's, else
 * the browser's (after hydration; DEFAULT_LOCALE on a server and while hydrating).
 */
export function useLocale(): string;
export function useLocale<Prop extends Intl.LocalesArgument>(localeProp: Prop): Exclude<Prop, undefined> | string;
export function useLocale(localeProp?: Intl.LocalesArgument): Intl.LocalesArgument {
  const provided = useContext(LocaleContext);
  const browser = useSyncExternalStore(subscribe, getDefaultLocale, serverLocale);
  return localeProp ?? provided ?? browser;
}
