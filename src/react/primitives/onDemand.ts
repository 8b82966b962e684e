// Parts of a component that come as a chunk of their own, because only some uses need them (the
// Scheduler's month calendar and default questions form, a questionnaire's pickers, signature
// pad and tabs): fetched once per page and shared, and fetched anew after a failure so
// 'Try again' can work.
import { useEffect, useState } from 'react';

/** Fetches a module once; `loaded` holds it after that, so a later user renders it at once. */
export interface OnDemand<T> {
  (): Promise<T>;
  loaded?: T;
}

/**
 * A loader for `load` that keeps what it fetched and forgets a failed fetch. A failure is logged
 * as 'Could not load {what}' (the user sees the caller's message, or the caller's fallback).
 */
export function onDemand<T>(load: () => Promise<T>, what: string): OnDemand<T> {
  let loading: Promise<T> | undefined;
  const get: OnDemand<T> = () =>
    (loading ??= load().then(
      (module) => (get.loaded = module),
      (error: unknown) => {
        loading = undefined;
        console.error(`Could not load ${what}`, error);
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

/** Fetches the module while `wanted` (from mount by default) and re-renders when it arrives or fails. */
export function useOnDemand<T>(get: OnDemand<T>, wanted = true): OnDemandState<T> {
  const [state, setState] = useState<{ module?: T; failed?: boolean }>(() => ({ module: get.loaded }));
  const fetching = wanted && !state.module && !state.failed;
  useEffect(() => {
    if (!fetching) return;
    let active = true;
    get().then(
      (module) => active && setState({ module }),
      () => active && setState({ failed: true })
    );
    return () => {
      active = false;
    };
  }, [fetching, get]);
  return { module: state.module, failed: Boolean(state.failed), retry: () => setState({}) };
}
