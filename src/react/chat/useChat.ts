import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CHAT_PAGE_SIZE,
  createChatMessage,
  fetchChatPage,
  markChatMessageReceived,
  mergeChatMessages,
  needsReceipt,
  type NewChatMessage,
} from '../../client/chat';
import {
  getDisplayString,
  getReferenceString,
  type Bundle,
  type Communication,
  type OperationOutcomeError,
} from '../../fhir';
import { useProfile } from '../hooks/useProfile';
import { toOutcomeError } from '../primitives/request';
import { useSubscription, type SubscriptionConnectionState } from '../hooks/useSubscription';
import { useFhirClient } from '../FhirProvider';
import { useNotifications } from '../notifications';
import { defaultChatMessages, type ChatMessages } from './chatMessages';
import { useMessages } from '../locale/MessagesContext';
import type { OutboxState } from '../../client/offline/outbox-entry';
import { withQueuedMessages } from './queuedMessages';
import { useQueuedChatMessages } from './useQueuedChatMessages';

/** Options of {@link useChat}. */
export interface UseChatOptions {
  /**
   * The search for the conversation's messages (e.g. participantsQuery(a, b) or
   * 'based-on=ServiceRequest/1'); it is also the live subscription's criteria. Undefined: nothing.
   */
  readonly query: string | undefined;
  /** Fields of a new message besides text, sender and sent: recipient, subject, basedOn, encounter, partOf. */
  readonly newMessage?: Omit<NewChatMessage, 'text' | 'sender' | 'now'>;
  /** Messages per page. Default 100. */
  readonly pageSize?: number;
  /** The toast texts. */
  readonly messages?: Partial<Pick<ChatMessages, 'disconnected' | 'reconnected'>>;
  /** Called for each message that arrives live. */
  readonly onMessageReceived?: (message: Communication) => void;
}

/**
 * What {@link useChat} returns: the state BaseChat shows and the actions it calls; `data`,
 * `loading`, `error` and `refetch` as every loading hook has them.
 */
export interface UseChatResult {
  /**
   * The messages (Communications), sent time ascending, each once; [] while the first page loads.
   * Messages written offline and still in the outbox are among them (see queuedState).
   */
  readonly data: Communication[];
  /** Where a message of `data` that waits in the outbox stands ('pending', 'sending'); undefined for the server's. */
  readonly queuedState: (message: Communication) => OutboxState | undefined;
  readonly loading: boolean;
  /** Why loading the newest page failed, as every loading hook says it. */
  readonly error: OperationOutcomeError | undefined;
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  /** Loads the page before the oldest message shown. */
  readonly loadOlder: () => void;
  /**
   * Sends a message (with `fields`, else the newMessage option); resolves false, after a red
   * 'Error' toast, when it failed. Offline (client offline option) it resolves true at once: the
   * message waits in the outbox, shown as queued, and goes out when the connection is back.
   */
  readonly send: (text: string, fields?: UseChatOptions['newMessage']) => Promise<boolean>;
  /** The live connection's state. */
  readonly connection: SubscriptionConnectionState;
  /** The current user's reference, e.g. 'Patient/1'. */
  readonly profile: string | undefined;
  /** Fetches the newest page again and merges it in. */
  readonly refetch: () => Promise<void>;
}

interface ChatState {
  query: string | undefined;
  communications: Communication[];
  loading: boolean;
  error: OperationOutcomeError | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
}

const initialState = (query: string | undefined): ChatState => ({
  query,
  communications: [],
  loading: !!query,
  error: undefined,
  hasOlder: false,
  loadingOlder: false,
});

/**
 * A live conversation: the newest page
 * fetched newest first and kept by sent time ascending, older pages on request, new messages
 * from the subscription, incoming ones marked received, sending with status in-progress.
 * A dropped connection shows 'Live chat disconnected. Attempting to reconnect...'; when it is
 * back, a green 'Live chat reconnected.' and a refetch, so nothing sent meanwhile is missed
 * and nothing is shown twice. With the client's offline option, a message sent offline shows at
 * once as queued and becomes an ordinary message once the outbox has sent it. Needs a
 * NotificationsProvider.
 */
