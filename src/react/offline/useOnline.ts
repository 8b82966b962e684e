import { useCallback, useSyncExternalStore } from 'react';
import type { FhirClient } from '../../client';
import { useFhirClient } from '../FhirProvider';

const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Calls `onChange` whenever the connection may have changed: the browser's online/offline
 * events, the client's 'offline' event (a request found no network), and the outbox's changes
 * (a write that went out means the network is back, though the browser never said it was gone).
 */
export function subscribeConnection(client: FhirClient, onChange: () => void): () => void {
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
  }
  client.addEventListener('offline', onChange);
  // A read that got an answer clears the client's 'no network' mark without an event of its own.
  const stopCache = client.onCacheChange(() => onChange());
  const stopOutbox = client.outbox?.subscribe(onChange);
  // The outbox exists once the offline part has loaded: listen to it from then on.
  let stopLate: (() => void) | undefined;
  let stopped = false;
  if (!stopOutbox)
    void client.whenOfflineReady().then(() => {
      if (!stopped) stopLate = client.outbox?.subscribe(onChange);
      onChange();
    });
  return () => {
    stopped = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    }
    client.removeEventListener('offline', onChange);
    stopCache();
    stopOutbox?.();
    stopLate?.();
  };
}

/**
 * True while the portal can reach the server, as far as it knows: the browser says it is online
 * and the client's last request found a network. Re-renders on the browser's online/offline
 * events and on the client's 'offline' event. On the server render it is true.
 */
export function useOnline(): boolean {
  const client = useFhirClient();
  const subscribe = useCallback((onChange: () => void) => subscribeConnection(client, onChange), [client]);
  return useSyncExternalStore(
    subscribe,
    () => browserOnline() && !client.isOffline(),
    () => true
  );
}
