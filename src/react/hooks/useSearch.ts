import { useCallback, useEffect, useRef, useState } from 'react';
import type { FhirClient, RequestOptions, ResourceArray } from '../../client';
import type { Bundle, ExtractResource, OperationOutcomeError, ResourceType } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { toOutcomeError, withSignal } from './request';

/** Search debounce after the first request, client-layer.md section 9. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Search parameters as the client takes them: a query string, URLSearchParams, pairs or a record. */
export type SearchQuery = Parameters<FhirClient['search']>[1];

/** What every search hook returns. */
export interface SearchResult<T> {
  /** The last answer for the current query; kept while a changed query loads, so lists do not flash empty. */
  readonly data: T | undefined;
  /** True from the moment the query changes until its answer arrives. */
  readonly loading: boolean;
  /** Why the last request failed; cleared by the next answer. */
  readonly error: OperationOutcomeError | undefined;
  /** Runs the current query again now, skipping the debounce. */
  readonly refetch: () => Promise<void>;
}

/** Options of the search hooks. */
export interface SearchOptions {
  /** Wait after a query change before searching; the first search never waits. Default 250 ms. */
  readonly debounceMs?: number;
  /** False skips searching, for a query that is not ready yet. Default true. */
  readonly enabled?: boolean;
}

type SearchMethod = 'search' | 'searchOne' | 'searchResources';

/** A stable text for a query, so an object literal rebuilt on every render is the same query. */
function queryKey(query: SearchQuery): string {
  if (query === undefined || query === null) return '';
  if (typeof query === 'string') return query;
  if (query instanceof URLSearchParams) return query.toString();
  if (Array.isArray(query)) return new URLSearchParams(query as string[][]).toString();
  return JSON.stringify(query);
}

interface SearchState<T> {
  data: T | undefined;
  loading: boolean;
  error: OperationOutcomeError | undefined;
}

function useSearchWith<T>(
  method: SearchMethod,
  type: ResourceType | undefined,
  query: SearchQuery,
  options: SearchOptions | undefined
): SearchResult<T> {
  const client = useFhirClient();
  const enabled = options?.enabled ?? true;
  const debounceMs = options?.debounceMs ?? SEARCH_DEBOUNCE_MS;
  const key = type && enabled ? `${type}?${queryKey(query)}` : undefined;

  const [state, setState] = useState<SearchState<T>>(() => ({
    data: undefined,
    loading: key !== undefined,
    error: undefined,
  }));

  // The request currently allowed to answer; a changed query or an unmount bumps it, so a late
  // answer for an old query is dropped instead of overwriting the new one.
  const requestId = useRef(0);
  const controllerRef = useRef<AbortController | undefined>(undefined);
  // The key last searched; undefined until the first search, which therefore runs at once.
  const lastKey = useRef<string | undefined>(undefined);
  const latest = useRef({ type, query });
  useEffect(() => {
    latest.current = { type, query };
  });

  const cancel = useCallback(() => {
    requestId.current++;
    controllerRef.current?.abort();
    controllerRef.current = undefined;
  }, []);

  // reload: skip the client's request cache (refetch must reach the server).
  const run = useCallback(
    (reload?: boolean): Promise<void> => {
      cancel();
      const id = requestId.current;
      const { type: currentType, query: currentQuery } = latest.current;
      if (!currentType) return Promise.resolve();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState((s) => (s.loading ? s : { ...s, loading: true }));
      const search = client[method] as (
        type: ResourceType,
        query: SearchQuery,
        options?: RequestOptions
      ) => Promise<unknown>;
      const options = (signal: AbortSignal) => (reload ? { signal, cache: 'reload' as const } : { signal });
      return withSignal(
        (signal) => search.call(client, currentType, currentQuery, options(signal)),
        controller.signal
      ).then(
        (data) => {
          if (id === requestId.current) setState({ data: data as T, loading: false, error: undefined });
        },
        (error: unknown) => {
          // Our own aborts bump requestId first, so a failure that gets here is real.
          if (id !== requestId.current) return;
          setState((s) => ({ data: s.data, loading: false, error: toOutcomeError(error) }));
        }
      );
    },
    [client, method, cancel]
  );

  // Another client is another server or session: search at once, as on the first render.
  useEffect(() => {
    lastKey.current = undefined;
  }, [client]);

  useEffect(() => {
    if (key === undefined) {
      cancel();
      lastKey.current = undefined;
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    if (lastKey.current === undefined) {
      lastKey.current = key;
      void run();
      return;
    }
    if (lastKey.current === key) return;
    lastKey.current = key;
    cancel();
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const timer = setTimeout(() => void run(), debounceMs);
    return () => clearTimeout(timer);
  }, [key, run, cancel, debounceMs, client]);

  useEffect(
    () => () => {
      cancel();
      // A remount (StrictMode, a keyed re-mount) searches at once again.
      lastKey.current = undefined;
    },
    [cancel]
  );

  const refetch = useCallback(() => run(true), [run]);
  return { data: state.data, loading: state.loading, error: state.error, refetch };
}

/** Searches and returns the Bundle; debounced after the first search, late answers dropped. */
export function useSearch<K extends ResourceType>(
  type: K | undefined,
  query?: SearchQuery,
  options?: SearchOptions
): SearchResult<Bundle<ExtractResource<K>>> {
  return useSearchWith('search', type, query, options);
}

/** Searches and returns the first match, or undefined when none; debounced like useSearch. */
export function useSearchOne<K extends ResourceType>(
  type: K | undefined,
  query?: SearchQuery,
  options?: SearchOptions
): SearchResult<ExtractResource<K> | undefined> {
  return useSearchWith('searchOne', type, query, options);
}

/** Searches and returns the matching resources as an array (its `bundle` is the Bundle); debounced like useSearch. */
export function useSearchResources<K extends ResourceType>(
  type: K | undefined,
  query?: SearchQuery,
  options?: SearchOptions
): SearchResult<ResourceArray<ExtractResource<K>>> {
  return useSearchWith('searchResources', type, query, options);
}
