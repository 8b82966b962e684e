import { ACTIVE_LOGIN_KEY, type TokenStorage } from './storage';

/** The part of a client the cross-tab listener needs. */
export interface SignOutClient {
  /** Forgets the active login in memory and emits the client's 'change' event (preferred: keeps the login list). */
  clearActiveLogin?(): void;
  /** Forgets the session and emits 'change'; used when clearActiveLogin is missing. */
  clear(): void;
  /** The access token held in memory; a client without one is already signed out and is left alone. */
  getAccessToken?(): string | undefined;
  /** Takes the login another tab stored (a refreshed token, a sign-in), when the client can. */
  adoptStoredLogin?(): unknown;
}

/**
 * Signs this tab out, without a reload, when another tab signs out: a window 'storage' event
 * that removes 'activeLogin' (or clears the storage) makes the client forget its tokens. A new
 * 'activeLogin' goes to the client's adoptStoredLogin, so a tab does not go on with an access
 * token another tab has replaced. Returns the function that stops listening.
 */
export function listenForSignOutInOtherTabs(
  client: SignOutClient,
  storage: TokenStorage & { readonly area?: unknown },
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = typeof window === 'undefined'
    ? undefined
    : window
): () => void {
  if (!target) return () => undefined;
  const onStorage = (event: StorageEvent): void => {
    // Events from another storage area (sessionStorage is per tab) say nothing about ours.
    if (storage.area && event.storageArea && event.storageArea !== storage.area) return;
    const removed =
      (event.key === ACTIVE_LOGIN_KEY && event.newValue === null) ||
      (event.key === null && storage.getString(ACTIVE_LOGIN_KEY) === undefined);
    if (!removed) {
      if (event.key === ACTIVE_LOGIN_KEY) client.adoptStoredLogin?.();
      return;
    }
    // The stored login is already gone (the other tab removed it), so ask the client's memory.
    if (client.getAccessToken && !client.getAccessToken()) return;
    if (client.clearActiveLogin) client.clearActiveLogin();
    else client.clear();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
