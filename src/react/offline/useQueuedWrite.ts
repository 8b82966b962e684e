import { useCallback, useSyncExternalStore } from 'react';
import type { OutboxState } from '../../client';
import { useFhirClient } from '../FhirProvider';
import { subscribeConnection } from './useOnline';

/**
 * The live state of the outbox entry of a value a write answered ('pending', 'sending', 'sent',
 * 'conflict', 'failed'), or undefined when that write went straight to the server. A copy of a
 * queued create (same outbox identifier) matches too, so a reloaded draft still shows 'Saved on this device'.
 */
export function useQueuedWrite(value: unknown): OutboxState | undefined {
  const client = useFhirClient();
  const subscribe = useCallback((onChange: () => void) => subscribeConnection(client, onChange), [client]);
  return useSyncExternalStore(
    subscribe,
    () => client.queuedEntry(value)?.state,
    () => undefined
  );
}
