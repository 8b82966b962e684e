// Parts of the auth cards that not every sign-in shows (the Google button, the steps after the
// password) load on demand, as soon as the card may need them, so they are usually ready by then.
import { useEffect, useRef, useState } from 'react';

/** What a part loaded on demand is: not yet there, there, or `failed` (offline, or the app was redeployed). */
export interface OnDemand<T> {
  readonly part?: T;
  readonly failed?: boolean;
}

/**
 * Loads a part once `wanted` first turns true, and keeps it (or the failure) from then on;
 * `load` must be a stable (module-level) function.
 */
export function useOnDemand<T>(load: () => Promise<T>, wanted: boolean): OnDemand<T> {
  const [state, setState] = useState<OnDemand<T>>({});
  // A ref, so that a second run of the effect (Strict Mode) or `wanted` turning false again
  // neither loads twice nor drops a load under way.
  const started = useRef(false);
  useEffect(() => {
    if (!wanted || started.current) return;
    started.current = true;
    load().then(
      (part) => setState({ part }),
      () => setState({ failed: true })
    );
  }, [load, wanted]);
  return state;
}
