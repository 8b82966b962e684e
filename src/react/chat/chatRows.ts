// What BaseChat lays out, as rows: a date row at the start of each day, then that day's
// messages. Pure, so grouping and the delivered mark are tested without a DOM.

import type { Communication } from '../../fhir';
import { isOwnMessage } from '../../client/chat';
import { outboxIdentifier } from './queuedMessages';

/** One row of the chat list. */
export type ChatRow =
  | { readonly kind: 'day'; readonly key: string; readonly date: Date }
  | {
      readonly kind: 'message';
      readonly key: string;
      readonly message: Communication;
      readonly own: boolean;
      /** The last of the user's messages that the other side received. */
      readonly delivered: boolean;
    };

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/**
 * The rows of a chat: messages in the order given (sent ascending), each day opened by a date
 * row (local days), and the user's last received message marked delivered.
 */
export function buildChatRows(messages: readonly Communication[], profile: string | undefined): ChatRow[] {
  let deliveredIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (isOwnMessage(messages[i], profile) && messages[i].received) {
      deliveredIndex = i;
      break;
    }
  }
  const rows: ChatRow[] = [];
  let lastDay: string | undefined;
  messages.forEach((message, index) => {
    const sent = message.sent ? new Date(message.sent) : undefined;
    if (sent && !Number.isNaN(sent.getTime())) {
      const day = dayKey(sent);
      if (day !== lastDay) {
        rows.push({ kind: 'day', key: `day:${day}`, date: sent });
        lastDay = day;
      }
    }
    rows.push({
      kind: 'message',
      // A queued message has no id yet: its outbox identifier keeps its row while others arrive.
      key: message.id ?? withPrefix('queued:', outboxIdentifier(message)) ?? `index:${index}`,
      message,
      own: isOwnMessage(message, profile),
      delivered: index === deliveredIndex,
    });
  });
  return rows;
}

const withPrefix = (prefix: string, value: string | undefined): string | undefined =>
  value === undefined ? undefined : prefix + value;
