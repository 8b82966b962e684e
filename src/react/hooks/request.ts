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

interface Answer<T> {
  /** The key the answer is for. */
  key?: string;
  data?: T;
  loading: boolean;
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
  const [answer, setAnswer] = useState<Answer<T>>(() => ({ loading: key !== undefined }));

  // The request currently allowed to answer; a changed key or an unmount bumps it.
  const requestId = useRef(0);
  const controllerRef = useRef<AbortController | undefined>(undefined);
  // The key last loaded; undefined until the first load, which therefore runs at once.
  const lastKey = useRef<string | undefined>(undefined);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  const cancel = useCallback(() => {
    requestId.current++;
    controllerRef.current?.abort();
    controllerRef.current = undefined;
  }, []);

  const run = useCallback(
    (reload: boolean): Promise<void> => {
      cancel();
      const id = requestId.current;
      const runKey = lastKey.current;
      if (runKey === undefined) return Promise.resolve();
      const controller = new AbortController();
      controllerRef.current = controller;
      setAnswer((a) => (a.loading ? a : { ...a, loading: true }));
      return withSignal((signal) => loadRef.current(signal, reload), controller.signal).then(
        (data) => {
          if (id === requestId.current) setAnswer({ key: runKey, data, loading: false });
        },
        (error: unknown) => {
          // Our own aborts bump requestId first, so a failure that gets here is real.
          if (id === requestId.current) {
            setAnswer((a) => ({ key: runKey, data: a.data, loading: false, error: toOutcomeError(error) }));
          }
        }
      );
    },
    [cancel]
  );

  // Another client is another server or session: load at once, as on the first render.
  useEffect(() => {
    lastKey.current = undefined;
  }, [client]);

  useEffect(() => {
    if (key === undefined) {
      cancel();
      lastKey.current = undefined;
      setAnswer((a) => (a.loading ? { ...a, loading: false } : a));
      return;
    }
    const first = lastKey.current === undefined;
    if (first && !(debounceFirstLoad && debounceMs > 0)) {
      lastKey.current = key;
      void run(false);
      return;
    }
    if (lastKey.current === key) return;
    lastKey.current = key;
    cancel();
    setAnswer((a) => (keepPreviousData ? (a.loading ? a : { ...a, loading: true }) : { loading: true }));
    if (debounceMs <= 0) {
      void run(false);
      return;
    }
    const timer = setTimeout(() => void run(false), debounceMs);
    return () => clearTimeout(timer);
  }, [key, run, cancel, debounceMs, keepPreviousData, debounceFirstLoad, client]);

  useEffect(
    () => () => {
      cancel();
      // A remount (StrictMode, a keyed re-mount) loads at once again.
      lastKey.current = undefined;
    },
    [cancel]
  );

  const refetch = useCallback(() => run(true), [run]);
  const current = answer.key === key;
  return {
    data: current || keepPreviousData ? answer.data : undefined,
    loading: key !== undefined && (answer.loading || !current),
    error: current || keepPreviousData ? answer.error : undefined,
    refetch,
  };
}
