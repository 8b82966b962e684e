/** Which part of a login's data an entry belongs to: the reads kept for offline use, or the outbox of writes. */
export type OfflineArea = 'reads' | 'outbox';

/**
 * Where the client keeps what must outlive a reload: answers it has read and writes waiting to
 * be sent. Every entry belongs to one login (its key names the server and the profile), so two
 * people on one device never see each other's data, and one call wipes a login's share. Values
 * are plain JSON-like data; the client never hands a store a token.
 */
export interface OfflineStore {
  /** One entry, or undefined. */
  get<T>(login: string, area: OfflineArea, key: string): Promise<T | undefined>;
  /** Stores (or replaces) one entry. */
  put(login: string, area: OfflineArea, key: string, value: unknown): Promise<void>;
  /** Removes one entry. */
  delete(login: string, area: OfflineArea, key: string): Promise<void>;
  /** Every entry of a login's area, in key order (the outbox's keys sort in the order writes were made). */
  list<T>(login: string, area: OfflineArea): Promise<T[]>;
  /** Removes everything of one login: its reads and its outbox. */
  clear(login: string): Promise<void>;
  /** The logins that have anything stored. */
  logins(): Promise<string[]>;
  /**
   * Optional: removes the storage itself (the IndexedDB database), called once no login has
   * anything stored, so a signed-out device keeps not even an empty database. A later use opens it again.
   */
  destroy?(): Promise<void>;
}
