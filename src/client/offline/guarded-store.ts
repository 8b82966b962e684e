import type { OfflineStore } from './store';

/**
 * The store as the client writes to it: a value that carries the session's access token is
 * refused, so a token can never land on the device through a cached answer or a queued write.
 */
export function guardedStore(store: OfflineStore, token: () => string | undefined): OfflineStore {
  return {
    ...store,
    // Bound, so a store written as a class keeps its `this`.
    get: store.get.bind(store),
    delete: store.delete.bind(store),
    list: store.list.bind(store),
    clear: store.clear.bind(store),
    logins: store.logins.bind(store),
    destroy: store.destroy?.bind(store),
    put(login, area, key, value) {
      const secret = token();
      if (secret && JSON.stringify(value ?? null).includes(secret)) {
        return Promise.reject(new Error('Refused to store a value that holds the access token'));
      }
      return store.put(login, area, key, value);
    },
  };
}
