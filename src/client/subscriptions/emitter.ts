/** A listener for one event type. */
export type Listener<T> = (event: T) => void;

/**
 * A small typed event emitter with no dependencies (Node's EventEmitter is not in browsers).
 * `on` returns the function that removes the listener.
 */
export class TypedEmitter<Events extends { [K in keyof Events]: unknown }> {
  private readonly listeners = new Map<keyof Events, Set<Listener<any>>>();

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
    return () => this.off(type, listener);
  }

  /** Removes a listener. */
  off<K extends keyof Events>(type: K, listener: Listener<Events[K]>): void {
    this.listeners.get(type)?.delete(listener);
  }

  /** Calls every listener of the type; a listener that throws is logged and does not stop the others. */
  emit<K extends keyof Events>(type: K, event: Events[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`Error in a '${String(type)}' listener`, error);
      }
    }
  }

  /** How many listeners the type has, or all types together. */
  listenerCount(type?: keyof Events): number {
    if (type !== undefined) return this.listeners.get(type)?.size ?? 0;
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Removes every listener. */
  removeAllListeners(): void {
    this.listeners.clear();
  }
}
