/** Every text the chat components show; replace any through the `messages` prop. */
export interface ChatMessages {
  /** Placeholder of the message input. */
  readonly placeholder: string;
  /** Placeholder when replies are disabled. */
  readonly disabledPlaceholder: string;
  /** Accessible name of the message input. */
  readonly inputLabel: string;
  /** The send button. */
  readonly send: string;
  /** Shown for a message without a sender. */
  readonly unknownSender: string;
  /** Shown for the user's own messages instead of their name. */
  readonly you: string;
  /** Before the delivered time of the user's last received message. */
  readonly delivered: string;
  /** While the first page loads. */
  readonly loading: string;
  /** While an older page loads. */
  readonly loadingOlder: string;
  /** When the conversation has no messages. */
  readonly empty: string;
  /** Accessible name of the message list. */
  readonly listLabel: string;
  /** Toast when the live connection drops. */
  readonly disconnected: string;
  /** Toast when it is back. */
  readonly reconnected: string;
  /** When the user has no profile to chat as. */
  readonly noProfile: string;
}

/** The default English texts. */
export const defaultChatMessages: ChatMessages = {
  placeholder: 'Type a message...',
  disabledPlaceholder: 'Replies are disabled',
  inputLabel: 'Message',
  send: 'Send',
  unknownSender: '[Unknown sender]',
  you: 'You',
  delivered: 'Delivered',
  loading: 'Loading messages...',
  loadingOlder: 'Loading older messages...',
  empty: 'No messages yet.',
  listLabel: 'Messages',
  disconnected: 'Live chat disconnected. Attempting to reconnect...',
  reconnected: 'Live chat reconnected.',
  noProfile: 'Error: Provider profile not found',
};

/** The chat height, in pixels. */
export const CHAT_HEIGHT = 600;
