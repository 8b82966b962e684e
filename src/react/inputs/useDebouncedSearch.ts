import { normalizeErrorString } from '../../fhir';
import { useRequest } from '../primitives/request';

/** What {@link useDebouncedSearch} holds: the last answer, whether one is pending, and its error. */
export interface DebouncedSearchState<T> {
  readonly items: readonly T[];
  readonly loading: boolean;
  readonly error: string | undefined;
  /** True once a search for the current query has answered. */
  readonly settled: boolean;
}

const NO_ITEMS: readonly never[] = [];

/**
 * Runs `search(query)` `delayMs` after the query stops changing while `enabled`, and keeps only
 * the answer to the latest query (an earlier one that answers late is dropped and aborted). It
 * is the request primitive (useRequest) keyed by scope and query, waiting before the first
 * search too, and keeping the last list while the next one loads.
 */
export function useDebouncedSearch<T>(
  search: (query: string, signal: AbortSignal) => Promise<readonly T[]>,
  query: string,
  enabled: boolean,
  delayMs: number,
  /** Anything else the search depends on (e.g. the resource type); a change searches again. */
  scope = ''
): DebouncedSearchState<T> {
  const key = enabled ? JSON.stringify([scope, query]) : undefined;
  const { data, loading, error } = useRequest(key, (signal) => search(query, signal), {
    debounceMs: delayMs,
    debounceFirstLoad: true,
    keepPreviousData: true,
  });
  return {
    // A failed search shows no list, only its error.
    items: error ? NO_ITEMS : (data ?? NO_ITEMS),
    loading,
    error: error && normalizeErrorString(error),
    settled: key !== undefined && !loading,
  };
}
