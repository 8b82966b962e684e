import { ReadablePromise } from './readable-promise';
/** A map that keeps at most `max` entries, dropping the least recently used. */
export class LruCache<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value, marked as recently used. */
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** Stores a value, evicting the oldest entry when full. */
  set(key: string, value: V): void {
    if (this.max <= 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  /** Removes one entry. */
  delete(key: string): boolean {
    return this.map.delete(key);
  }

  /** Removes every entry. */
  clear(): void {
    this.map.clear();
  }

  /** The keys, oldest first. */
  keys(): string[] {
    return [...this.map.keys()];
  }
}

interface RequestEntry {
  promise: Promise<unknown>;
  settledAt?: number;
}

/** GET answers by URL: a request in flight is shared, a settled answer is kept `cacheTime` ms, failures are not kept. */
export class RequestCache {
  private readonly entries: LruCache<RequestEntry>;

  constructor(
    private readonly cacheTime: number,
    size: number
  ) {
    // In-flight sharing works even when the caller turned the resource cache off.
    this.entries = new LruCache(Math.max(size, 100));
  }

  /** The shared promise for a URL, while in flight or fresh. */
  get(url: string): Promise<unknown> | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (entry.settledAt === undefined || Date.now() - entry.settledAt < this.cacheTime) return entry.promise;
    this.entries.delete(url);
    return undefined;
  }

  /** Stores a request's promise under its URL. */
  set(url: string, promise: Promise<unknown>): void {
    const entry: RequestEntry = { promise };
    this.entries.set(url, entry);
    promise.then(
      () => {
        entry.settledAt = Date.now();
      },
      () => {
        if (this.entries.get(url) === entry) this.entries.delete(url);
      }
    );
  }

  /** Stores an answer that is already known (a resource seen in a search, say). */
  setValue(url: string, value: unknown): void {
    if (this.cacheTime > 0) this.entries.set(url, { promise: ReadablePromise.resolve(value), settledAt: Date.now() });
  }

  /** Removes one URL. */
  delete(url: string): void {
    this.entries.delete(url);
  }

  /** Removes every URL that matches. */
  deleteWhere(match: (url: string) => boolean): void {
    for (const url of this.entries.keys()) if (match(url)) this.entries.delete(url);
  }

  /** Removes every URL. */
  clear(): void {
    this.entries.clear();
  }
}
