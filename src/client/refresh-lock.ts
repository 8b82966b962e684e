import type { ClientStorage } from './storage';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` while no other tab of this origin runs one under the same name, so tabs that share a
 * stored login refresh it one after another and each can first reread what the one before stored.
 * The server rotates the refresh token on every use and takes a reused one for a stolen one
 * (revoking the login), and it allows no grace window for the previous token: keeping two tabs
 * from spending the same token is the client's job alone.
 *
 * Web Locks where the browser has them. Without (an old browser, a page over plain http), a lease
 * in the shared storage: written, then read back after a pause, so of two tabs that saw no lease
 * at the same moment only the one whose write stayed goes on. Outside a browser there are no other
 * tabs, and `fn` runs at once.
 */
export async function exclusive<T>(name: string, storage: ClientStorage, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: Navigator }).navigator?.locks;
  let started = false;
  if (locks) {
    try {
      return await locks.request(name, () => {
        started = true;
        return fn();
      });
    } catch (error) {
      // A frame with an opaque origin has navigator.locks but may not use it; it has no shared storage either.
      if (started) throw error;
      return fn();
    }
  }
  if (typeof window === 'undefined') return fn();
  const me = String(Math.random());
  // Bounded: a lease left by a tab closed mid-refresh expires after 10 s, and so does the wait.
  for (let i = 0; i < 100; i++) {
    const lease = storage.getObject<[string, number]>(name);
    if (!lease || lease[1] < Date.now()) {
      storage.setObject(name, [me, Date.now() + 10000]);
      await sleep(50);
      if (storage.getObject<[string, number]>(name)?.[0] === me) {
        try {
          return await fn();
        } finally {
          storage.setObject(name, undefined);
        }
      }
    }
    await sleep(100);
  }
  return fn();
}
