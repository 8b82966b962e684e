import type { RequestOptions, ResourceArray } from '../../client';
import type { Bundle, ExtractResource, OperationOutcomeError, ResourceType } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { useRequest } from '../primitives/request';
import { queryKey, type SearchQuery } from './searchKey';

export type { SearchQuery } from './searchKey';

/** Search debounce after the first request. */
export const SEARCH_DEBOUNCE_MS = 250;

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
  /** True when `data` came from the device, not the server (FhirClient's offline option, no network). */
  readonly stale: boolean;
  /**
   * True when, at this render, the portal could not reach the server (the browser is offline or the
   * last request found no network). Not a subscription of its own, so the data hooks stay small:
   * they re-render as answers arrive; useOnline() follows the connection live.
   */
  readonly offline: boolean;
}

/** Options of the search hooks. */
export interface SearchOptions {
  /** Wait after a query change before searching; the first search never waits. Default 250 ms. */
  readonly debounceMs?: number;
  /** False skips searching, for a query that is not ready yet. Default true. */
  readonly enabled?: boolean;
}

type SearchMethod = 'search' | 'searchOne' | 'searchResources';

function useSearchWith<T>(
  method: SearchMethod,
  type: ResourceType | undefined,
  query: SearchQuery,
  options: SearchOptions | undefined
): SearchResult<T> {
  const client = useFhirClient();
  const enabled = options?.enabled ?? true;
  const key = type && enabled ? `${type}?${queryKey(query)}` : undefined;
  const search = client[method] as (type: ResourceType, query: SearchQuery, options?: RequestOptions) => Promise<T>;
  // reload (refetch): skip the client's request cache, so the server is asked again.
  const state = useRequest<T>(
    key,
    (signal, reload) => search.call(client, type!, query, reload ? { signal, cache: 'reload' } : { signal }),
    { debounceMs: options?.debounceMs ?? SEARCH_DEBOUNCE_MS, keepPreviousData: true }
  );
  return { ...state, stale: client.isStale(state.data), offline: client.isOffline() };
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
