// The library's `offline` family (issue 24) in the portal's language: the provider's texts
// (LanguageProvider hands FhirProvider every family of the chosen language) over English.
import { defaultOfflineMessages, useMessages } from 'fhir-portal-kit/react';

/** The offline texts: needsServer, savedOnDevice, signOutPending(n), staleCopy(date)… */
export function useOfflineText() {
  return useMessages('offline', defaultOfflineMessages);
}
