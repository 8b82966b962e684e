import { forwardRef, useMemo } from 'react';
import { participantsQuery } from '../../client/chat';
import { getReferenceString, type Communication, type Reference } from '../../fhir';
import { BaseChat, type BaseChatProps } from './BaseChat';
import { defaultChatMessages } from './chatMessages';
import { useChat, type UseChatOptions } from './useChat';
import { useMessages } from '../locale/MessagesContext';

/** Props of {@link ThreadChat}: one thread, or the pair of participants whose messages it shows. */
export interface ThreadChatProps extends Omit<
  BaseChatProps,
  'communications' | 'queuedState' | 'profile' | 'loading' | 'hasOlder' | 'loadingOlder' | 'onLoadOlder' | 'onSend'
> {
  /** The two people of the conversation: messages whose sender and recipient are each one of them. */
  readonly participants?: readonly [Reference, Reference];
  /** A thread's parent Communication: the messages that are partOf it. */
  readonly thread?: Communication;
  /** Messages per page. Default 100. */
  readonly pageSize?: number;
  /** Called for each message that arrives live. */
  readonly onMessageReceived?: UseChatOptions['onMessageReceived'];
}

function others(references: (Reference | undefined)[], me: string | undefined): Reference[] {
  const seen = new Set<string>();
  const out: Reference[] = [];
  for (const reference of references) {
    const key = reference?.reference;
    if (!reference || !key || key === me || seen.has(key)) continue;
    seen.add(key);
    out.push({ reference: key, ...(reference.display ? { display: reference.display } : {}) });
  }
  return out;
}

/**
 * A live chat for one thread or one pair of participants, over BaseChat: fetched with the
 * chat search (`_sort=-sent`, `sent:missing=false`), kept live through a subscription,
 * replying to the other participants. Needs a FhirProvider and a NotificationsProvider.
 */
export const ThreadChat = /* @__PURE__ */ forwardRef<HTMLDivElement, ThreadChatProps>(function ThreadChat(
  { participants, thread, pageSize, onMessageReceived, messages, ...rest },
  ref
) {
  const { noProfile } = useMessages('chat', defaultChatMessages, messages);
  const first = participants?.[0]?.reference;
  const second = participants?.[1]?.reference;
  const threadId = thread?.id;
  const query = threadId
    ? `part-of=Communication/${threadId}`
    : first && second
      ? participantsQuery({ reference: first }, { reference: second })
      : undefined;

  const chat = useChat({ query, pageSize, onMessageReceived, messages });
  const me = chat.profile;
  const newMessage = useMemo<UseChatOptions['newMessage']>(() => {
    if (thread?.id) {
      return {
        partOf: [{ reference: getReferenceString(thread) }],
        recipient: others([...(thread.recipient ?? []), thread.sender], me),
        subject: thread.subject,
      };
    }
    if (!participants) return undefined;
    return {
      recipient: others([...participants], me),
      subject: participants.find((p) => p.reference?.startsWith('Patient/')),
    };
  }, [thread, participants, me]);

  if (!me && !chat.loading) {
    // Signed out the chat is one message, still on a root that takes the ref and the caller's
    // attributes, as the chat does.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { className, title, headingLevel, inputDisabled, height, locale, senderName, classNames, ...attributes } =
      rest;
    return (
      <div {...attributes} ref={ref} className={['fpk-chat-error', className].filter(Boolean).join(' ')}>
        <p role="alert">{noProfile}</p>
      </div>
    );
  }
  return (
    <BaseChat
      ref={ref}
      {...rest}
      messages={messages}
      communications={chat.data}
      queuedState={chat.queuedState}
      profile={me}
      loading={chat.loading}
      hasOlder={chat.hasOlder}
      loadingOlder={chat.loadingOlder}
      onLoadOlder={chat.loadOlder}
      onSend={(text) => chat.send(text, newMessage)}
      data-connection={chat.connection}
    />
  );
});
