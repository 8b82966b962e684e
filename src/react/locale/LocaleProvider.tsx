import type { ReactNode } from 'react';
import { LocaleContext } from './LocaleContext';
import type { LocaleMessages } from './LocaleMessages';
import { MessagesContext } from './MessagesContext';

/** Props of {@link LocaleProvider}. */
export interface LocaleProviderProps {
  /** The locale (BCP 47) every component below formats in, unless it has its own `locale` prop. */
  readonly locale?: string;
  /** Texts for every family below, e.g. `es` from `fhir-portal-kit/locales/es`; a component's own `messages` prop wins. */
  readonly messages?: LocaleMessages;
  readonly children?: ReactNode;
}

/** Sets the locale and texts of every component below it, without a client (FhirProvider takes the same two props). */
export function LocaleProvider({ locale, messages, children }: LocaleProviderProps): ReactNode {
  let tree = children;
  if (messages) tree = <MessagesContext.Provider value={messages}>{tree}</MessagesContext.Provider>;
  return locale ? <LocaleContext.Provider value={locale}>{tree}</LocaleContext.Provider> : tree;
}
