import type { IDBPDatabase } from 'idb';
import type { OfflineArea, OfflineStore } from './store';

const ENTRIES = 'entries';

/**
 * An OfflineStore in the browser's IndexedDB (through `idb`), so what a login has read and the
 * writes it made offline outlive a reload. One object store; each entry's key is
 * [login, area, key], so a login's share is one key range, listed in order and wiped at once.
 */
export function createIndexedDbStore(name = 'fhir-portal-kit-offline'): OfflineStore {
  let opened: Promise<IDBPDatabase> | undefined;
  // Opened on first use, with idb loaded then too: creating a store costs no bundle size and
  // touches no IndexedDB until the client reads or writes through it.
  const db = (): Promise<IDBPDatabase> =>
    (opened ??= import('idb').then(({ openDB }) =>
      openDB(name, 1, {
        upgrade(database) {
          database.createObjectStore(ENTRIES);
        },
      })
    ));
  // An array sorts after every string in IndexedDB, so [prefix..., []] bounds every longer key.
  const range = (...prefix: string[]): IDBKeyRange => IDBKeyRange.bound(prefix, [...prefix, []]);
  return {
    async get<T>(login: string, area: OfflineArea, key: string) {
      return (await (await db()).get(ENTRIES, [login, area, key])) as T | undefined;
    },
    async put(login, area, key, value) {
      await (await db()).put(ENTRIES, value, [login, area, key]);
    },
    async delete(login, area, key) {
      await (await db()).delete(ENTRIES, [login, area, key]);
    },
    async list<T>(login: string, area: OfflineArea) {
      return (await (await db()).getAll(ENTRIES, range(login, area))) as T[];
    },
    async clear(login) {
      await (await db()).delete(ENTRIES, range(login));
    },
    async logins() {
      const keys = (await (await db()).getAllKeys(ENTRIES)) as unknown as string[][];
      return [...new Set(keys.map((key) => key[0]))];
    },
    async destroy() {
      // Closed first: an open connection would block the delete until the page goes away.
      const open = opened;
      opened = undefined;
      if (open) (await open.catch(() => undefined))?.close();
      const { deleteDB } = await import('idb');
      await deleteDB(name);
    },
  };
}
