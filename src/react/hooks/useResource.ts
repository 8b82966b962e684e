import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Reference, Resource } from '../../fhir';
import type { OperationOutcomeError } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { toOutcomeError, withSignal } from '../primitives/request';

/** What {@link useResource} accepts: a resource, a Reference, or a reference string such as 'Patient/123'. */
export type ResourceOrReference<T extends Resource = Resource> = T | Reference | string | undefined;

/** Options of {@link useResource}. */
export interface UseResourceOptions {
  /** Called when reading the resource fails; without it the failure is logged with console.error. */
  readonly onError?: (error: OperationOutcomeError) => void;
}

const NOOP_UNSUBSCRIBE = () => {};

/** Splits a relative literal reference 'Type/id' or 'Type/id/_history/vid'. */
function parseReference(reference: string): { type: string; id: string; vid?: string } | undefined {
  const match = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/([A-Za-z0-9\-.]{1,64}))?$/.exec(reference);
  return match ? { type: match[1], id: match[2], vid: match[3] } : undefined;
}

function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && typeof (value as Resource).resourceType === 'string';
}

/**
 * The cache key ('Type/id') of the value, when it names the current version of one resource.
 * A versioned reference names a fixed past version, which the cache does not hold.
 */
function keyOf(value: ResourceOrReference): string | undefined {
  if (!value) return undefined;
  if (isResource(value)) return value.id ? `${value.resourceType}/${value.id}` : undefined;
  const reference = typeof value === 'string' ? value : value.reference;
  const parsed = reference ? parseReference(reference) : undefined;
  return parsed && !parsed.vid ? reference : undefined;
}

function lastUpdated(resource: Resource | undefined): number {
  const time = resource?.meta?.lastUpdated ? Date.parse(resource.meta.lastUpdated) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

/** What {@link useResourceState} returns. */
export interface ResourceState<T extends Resource = Resource> {
  /** The resource, once known (see useResource). */
  readonly resource: T | undefined;
  /** True while a reference is being read and nothing is known yet. */
  readonly loading: boolean;
  /** Why the last read of this reference failed, until a read succeeds. */
  readonly error: OperationOutcomeError | undefined;
}

/**
 * The resource a value names (see {@link useResourceState}); only the resource, as Medplum's
 * useResource answers.
 */
export function useResource<T extends Resource = Resource>(
  value: ResourceOrReference<T>,
  options?: UseResourceOptions
): T | undefined {
  return useResourceState(value, options).resource;
}

/**
 * The resource a value names, with its loading and error state, read through the client and
 * kept in step with its cache: a write anywhere in the app re-renders every component showing
 * that resource.
 *
 * A resource passed in is shown as given unless the cache holds a newer version
 * (by meta.lastUpdated); a reference is read when the cache does not hold it yet, and read
 * again when the cache drops it. A versioned reference ('Patient/1/_history/2') reads that
 * version once; other references the cache cannot key go through readReference once.
 */
export function useResourceState<T extends Resource = Resource>(
  value: ResourceOrReference<T>,
  options?: UseResourceOptions
): ResourceState<T> {
  const client = useFhirClient();
  const key = keyOf(value);
  const given = isResource(value) ? (value as T) : undefined;
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
  const getSnapshot = (): T | undefined => {
    const parsed = key ? parseReference(key) : undefined;
    return parsed ? (client.getCached(parsed.type as any, parsed.id) as T | undefined) : undefined;
  };
  const cached = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  // What the last read answered, for clients that answer without putting the result in the cache
  // and for references the cache cannot key.
  const [read, setRead] = useState<{ ref: string; resource: T } | undefined>(undefined);
  const [failure, setFailure] = useState<{ ref: string; error: OperationOutcomeError } | undefined>(undefined);
  const refString = reference?.reference;

  // Re-runs when the cache drops the entry (an invalidation after a write), so the view re-reads.
  const isCached = cached !== undefined;
  const hasGiven = given !== undefined;
  useEffect(() => {
    if (hasGiven || !refString || isCached) return;
    const parsed = parseReference(refString);
    const controller = new AbortController();
    const request = withSignal<Resource>((signal) => {
      if (parsed?.vid) return client.readVersion(parsed.type as any, parsed.id, parsed.vid, { signal });
      if (parsed) return client.readResource(parsed.type as any, parsed.id, { signal });
      return client.readReference({ reference: refString }, { signal });
    }, controller.signal);
    request.then(
      // Kept even when this effect was cleaned up because the answer just landed in the cache:
      // it is what stays on screen if the cache later drops the entry.
      (resource) => {
        setRead({ ref: refString, resource: resource as unknown as T });
        setFailure(undefined);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const normalized = toOutcomeError(error);
        if (onErrorRef.current) onErrorRef.current(normalized);
        else console.error(`useResource: could not read ${refString}`, normalized);
        setFailure({ ref: refString, error: normalized });
      }
    );
    return () => controller.abort();
  }, [client, key, refString, hasGiven, isCached]);

  const error = !given && !cached && failure && failure.ref === refString ? failure.error : undefined;
  let resource: T | undefined;
  if (given) resource = cached && lastUpdated(cached) > lastUpdated(given) ? cached : given;
  else resource = cached ?? (read && read.ref === refString ? read.resource : undefined);
  return { resource, loading: !!refString && !resource && !error, error };
}
