/** The part of the DOM Storage interface the client uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** A Storage kept in memory, for servers, tests and browsers without localStorage. */
export class MemoryStorage implements StorageLike {
  private readonly data = new Map<string, string>();

  /** Number of stored keys. */
  get length(): number {
    return this.data.size;
  }

  /** The key at an index, like Storage.key. */
  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }

  /** The stored string, or null. */
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  /** Stores a string. */
  setItem(key: string, value: string): void {
    this.data.set(key, String(value));
  }

  /** Removes one key. */
  removeItem(key: string): void {
    this.data.delete(key);
  }

  /** Removes every key. */
  clear(): void {
    this.data.clear();
  }
}

function defaultStorage(): StorageLike {
  try {
    // Reading localStorage throws in some privacy modes and sandboxed frames.
    if (typeof localStorage !== 'undefined' && localStorage) return localStorage;
  } catch {
    // fall through to memory
  }
  return new MemoryStorage();
}

/** Where the client keeps login state: strings and JSON objects over localStorage, or memory when there is none. */
export class ClientStorage {
  private readonly storage: StorageLike;

  constructor(storage?: StorageLike) {
    this.storage = storage ?? defaultStorage();
  }

  /** Resolves when the storage has loaded; asynchronous storages override this. */
  getInitPromise?(): Promise<void>;

  /** Removes every stored value. */
  clear(): void {
    this.storage.clear();
  }

  /** The stored string, or undefined. */
  getString(key: string): string | undefined {
    return this.storage.getItem(key) ?? undefined;
  }

  /** Stores a string, or removes the key when the value is undefined. */
  setString(key: string, value: string | undefined): void {
    if (value === undefined) this.storage.removeItem(key);
    else this.storage.setItem(key, value);
  }

  /** The stored JSON value, or undefined when absent or unreadable. */
  getObject<T>(key: string): T | undefined {
    const text = this.getString(key);
    if (!text) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      // Another app or an old version wrote something else under our key: treat as absent.
      return undefined;
    }
  }

  /** Stores a JSON value, or removes the key when the value is undefined. */
  setObject<T>(key: string, value: T | undefined): void {
    this.setString(key, value === undefined ? undefined : JSON.stringify(value));
  }
}
