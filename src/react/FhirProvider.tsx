import { useContext, type ReactNode } from 'react';
import type { FhirClient } from '../client';
import { FhirClientContext } from './fhirClientContext';

/** Props of {@link FhirProvider}. */
export interface FhirProviderProps {
  /** The client every hook below the provider talks to. */
  readonly client: FhirClient;
  readonly children?: ReactNode;
}

/** Makes a FhirClient available to the hooks and components below it. */
export function FhirProvider({ client, children }: FhirProviderProps): ReactNode {
  return <FhirClientContext.Provider value={client}>{children}</FhirClientContext.Provider>;
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
