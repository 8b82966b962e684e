import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Outbox, OutboxEntry } from '../../client';
import { useFhirClient } from '../FhirProvider';
import { subscribeConnection, useOnline } from './useOnline';

/** What {@link useOutbox} returns. */
export interface OutboxSummary {
  /** Every write of the signed-in login this page knows, oldest first (sent ones included, until a reload). */
  readonly entries: readonly OutboxEntry[];
  /** Writes not sent yet: waiting or being sent. */
  readonly waiting: number;
  /** Updates the server refused because its version changed meanwhile: the user must choose. */
  readonly conflicts: OutboxEntry[];
  /** Writes sent since the connection was last lost (0 while offline): 'Back online. 3 changes sent.' */
  readonly sentSinceOffline: number;
  readonly online: boolean;
  /** The outbox itself (flush, resolveConflict), once the offline part has loaded; undefined without the offline option. */
  readonly outbox?: Outbox;
}

const NONE: readonly OutboxEntry[] = [];

/**
 * The signed-in login's outbox as the UI needs it, re-rendered whenever an entry is added, sent
 * or refused. Without FhirClient's offline option everything is empty and `online` follows the browser.
 */
export function useOutbox(): OutboxSummary {
  const client = useFhirClient();
  const online = useOnline();
  const subscribe = useCallback((onChange: () => void) => subscribeConnection(client, onChange), [client]);
  const entries = useSyncExternalStore(
    subscribe,
    () => client.outbox?.list() ?? NONE,
    () => NONE
  );
  // The ids of writes still unsent when the connection went: those later sent are 'sent since offline'.
  const [queuedOffline, setQueuedOffline] = useState<ReadonlySet<string>>(() => new Set());
  const wasOnline = useRef(online);
  useEffect(() => {
    if (!online) {
      const unsent = entries.filter((e) => e.state === 'pending' || e.state === 'sending').map((e) => e.id);
      setQueuedOffline((previous) => {
        const next = new Set(wasOnline.current ? [] : previous);
        for (const id of unsent) next.add(id);
        return next.size === previous.size && [...next].every((id) => previous.has(id)) ? previous : next;
      });
    }
    wasOnline.current = online;
  }, [online, entries]);

  const waiting = entries.filter((e) => e.state === 'pending' || e.state === 'sending').length;
  const conflicts = entries.filter((e) => e.state === 'conflict');
  const sentSinceOffline = online ? entries.filter((e) => e.state === 'sent' && queuedOffline.has(e.id)).length : 0;
  return { entries, waiting, conflicts, sentSinceOffline, online, outbox: client.outbox };
}
