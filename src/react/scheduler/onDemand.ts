// Parts of the Scheduler that come as their own chunk (the month calendar, the default questions
// form): fetched once per page, shared by every Scheduler on it, and fetched anew after a
// failure so 'Try again' can work.
import { useEffect, useState } from 'react';

/** Fetches a module once; `loaded` holds it after that so a later Scheduler renders it at once. */
export interface OnDemand<T> {
  (): Promise<T>;
  loaded?: T;
}

/** A loader for `load` that keeps what it fetched and forgets a failed fetch. */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | undefined;
  const get: OnDemand<T> = () =>
    (loading ??= load().then(
      (module) => (get.loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      }
    ));
  return get;
}

/** What {@link useOnDemand} has: the module once fetched, or that the fetch failed. */
export interface OnDemandState<T> {
  readonly module?: T;
  readonly failed: boolean;
  /** After a failure, fetches again. */
  readonly retry: () => void;
}

/**
 * Fetches the module while `wanted`; a failure is logged with `what` (the patient sees the
 * caller's message and 'Try again').
 */
export function useOnDemand<T>(get: OnDemand<T>, wanted: boolean, what: string): OnDemandState<T> {
  const [state, setState] = useState<{ module?: T; failed?: boolean }>(() => ({ module: get.loaded }));
  const fetching = wanted && !state.module && !state.failed;
  useEffect(() => {
    if (!fetching) return;
    let active = true;
    get().then(
      (module) => active && setState({ module }),
      (error: unknown) => {
        console.error(`Scheduler: could not load ${what}`, error);
        if (active) setState({ failed: true });
      }
    );
    return () => {
      active = false;
    };
  }, [fetching, get, what]);
  return { module: state.module, failed: Boolean(state.failed), retry: () => setState({}) };
}
