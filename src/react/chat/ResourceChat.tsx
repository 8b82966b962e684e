import { forwardRef, useMemo } from 'react';
import { getReferenceString, type Reference, type Resource } from '../../fhir';
import { BaseChat } from './BaseChat';
import type { ThreadChatProps } from './ThreadChat';
import { useChat, type UseChatOptions } from './useChat';

/** Props of {@link ResourceChat}. */
export interface ResourceChatProps extends Omit<ThreadChatProps, 'participants' | 'thread' | 'resource'> {
  /** The resource the comments are about. */
  readonly resource: Resource;
}

function subjectOf(resource: Resource): Reference | undefined {
  if (resource.resourceType === 'Patient') return { reference: getReferenceString(resource) };
  const subject = (resource as { subject?: Reference; patient?: Reference }).subject;
  return subject ?? (resource as { patient?: Reference }).patient;
}

function encounterOf(resource: Resource): Reference | undefined {
  if (resource.resourceType === 'Encounter') return { reference: getReferenceString(resource) };
  const encounter = (resource as { encounter?: Reference }).encounter;
  return encounter?.reference ? { reference: encounter.reference } : undefined;
}

/**
 * A comment thread on any resource: Communications basedOn it,
 * carrying its encounter where it has one, live like ThreadChat.
 */
export const ResourceChat = /* @__PURE__ */ forwardRef<HTMLDivElement, ResourceChatProps>(function ResourceChat(
  { resource, pageSize, onMessageReceived, messages, ...rest },
  ref
) {
  const reference = resource.id ? getReferenceString(resource) : undefined;
  const chat = useChat({
    query: reference ? `based-on=${reference}` : undefined,
    pageSize,
    onMessageReceived,
    messages,
  });
  const newMessage = useMemo<UseChatOptions['newMessage']>(
    () =>
      reference
        ? { basedOn: [{ reference }], encounter: encounterOf(resource), subject: subjectOf(resource) }
        : undefined,
    [reference, resource]
  );
  return (
    <BaseChat
      ref={ref}
      {...rest}
      messages={messages}
      communications={chat.data}
      queuedState={chat.queuedState}
      profile={chat.profile}
      loading={chat.loading}
      hasOlder={chat.hasOlder}
      loadingOlder={chat.loadingOlder}
      onLoadOlder={chat.loadOlder}
      onSend={(text) => chat.send(text, newMessage)}
      data-connection={chat.connection}
    />
  );
});
