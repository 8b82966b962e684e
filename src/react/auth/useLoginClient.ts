import type { LoginClient } from '../../client/login';
import { useFhirClient } from '../FhirProvider';

/**
 * The FhirClient of the nearest FhirProvider, as the LoginClient the login steps take
 * (FhirClient implements LoginClient, so no cast is needed).
 */
export function useLoginClient(): LoginClient {
  return useFhirClient();
}
