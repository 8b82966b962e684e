import { ContentType } from '../transport';
import type { PlatformClient } from './client';

/** A key-value store on the server, one string per key (keyvalue/v1/{key}). */
export interface KeyValueClient {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The server's key-value store over a client: GET, PUT (text body) and DELETE keyvalue/v1/{key}. */
export function keyValueClient(client: PlatformClient): KeyValueClient {
  const url = (key: string): string => `keyvalue/v1/${encodeURIComponent(key)}`;
  return {
    get: (key) => client.get(url(key)),
    set: (key, value) => client.put(url(key), value, ContentType.TEXT),
    delete: (key) => client.delete(url(key)),
  };
}
