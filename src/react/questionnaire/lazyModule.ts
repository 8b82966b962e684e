import { useEffect, useState } from 'react';

/** A chunk of the form that only some questionnaires need, loaded once and shared. */
export interface LazyModule<T> {
  /** The module, once it has loaded. */
  readonly current: () => T | undefined;
  /** Loads it (once; callers share the load). A failure is logged, and the next call tries again. */
  readonly load: () => Promise<T>;
}

/** Wraps a dynamic import as a {@link LazyModule}; `what` names it in the log of a failed load. */
export function lazyModule<T>(importer: () => Promise<T>, what: string): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    current: () => loaded,
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          console.error(`Loading ${what} failed`, error);
          throw error;
        }
      )),
  };
}

/**
 * A lazy module for rendering: loads it on mount, re-renders when it arrives, and says when its
 * load failed; `retry` loads it again.
 */
export function useLazyModule<T>(chunk: LazyModule<T>): { module: T | undefined; failed: boolean; retry: () => void } {
  const [module, setModule] = useState(chunk.current);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module) return;
    let live = true;
    chunk.load().then(
      (m) => live && setModule(() => m),
      () => live && setFailed(true)
    );
    return () => {
      live = false;
    };
  }, [chunk, module, attempt]);
  return {
    module,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
