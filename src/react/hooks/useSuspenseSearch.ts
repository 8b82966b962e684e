import { useSyncExternalStore } from 'react';
import type { Bundle, ExtractResource, ResourceType } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { queryKey, type SearchQuery } from './searchKey';
import { readSuspended, suspenseStoreOf } from './suspenseCache';

/**
 * Searches and returns the Bundle, for a component under `<Suspense>`: suspends while the search
 * runs and throws an OperationOutcomeError to the nearest error boundary when it fails. Works on
 * React 18 and 19. After a write of that type the last Bundle stays on screen while the search
 * runs again.
 */
export function useSuspenseSearch<K extends ResourceType>(type: K, query?: SearchQuery): Bundle<ExtractResource<K>> {
  const client = useFhirClient();
  const store = suspenseStoreOf(client);
  const key = `search:${type}?${queryKey(query)}`;
  // Re-renders when the answer turns stale or a new one replaces it.
  useSyncExternalStore(
    store.subscribe,
    () => store.entries.get(key),
    () => store.entries.get(key)
  );
  return readSuspended(client, key, () => client.search(type, query));
}
