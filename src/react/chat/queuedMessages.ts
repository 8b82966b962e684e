// The messages of a chat that wait in the client's outbox (written offline), as the chat shows
// them: pure, so which entries belong to a thread and when a queued row gives way to the server's
// copy are tested without a DOM.

// Straight from the entry's module: the offline index would bring the IndexedDB store's code along.
import { type OutboxEntry, type OutboxState, outboxIdentifierOf } from '../../client/offline/outbox-entry';
import { matchesSearchRequest, parseSearchRequest, type Communication } from '../../fhir';

/** A message the outbox has not sent yet, with where its write stands. */
export interface QueuedChatMessage {
  readonly message: Communication;
  readonly state: OutboxState;
  /** The outbox identifier's value: the server's copy carries it too. */
  readonly key: string;
}

/** The value of the identifier the client gave a create in the outbox, if any (one Identifier or a list). */
export function outboxIdentifier(resource: object): string | undefined {
  return outboxIdentifierOf(resource);
}

/** True for an entry the server does not have yet; a 'conflict' cannot happen to a create but would still be unsent. */
const isUnsent = (state: OutboxState): boolean => state === 'pending' || state === 'sending' || state === 'conflict';

/**
 * The Communications of this chat (those the chat's search would find) still waiting in the
 * outbox, oldest first. A query the library cannot evaluate matches nothing: an unrelated
 * message is never shown in a thread.
 */
export function queuedChatMessages(entries: readonly OutboxEntry[], query: string | undefined): QueuedChatMessage[] {
  if (!query) return [];
  let request: ReturnType<typeof parseSearchRequest>;
  try {
    request = parseSearchRequest(`Communication?${query}`);
  } catch {
    return [];
  }
  const queued: QueuedChatMessage[] = [];
  for (const entry of entries) {
    const message = entry.body as Communication | undefined;
    if (entry.kind !== 'create' || entry.resourceType !== 'Communication' || !message || !isUnsent(entry.state))
      continue;
    const key = outboxIdentifier(message);
    if (key && matchesSearchRequest(message, request)) queued.push({ message, state: entry.state, key });
  }
  return queued;
}

/**
 * The messages as the chat lays them out: the server's, then each queued one the server's do
 * not include yet (by outbox identifier), ordered by sent time. So a message is shown once,
 * whether the server's copy came from the live subscription, a re-search or the outbox's answer.
 */
export function withQueuedMessages(messages: Communication[], queued: readonly QueuedChatMessage[]): Communication[] {
  if (queued.length === 0) return messages;
  const onServer = new Set(messages.map(outboxIdentifier).filter(Boolean));
  const waiting = queued.filter((q) => !onServer.has(q.key)).map((q) => q.message);
  if (waiting.length === 0) return messages;
  const time = (m: Communication) => (m.sent ? Date.parse(m.sent) : Number.POSITIVE_INFINITY);
  // Stable: messages sent at the same instant keep the server's first, then the queue's order.
  return [...messages, ...waiting].sort((a, b) => time(a) - time(b));
}
