/** A listener for events of one type. */
export type TypedEventListener<E> = (event: E) => void;

/** The events a FhirClient dispatches. */
export type FhirClientEventMap = {
  change: { type: 'change' };
  offline: { type: 'offline' };
  profileRefreshing: { type: 'profileRefreshing' };
  profileRefreshed: { type: 'profileRefreshed' };
  storageInitialized: { type: 'storageInitialized' };
};

/** A small typed event target: listeners per event type, events carry their `type`. */
export class TypedEventTarget<M extends Record<string, { type: string }>> {
  readonly #listeners = new Map<keyof M, Set<TypedEventListener<any>>>();

  /** Adds a listener for one event type. */
  addEventListener<K extends keyof M>(type: K, listener: TypedEventListener<M[K]>): void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  /** Removes a listener added with addEventListener. */
  removeEventListener<K extends keyof M>(type: K, listener: TypedEventListener<M[K]>): void {
    this.#listeners.get(type)?.delete(listener);
  }

  /** Calls every listener of the event's type, in the order they were added. */
  dispatchEvent<K extends keyof M>(event: M[K]): void {
    // A copy, so a listener that removes itself does not skip the next one.
    for (const listener of [...(this.#listeners.get(event.type) ?? [])]) listener(event);
  }
}
