import { useEffect, useMemo, useRef } from 'react';
import type { OutboxEntry, OutboxEventMap } from '../../client/offline';
import type { Communication } from '../../fhir';
import { useOutbox } from '../offline/useOutbox';
import { queuedChatMessages, type QueuedChatMessage } from './queuedMessages';

/** What the chat hears from the outbox besides the list. */
export interface QueuedChatCallbacks {
  /** The server has a message the outbox sent: its copy, to show as an ordinary message. */
  readonly onSent: (message: Communication) => void;
  /** The server refused a queued message for good. */
  readonly onError: (error: unknown) => void;
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
  const { entries, outbox } = useOutbox();
  const latest = useRef({ query, callbacks });
  useEffect(() => {
    latest.current = { query, callbacks };
  });

  useEffect(() => {
    if (!outbox) return undefined;
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
      outbox.removeEventListener('sent', onSent);
      outbox.removeEventListener('error', onError);
    };
  }, [outbox]);

  return useMemo(() => queuedChatMessages(entries, query), [entries, query]);
}
