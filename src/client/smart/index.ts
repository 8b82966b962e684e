// src/client/smart: SMART App Launch from just the FHIR base (iss). The entry points are thin:
// discovery, the token exchange and the id_token checks load on demand, so FhirClient's
// up-front size does not grow with them.
import type { FhirClient } from '../FhirClient';
import type { CompleteSmartLaunchOptions, SmartLaunchOptions } from './types';

export type { CompleteSmartLaunchOptions, SmartEndpoints, SmartLaunchContext, SmartLaunchOptions } from './types';
export { SmartMessages } from './messages';

/**
 * Starts a SMART App Launch (standalone, or EHR when the page has `?launch=`): discovers the
 * server's endpoints from `iss` and navigates to its authorize endpoint.
 */
export function smartLaunch(options: SmartLaunchOptions): Promise<void> {
  return import('./launch').then((launch) => launch.launchSmartApp(options));
}

/** Finishes a SMART App Launch on the redirect page and resolves with the signed-in FhirClient. */
export function completeSmartLaunch(options?: CompleteSmartLaunchOptions): Promise<FhirClient> {
  return import('./callback').then((callback) => callback.finishSmartLaunch(options));
}
