import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { isOperationOutcomeError, normalizeErrorString, normalizeOutcome, OperationOutcomeError } from '../../fhir';
import { FhirClientContext } from '../fhirClientContext';

/** True for the failure of an aborted request (the client's 'Request aborted', or a DOM AbortError). */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as Error).name === 'AbortError' || normalizeErrorString(error) === 'Request aborted';
}

/** Any thrown value as the library's one error type. */
export function toOutcomeError(error: unknown): OperationOutcomeError {
  return isOperationOutcomeError(error) ? error : new OperationOutcomeError(normalizeOutcome(error), { cause: error });
}

/**
 * Runs a client call with an abort signal. The client shares one GET among callers, so a
 * request can fail as aborted because another component gave up on it; ours still wants
 * the answer, so it asks once more.
 */
export async function withSignal<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await call(signal);
  } catch (error) {
    if (!signal.aborted && isAbortError(error)) return call(signal);
    throw error;
  }
}

/** What {@link useRequest} answers. */
export interface RequestState<T> {
  /** The answer for the current key (with keepPreviousData, the last answer while a new key loads). */
  readonly data: T | undefined;
  /** True from the moment the key changes (or refetch is called) until its answer arrives. */
  readonly loading: boolean;
  /** Why the last request failed; cleared by the next answer. */
  readonly error: OperationOutcomeError | undefined;
  /** Loads the current key again now, skipping any debounce; `load` gets `reload: true`. */
  readonly refetch: () => Promise<void>;
}

/** Options of {@link useRequest}. */
export interface UseRequestOptions {
  /** Wait this long after the key changes before loading; the first load never waits. Default 0. */
  readonly debounceMs?: number;
  /** Keep the last answer while a changed key loads, so lists do not flash empty. Default false. */
  readonly keepPreviousData?: boolean;
  /**
   * Wait `debounceMs` before the first load too: a search box whose list opens on the first key
   * searches once the typing pauses, not for that first letter. Default false.
   */
  readonly debounceFirstLoad?: boolean;
}

const NOT_LOADED = {};

interface Answer<T> {
  /** The key the answer is for. */
  key?: string;
  data?: T;
  /** A refetch of this key runs. */
  loading?: boolean;
  error?: OperationOutcomeError;
}

/**
 * The one request primitive of the data-loading hooks: loads when `key` is set and again when it
 * changes or the client does, aborts the request of an old key or an unmounted component (a late
 * answer is dropped), and offers loading, error and refetch. `load` is read when a request
 * starts, so callers may pass a new closure on every render; the key says when to load again.
 * Under a FhirProvider a new client (another server or session) loads again; it works without
 * one too, for loads that do not go through the client (an edit input's injected search).
 */
export function useRequest<T>(
  key: string | undefined,
  load: (signal: AbortSignal, reload: boolean) => Promise<T>,
  options: UseRequestOptions = {}
): RequestState<T> {
  const client = useContext(FhirClientContext);
  const { debounceMs = 0, keepPreviousData = false, debounceFirstLoad = false } = options;
  const [answer, setAnswer] = useState<Answer<T>>({});
  // The request allowed to answer: a newer one, a changed key or an unmount replaces or clears it.
  const current = useRef<AbortController | undefined>(undefined);
  // The client the current key was last loaded with: a first load (and one for another client,
  // which is another server or session) does not wait for the debounce.
  const loadedWith = useRef<unknown>(NOT_LOADED);
  const latest = useRef({ key, load });
  useEffect(() => {
    latest.current = { key, load };
  });

  const run = useCallback((runKey: string, reload: boolean): Promise<void> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const mine = () => current.current === controller;
    setAnswer((a) => (a.key === runKey && !a.loading ? { ...a, loading: true } : a));
    return withSignal((signal) => latest.current.load(signal, reload), controller.signal).then(
      (data) => {
        if (mine()) setAnswer({ key: runKey, data });
      },
      (error: unknown) => {
        // Our own aborts replace `current` first, so a failure that gets here is real.
        if (mine()) setAnswer((a) => ({ key: runKey, data: a.data, error: toOutcomeError(error) }));
      }
    );
  }, []);

  useEffect(() => {
    if (key === undefined) {
      loadedWith.current = NOT_LOADED;
      return;
    }
    const fresh = loadedWith.current !== client;
    loadedWith.current = client;
    const wait = fresh && !debounceFirstLoad ? 0 : debounceMs;
    const timer = wait > 0 ? setTimeout(() => void run(key, false), wait) : void run(key, false);
    return () => {
      clearTimeout(timer);
      current.current?.abort();
      current.current = undefined;
    };
  }, [key, run, debounceMs, debounceFirstLoad, client]);

  // A remount (StrictMode, a keyed re-mount) loads at once again.
  useEffect(
    () => () => {
      loadedWith.current = NOT_LOADED;
    },
    []
  );

  const refetch = useCallback(() => {
    const { key: now } = latest.current;
    return now === undefined ? Promise.resolve() : run(now, true);
  }, [run]);
  const own = answer.key === key;
  const shown = own || keepPreviousData;
  return {
    data: shown ? answer.data : undefined,
    loading: key !== undefined && (!own || !!answer.loading),
    error: shown ? answer.error : undefined,
    refetch,
  };
}
