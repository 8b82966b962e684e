import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ExtractResource, Reference, Resource, ResourceType } from '../../fhir';
import type { OperationOutcomeError } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { toOutcomeError } from '../primitives/request';
import { isResource, keyOf, lastUpdated, parseReference, readReferenced } from './readResource';

/** What {@link useResource} accepts: a resource, a Reference, or a reference string such as 'Patient/123'. */
// `Reference<T>` lets the hook infer T; a plain `Reference` is still accepted for an explicit T.
export type ResourceOrReference<T extends Resource = Resource> = T | Reference<T> | Reference | string | undefined;

/** The resource a reference string names: `ResourceOfReference<'Patient/1'>` is Patient; any other string, Resource. */
export type ResourceOfReference<R extends string> = R extends `${infer K extends ResourceType}/${string}`
  ? ExtractResource<K>
  : Resource;

/** Options of {@link useResource}. */
export interface UseResourceOptions {
  /** Called when reading the resource fails; without it the failure is logged with console.error. */
  readonly onError?: (error: OperationOutcomeError) => void;
}

const NOOP_UNSUBSCRIBE = () => {};

/** What {@link useResourceState} returns: the loading hooks' `{ data, loading, error, refetch }`. */
export interface ResourceState<T extends Resource = Resource> {
  /** The resource, once known (see useResourceState). */
  readonly data: T | undefined;
  /** @deprecated The same as `data`; kept for code written before the hooks shared one shape. */
  readonly resource: T | undefined;
  /** True while a reference is being read and nothing is known yet, and while a refetch runs. */
  readonly loading: boolean;
  /** Why the last read of this reference failed, until a read succeeds. */
  readonly error: OperationOutcomeError | undefined;
  /** Reads the resource from the server again, skipping the client's request cache. */
  readonly refetch: () => Promise<void>;
  /** True when `data` came from the device, not the server (FhirClient's offline option, no network). */
  readonly stale: boolean;
  /**
   * True when, at this render, the portal could not reach the server (the browser is offline or the
   * last request found no network). Not a subscription of its own, so the data hooks stay small:
   * they re-render as answers arrive; useOnline() follows the connection live.
   */
  readonly offline: boolean;
}

/**
 * The resource a value names (see {@link useResourceState}); only the resource, as Medplum's
 * useResource answers. A reference string literal types it: `useResource('Patient/1')` is a Patient.
 */
export function useResource<R extends string>(
  value: R | undefined,
  options?: UseResourceOptions
): ResourceOfReference<R> | undefined;
export function useResource<T extends Resource = Resource>(
  value: ResourceOrReference<T>,
  options?: UseResourceOptions
): T | undefined;
export function useResource(value: ResourceOrReference, options?: UseResourceOptions): Resource | undefined {
  return useResourceState(value, options).data;
}

/**
 * The resource a value names, as `{ data, loading, error, refetch }`, read through the client and
 * kept in step with its cache: a write anywhere in the app re-renders every component showing
 * that resource. A reference string literal types it, as for {@link useResource}.
 *
 * A resource passed in is shown as given unless the cache holds a newer version
 * (by meta.lastUpdated); a reference is read when the cache does not hold it yet, and read
 * again when the cache drops it. A versioned reference ('Patient/1/_history/2') reads that
 * version once; other references the cache cannot key go through readReference once.
 */
export function useResourceState<R extends string>(
  value: R | undefined,
  options?: UseResourceOptions
): ResourceState<ResourceOfReference<R>>;
export function useResourceState<T extends Resource = Resource>(
  value: ResourceOrReference<T>,
  options?: UseResourceOptions
): ResourceState<T>;
export function useResourceState(value: ResourceOrReference, options?: UseResourceOptions): ResourceState {
  const client = useFhirClient();
  const key = keyOf(value);
  const given = isResource(value) ? value : undefined;
  const reference =
    !given && value ? (typeof value === 'string' ? { reference: value } : (value as Reference)) : undefined;

  const onErrorRef = useRef(options?.onError);
  useEffect(() => {
    onErrorRef.current = options?.onError;
  });

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!key) return NOOP_UNSUBSCRIBE;
      return client.onCacheChange((changed) => {
        if (changed === undefined || changed === key) onChange();
      });
    },
    [client, key]
  );
  const getSnapshot = (): Resource | undefined => {
    const parsed = key ? parseReference(key) : undefined;
    return parsed ? client.getCached(parsed.type as any, parsed.id) : undefined;
  };
  const cached = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  // What the last read answered, for clients that answer without putting the result in the cache
  // and for references the cache cannot key.
  const [read, setRead] = useState<{ ref: string; resource: Resource } | undefined>(undefined);
  const [failure, setFailure] = useState<{ ref: string; error: OperationOutcomeError } | undefined>(undefined);
  const [refetching, setRefetching] = useState<string | undefined>(undefined);
  // A given resource is read again by its 'Type/id' on refetch.
  const refString = reference?.reference;
  const readable = refString ?? key;

  const answered = useCallback((ref: string, resource: Resource) => {
    setRead({ ref, resource });
    setFailure(undefined);
  }, []);
  const failed = useCallback((ref: string, error: unknown) => {
    const normalized = toOutcomeError(error);
    if (onErrorRef.current) onErrorRef.current(normalized);
    else console.error(`useResource: could not read ${ref}`, normalized);
    setFailure({ ref, error: normalized });
  }, []);

  // Re-runs when the cache drops the entry (an invalidation after a write), so the view re-reads.
  const isCached = cached !== undefined;
  const hasGiven = given !== undefined;
  useEffect(() => {
    if (hasGiven || !refString || isCached) return;
    const controller = new AbortController();
    readReferenced(client, refString, controller.signal, false).then(
      // Kept even when this effect was cleaned up because the answer just landed in the cache:
      // it is what stays on screen if the cache later drops the entry.
      (resource) => answered(refString, resource),
      (error: unknown) => {
        if (!controller.signal.aborted) failed(refString, error);
      }
    );
    return () => controller.abort();
  }, [client, key, refString, hasGiven, isCached, answered, failed]);

  // The refetch of an unmounted component or an old reference is dropped.
  const live = useRef<string | undefined>(undefined);
  useEffect(() => {
    live.current = readable;
    return () => {
      live.current = undefined;
    };
  }, [readable]);
  const refetch = useCallback(async () => {
    if (!readable) return;
    setRefetching(readable);
    try {
      const resource = await readReferenced(client, readable, new AbortController().signal, true);
      if (live.current === readable) answered(readable, resource);
    } catch (error) {
      if (live.current === readable) failed(readable, error);
    } finally {
      if (live.current === readable) setRefetching(undefined);
    }
  }, [client, readable, answered, failed]);

  const error = failure && failure.ref === readable && (given || !cached) ? failure.error : undefined;
  let resource: Resource | undefined;
  const fresh = read && read.ref === readable ? read.resource : undefined;
  if (given) {
    const newest = [cached, fresh].reduce<Resource>(
      (best, candidate) => (candidate && lastUpdated(candidate) > lastUpdated(best) ? candidate : best),
      given
    );
    resource = newest;
  } else resource = cached ?? fresh;
  const loading = (!!refString && !resource && !error) || (!!readable && refetching === readable);
  const stale = resource !== undefined && client.isStale(resource);
  return { data: resource, resource, loading, error, refetch, stale, offline: client.isOffline() };
}
