import { useCallback, useSyncExternalStore } from 'react';
import type { Reference, Resource } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { isResource, keyOf, lastUpdated, parseReference, readReferenced } from './readResource';
import { readSuspended, resourceRequestKey, suspenseStoreOf } from './suspenseCache';
import type { ResourceOfReference } from './useResource';

/**
 * The resource a value names, for a component under `<Suspense>`: suspends while it is read and
 * throws an OperationOutcomeError to the nearest error boundary when the read fails. Works on
 * React 18 and 19. A reference string literal types it, as for useResource; like useResource it
 * follows the client's cache, so a write elsewhere re-renders it with the new version.
 */
export function useSuspenseResource<R extends string>(value: R): ResourceOfReference<R>;
export function useSuspenseResource<T extends Resource = Resource>(value: T | Reference<T> | Reference | string): T;
export function useSuspenseResource(value: Resource | Reference | string): Resource {
  const client = useFhirClient();
  const given = isResource(value) ? value : undefined;
  const reference = given ? undefined : typeof value === 'string' ? value : (value as Reference).reference;
  const key = keyOf(value);
  const store = suspenseStoreOf(client);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const fromCache = client.onCacheChange((changed) => {
        if (changed === undefined || changed === key) onChange();
      });
      const fromStore = store.subscribe(onChange);
      return () => {
        fromCache();
        fromStore();
      };
    },
    [client, key, store]
  );
  const getCached = (): Resource | undefined => {
    const parsed = key ? parseReference(key) : undefined;
    return parsed ? client.getCached(parsed.type as any, parsed.id) : undefined;
  };
  const cached = useSyncExternalStore(subscribe, getCached, getCached);

  if (given) return cached && lastUpdated(cached) > lastUpdated(given) ? cached : given;
  if (cached) return cached;
  if (!reference) throw new TypeError('useSuspenseResource: the reference has no `reference` to read');
  return readSuspended(client, resourceRequestKey(reference), () =>
    readReferenced(client, reference, new AbortController().signal, false)
  );
}
