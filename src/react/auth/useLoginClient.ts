import type { LoginClient } from '../../client/login';
import { useFhirClient } from '../FhirProvider';

/**
 * The FhirClient of the nearest FhirProvider, seen as the LoginClient the login steps take.
 * FhirClient implements post, getBaseUrl and fetchTokens; the cast spares this layer from
 * depending on FhirClient's private members.
 */
export function useLoginClient(): LoginClient {
  return useFhirClient() as unknown as LoginClient;
}
