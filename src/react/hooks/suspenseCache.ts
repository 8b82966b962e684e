import { ReadablePromise, type FhirClient } from '../../client';
import { toOutcomeError } from '../primitives/request';

// The requests the Suspense hooks wait on, per client and request key. A suspended component
// leaves no state behind (React throws its render away), so the promise it waits on must be
// found again by key when React retries the render; a store per client keeps two servers or two
// sessions apart, and goes with the client.

interface Entry {
  readonly request: ReadablePromise<unknown>;
  /** The client forgot what this answered (a write, an invalidation): load again, show this meanwhile. */
  stale: boolean;
  reloading: boolean;
  /** When a read last threw this entry's failure to an error boundary. */
  thrownAt?: number;
}

// How long a failure is thrown again rather than loaded again, from the last read that threw it.
// React renders a failed component several times before its error boundary commits, in separate
// tasks (React 19: the ping's render, the error's recovery render, the throttled retries of a
// Suspense boundary, up to 300 ms apart), and each must see the same failure: a failure dropped
// after the first (it was dropped after one task) sent one more request. A boundary's reset comes
// later, from a person or a key change, and loads again.
const FAILURE_KEPT_MS = 500;

/** The Suspense requests of one client. */
export interface SuspenseStore {
  readonly entries: Map<string, Entry>;
  /** The hooks' re-renders, called when an answer turns stale or is replaced. */
  readonly listeners: Set<() => void>;
  /** Adds a listener; answers the unsubscribe function. */
  readonly subscribe: (onChange: () => void) => () => void;
}

const stores = new WeakMap<FhirClient, SuspenseStore>();

/** The key of a resource read in the store ('resource:Patient/1'), matched against the client's cache keys. */
export const resourceRequestKey = (reference: string) => `resource:${reference}`;

/** The Suspense store of a client, made on first use. */
export function suspenseStoreOf(client: FhirClient): SuspenseStore {
  const known = stores.get(client);
  if (known) return known;
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  client.onCacheChange((changed) => {
    let marked = false;
    for (const [key, entry] of entries) {
      const hit = changed === undefined || key === resourceRequestKey(changed);
      // A new entry object, so the hooks' snapshot changes and they render (and load) again.
      if (hit && entry.request.isOk() && !entry.stale) {
        entries.set(key, { ...entry, stale: true });
        marked = true;
      }
    }
    if (marked) notify(created);
  });
  const created: SuspenseStore = {
    entries,
    listeners,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  stores.set(client, created);
  return created;
}

function notify(store: SuspenseStore): void {
  for (const onChange of [...store.listeners]) onChange();
}

/**
 * The answer for `key`, loading it with `load` the first time: suspends (throws the pending
 * promise) while it loads and throws an OperationOutcomeError when it failed. A failure is thrown
 * again to every render of the same attempt (within FAILURE_KEPT_MS of the last one), so one
 * failed read is one request; a read after that (the boundary's reset) loads again. A stale
 * answer is shown while it loads again.
 */
export function readSuspended<T>(client: FhirClient, key: string, load: () => PromiseLike<T>): T {
  const store = suspenseStoreOf(client);
  const { entries } = store;
  const now = Date.now();
  let entry = entries.get(key);
  if (entry?.thrownAt !== undefined && now - entry.thrownAt > FAILURE_KEPT_MS) entry = undefined;
  if (!entry) {
    const request = new ReadablePromise(load());
    // read() throws a failure to the error boundary; this keeps it from being reported as unhandled.
    request.then(undefined, () => undefined);
    entries.set(key, (entry = { request, stale: false, reloading: false }));
  }
  const { request } = entry;
  if (request.getStatus() === 'error') {
    entry.thrownAt = now;
    try {
      request.read();
    } catch (error) {
      throw toOutcomeError(error);
    }
  }
  if (entry.stale && !entry.reloading) {
    const current = entry;
    current.reloading = true;
    const reload = new ReadablePromise(load());
    reload.then(
      () => {
        if (entries.get(key) !== current) return;
        entries.set(key, { request: reload, stale: false, reloading: false });
        notify(store);
      },
      (error: unknown) => {
        // The answer on screen stays; the next change of the cache tries again.
        current.reloading = false;
        current.stale = false;
        console.error(`Could not load ${key} again`, toOutcomeError(error));
      }
    );
  }
  return request.read() as T;
}
