import { useContext, type ReactNode } from 'react';
import type { FhirClient } from '../client';
import { FhirClientContext } from './fhirClientContext';
import type { LocaleMessages } from './locale/LocaleMessages';
import { LocaleProvider } from './locale/LocaleProvider';
import { SubjectFromLaunchContext } from './subjectContext';

/** Props of {@link FhirProvider}. */
export interface FhirProviderProps {
  /** The client every hook below the provider talks to. */
  readonly client: FhirClient;
  /**
   * The locale (BCP 47, e.g. 'fr-FR') every component below formats dates, numbers and week
   * starts in, unless it has its own `locale` prop. Without it: the browser's, read after
   * hydration (en-US on a server), so a server render hydrates without a mismatch.
   */
  readonly locale?: string;
  /**
   * Texts for every component family below, e.g. `es` from `fhir-portal-kit/locales/es` (any
   * family or key left out stays English); a component's own `messages` prop wins.
   */
  readonly messages?: LocaleMessages;
  /**
   * A SMART launch's patient in context (`client.getLaunchContext().patient`) is who the components
   * are about when they name no one (the Scheduler books for them), rather than the signed-in
   * profile: for an app a practitioner opens for a patient. Off by default.
   */
  readonly subjectFromLaunch?: boolean;
  readonly children?: ReactNode;
}

/** Makes a FhirClient (and a default locale and texts) available to the hooks and components below it. */
export function FhirProvider({ client, locale, messages, subjectFromLaunch, children }: FhirProviderProps): ReactNode {
  let tree = <FhirClientContext.Provider value={client}>{children}</FhirClientContext.Provider>;
  if (subjectFromLaunch)
    tree = <SubjectFromLaunchContext.Provider value={true}>{tree}</SubjectFromLaunchContext.Provider>;
  return locale || messages ? (
    <LocaleProvider locale={locale} messages={messages}>
      {tree}
    </LocaleProvider>
  ) : (
    tree
  );
}

/** The FhirClient of the nearest FhirProvider; throws when there is none. */
export function useFhirClient(): FhirClient {
  const client = useContext(FhirClientContext);
  if (!client) {
    throw new Error(
      'useFhirClient must be used inside <FhirProvider client={...}>: create a FhirClient and wrap your app in FhirProvider'
    );
  }
  return client;
}
