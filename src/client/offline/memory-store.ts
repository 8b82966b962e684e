import type { OfflineArea, OfflineStore } from './store';

/**
 * An OfflineStore in memory: for Node, tests, and browsers without IndexedDB. It lasts as long
 * as the page, so it keeps reads and writes through an outage but not through a reload.
 */
export function createMemoryStore(): OfflineStore {
  // login -> area -> key -> value; values are copied in and out, as IndexedDB would.
  const logins = new Map<string, Map<OfflineArea, Map<string, unknown>>>();
  const areaOf = (login: string, area: OfflineArea, create: boolean): Map<string, unknown> | undefined => {
    let areas = logins.get(login);
    if (!areas && create) logins.set(login, (areas = new Map()));
    let entries = areas?.get(area);
    if (!entries && create) areas?.set(area, (entries = new Map()));
    return entries;
  };
  return {
    async get<T>(login: string, area: OfflineArea, key: string) {
      const value = areaOf(login, area, false)?.get(key);
      return value === undefined ? undefined : (structuredClone(value) as T);
    },
    async put(login, area, key, value) {
      areaOf(login, area, true)?.set(key, structuredClone(value));
    },
    async delete(login, area, key) {
      areaOf(login, area, false)?.delete(key);
    },
    async list<T>(login: string, area: OfflineArea) {
      const entries = areaOf(login, area, false);
      if (!entries) return [];
      return [...entries.keys()].sort().map((key) => structuredClone(entries.get(key)) as T);
    },
    async clear(login) {
      logins.delete(login);
    },
    async logins() {
      return [...logins.keys()];
    },
  };
}