export function useChat(options: UseChatOptions): UseChatResult {
  const { query, pageSize = CHAT_PAGE_SIZE } = options;
  const client = useFhirClient();
  const notifications = useNotifications();
  const profileResource = useProfile();
  const profile = profileResource ? getReferenceString(profileResource) : undefined;
  const texts = useMessages('chat', defaultChatMessages, options.messages);

  const [state, setState] = useState<ChatState>(() => initialState(query));
  if (state.query !== query) setState(initialState(query));

  const latest = useRef({ options, profile, texts, query });
  useEffect(() => {
    latest.current = { options, profile, texts, query };
  });

  // Adds messages to the list of the query they were fetched for; late answers for another query are dropped.
  const merge = useCallback((forQuery: string | undefined, incoming: Communication[], patch?: Partial<ChatState>) => {
    setState((s) =>
      s.query === forQuery ? { ...s, ...patch, communications: mergeChatMessages(s.communications, incoming) } : s
    );
  }, []);

  const marked = useRef(new Set<string>());
  const markReceived = useCallback(
    (forQuery: string | undefined, list: Communication[]) => {
      for (const message of list) {
        if (!message.id || marked.current.has(message.id) || !needsReceipt(message, latest.current.profile)) continue;
        marked.current.add(message.id);
        markChatMessageReceived(client, message).then(
          (updated) => merge(forQuery, [updated]),
          (error: unknown) => {
            marked.current.delete(message.id as string);
            notifications.showError(error);
          }
        );
      }
    },
    [client, merge, notifications]
  );

  const fetchNewest = useCallback(
    async (forQuery: string, signal?: AbortSignal) => {
      try {
        const page = await fetchChatPage(client, forQuery, { count: pageSize, signal });
        merge(forQuery, page.messages, { loading: false, error: undefined, hasOlder: page.hasOlder });
        markReceived(forQuery, page.messages);
      } catch (error) {
        if (signal?.aborted) return;
        setState((s) => (s.query === forQuery ? { ...s, loading: false, error: toOutcomeError(error) } : s));
      }
    },
    [client, pageSize, merge, markReceived]
  );

  useEffect(() => {
    if (!query) return undefined;
    const controller = new AbortController();
    void fetchNewest(query, controller.signal);
    return () => controller.abort();
  }, [query, fetchNewest]);

  const refetch = useCallback(async () => {
    if (latest.current.query) await fetchNewest(latest.current.query);
  }, [fetchNewest]);

  // The live part: every notification is merged by id, so an echo of our own send or a message
  // the refetch also brought shows once.
  const connectedBefore = useRef(false);
  const disconnectToast = useRef<string | undefined>(undefined);
  const onNotification = useCallback(
    (bundle: Bundle) => {
      const message = bundle.entry?.[1]?.resource as Communication | undefined;
      if (message?.resourceType !== 'Communication') return;
      const forQuery = latest.current.query;
      merge(forQuery, [message]);
      markReceived(forQuery, [message]);
      latest.current.options.onMessageReceived?.(message);
    },
    [merge, markReceived]
  );
  const connection = useSubscription(query ? `Communication?${query}` : undefined, onNotification, {
    onSubscriptionDisconnect: () => {
      if (!connectedBefore.current || disconnectToast.current) return;
      disconnectToast.current = notifications.show({
        message: latest.current.texts.disconnected,
        color: 'red',
        role: 'alert',
        autoClose: false,
      });
    },
    onSubscriptionConnect: () => {
      connectedBefore.current = true;
      const toast = disconnectToast.current;
      if (!toast) return;
      disconnectToast.current = undefined;
      notifications.close(toast);
      notifications.show({ message: latest.current.texts.reconnected, color: 'green', role: 'status' });
      void refetch();
    },
  });
  useEffect(
    () => () => {
      if (disconnectToast.current) notifications.close(disconnectToast.current);
    },
    [notifications]
  );

  // Messages in the outbox: shown until the server's copy (same outbox identifier) is among the
  // messages, which the outbox's own answer brings at once.
  const queued = useQueuedChatMessages(query, {
    onSent: (message) => merge(latest.current.query, [message]),
    onError: (error) => notifications.showError(error),
  });
  const data = useMemo(() => withQueuedMessages(state.communications, queued), [state.communications, queued]);
  const queuedState = useMemo(() => {
    const states = new Map(queued.map((q) => [q.message, q.state]));
    return (message: Communication) => states.get(message);
  }, [queued]);

  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  });
  const loadOlder = useCallback(() => {
    const s = current.current;
    const forQuery = s.query;
    const before = s.communications.find((m) => m.sent)?.sent;
    if (s.loadingOlder || !s.hasOlder || !forQuery || !before) return;
    current.current = { ...s, loadingOlder: true };
    setState((prev) => (prev.query === forQuery ? { ...prev, loadingOlder: true } : prev));
    fetchChatPage(client, forQuery, { count: pageSize, before }).then(
      (page) => {
        merge(forQuery, page.messages, { loadingOlder: false, hasOlder: page.hasOlder });
        markReceived(forQuery, page.messages);
      },
      (error: unknown) => {
        setState((prev) => (prev.query === forQuery ? { ...prev, loadingOlder: false } : prev));
        notifications.showError(error);
      }
    );
  }, [client, pageSize, merge, markReceived, notifications]);

  const send = useCallback(
    async (text: string, fields?: UseChatOptions['newMessage']): Promise<boolean> => {
      const { profile: me, query: forQuery, options: opts } = latest.current;
      try {
        if (!me) throw new Error(latest.current.texts.noProfile);
        const created = await createChatMessage(client, {
          ...(fields ?? opts.newMessage),
          text,
          sender: { reference: me, display: profileResource ? getDisplayString(profileResource) : undefined },
        });
        // Without an id the message was queued (offline): the outbox shows it until it is sent.
        if (created.id) merge(forQuery, [created]);
        return true;
      } catch (error) {
        notifications.showError(error);
        return false;
      }
    },
    [client, merge, notifications, profileResource]
  );

  return {
    data,
    queuedState,
    loading: state.loading,
    error: state.error,
    hasOlder: state.hasOlder,
    loadingOlder: state.loadingOlder,
    loadOlder,
    send,
    connection,
    profile,
    refetch,
  };
}
