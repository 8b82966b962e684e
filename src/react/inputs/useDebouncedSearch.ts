import { useEffect, useRef, useState } from 'react';
import { normalizeErrorString } from '../../fhir';

/** What {@link useDebouncedSearch} holds: the last answer, whether one is pending, and its error. */
export interface DebouncedSearchState<T> {
  readonly items: readonly T[];
  readonly loading: boolean;
  readonly error: string | undefined;
  /** True once a search for the current query has answered. */
  readonly settled: boolean;
}

/**
 * Runs `search(query)` `delayMs` after the query stops changing while `enabled`, and keeps only
 * the answer to the latest query (an earlier one that answers late is dropped and aborted).
 */
export function useDebouncedSearch<T>(
  search: (query: string, signal: AbortSignal) => Promise<readonly T[]>,
  query: string,
  enabled: boolean,
  delayMs: number,
  /** Anything else the search depends on (e.g. the resource type); a change searches again. */
  scope = ''
): DebouncedSearchState<T> {
  const [state, setState] = useState<DebouncedSearchState<T>>({
    items: [],
    loading: false,
    error: undefined,
    settled: false,
  });
  // The latest function without restarting the timer when a caller passes a new closure.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, settled: false }));
    const timer = setTimeout(() => {
      searchRef.current(query, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setState({ items, loading: false, error: undefined, settled: true });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState({ items: [], loading: false, error: normalizeErrorString(error), settled: true });
        }
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, scope, enabled, delayMs]);

  return state;
}
