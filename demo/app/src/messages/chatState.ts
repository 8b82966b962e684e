/** What a chat page shows: the chat itself only with someone who exists, to a user who may message. */
export type ChatState =
  | { readonly kind: 'no-profile' }
  | { readonly kind: 'not-allowed' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'loading' }
  | { readonly kind: 'chat' };

/** What the chat page knows: the signed-in profile, the access policy's answer, and the other person's read. */
export interface ChatInputs {
  readonly hasProfile: boolean;
  /** The access policy lets the user read and send messages (Communication). */
  readonly canMessage: boolean;
  /** The other person's resource has been read. */
  readonly found: boolean;
  /** The server answered not-found for the other person's id. */
  readonly notFound: boolean;
  readonly error?: string | undefined;
}

/**
 * The state of a chat page, first match wins: no profile (the spec's 'Error: Provider profile not
 * found'), messaging not allowed by the user's policy (no Send box), the other person unknown (the
 * not-found state, no chat with nobody), a failed read, still loading, else the chat.
 */
export function chatState({ hasProfile, canMessage, found, notFound, error }: ChatInputs): ChatState {
  if (!hasProfile) return { kind: 'no-profile' };
  if (!canMessage) return { kind: 'not-allowed' };
  if (notFound) return { kind: 'not-found' };
  if (error) return { kind: 'error', message: error };
  if (!found) return { kind: 'loading' };
  return { kind: 'chat' };
}
