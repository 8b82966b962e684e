import { useEffect, useMemo, useRef, useState } from 'react';
import type { Outbox, OutboxEntry, OutboxEventMap } from '../../client/offline';
import type { Communication } from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { queuedChatMessages, type QueuedChatMessage } from './queuedMessages';

/** What the chat hears from the outbox besides the list. */
export interface QueuedChatCallbacks {
  /** The server has a message the outbox sent: its copy, to show as an ordinary message. */
  readonly onSent: (message: Communication) => void;
  /** The server refused a queued message for good. */
  readonly onError: (error: unknown) => void;
}

/**
 * The signed-in user's outbox (offline option), following sign-in, sign-out and the offline
 * part's late load; undefined without the option or while nobody is signed in.
 */
function useClientOutbox(): Outbox | undefined {
  const client = useFhirClient();
  const [outbox, setOutbox] = useState(() => client.outbox);
  useEffect(() => {
    let live = true;
    const update = () => {
      if (live) setOutbox(client.outbox);
    };
    // The offline part loads on demand, so the outbox may come after the first render.
    void client.whenOfflineReady().then(update);
    client.addEventListener('change', update);
    return () => {
      live = false;
      client.removeEventListener('change', update);
    };
  }, [client]);
  return outbox;
}

/**
 * The messages of the chat `query` still waiting in the outbox (written offline, or queued behind
 * earlier writes), from the first render on: entries stored by an earlier page come back with the
 * outbox, so a queued message survives a reload. Each message the outbox sends is handed to
 * onSent, so it turns into an ordinary message without waiting for the live subscription.
 */
export function useQueuedChatMessages(
  query: string | undefined,
  callbacks: QueuedChatCallbacks
): readonly QueuedChatMessage[] {
  const outbox = useClientOutbox();
  const [entries, setEntries] = useState<readonly OutboxEntry[]>(() => outbox?.list() ?? []);
  const latest = useRef({ query, callbacks });
  useEffect(() => {
    latest.current = { query, callbacks };
  });

  useEffect(() => {
    setEntries(outbox?.list() ?? []);
    if (!outbox) return undefined;
    const unsubscribe = outbox.subscribe(setEntries);
    const ofThisChat = (entry: OutboxEntry) =>
      queuedChatMessages([{ ...entry, state: 'pending' }], latest.current.query);
    const onSent = ({ entry }: OutboxEventMap['sent']) => {
      const result = entry.result as Communication | undefined;
      if (result?.resourceType === 'Communication' && ofThisChat(entry).length) latest.current.callbacks.onSent(result);
    };
    const onError = ({ entry, error }: OutboxEventMap['error']) => {
      if (ofThisChat(entry).length) latest.current.callbacks.onError(error);
    };
    outbox.addEventListener('sent', onSent);
    outbox.addEventListener('error', onError);
    return () => {
      unsubscribe();
      outbox.removeEventListener('sent', onSent);
      outbox.removeEventListener('error', onError);
    };
  }, [outbox]);

  return useMemo(() => queuedChatMessages(entries, query), [entries, query]);
}
