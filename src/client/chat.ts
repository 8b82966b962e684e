// Chat over Communication resources: the chat search, paging to older messages, sending, marking received, and the pure
// list operations every chat view needs (merge by id, order by sent time).

import { getReferenceString } from '../fhir/references';
import type { Communication, Reference, Resource } from '../fhir/types';
import type { RequestOptions } from './transport';
import { getQueryString, type QueryTypes, type ResourceArray } from './query';

/** How many messages one chat page asks for. */
export const CHAT_PAGE_SIZE = 100;

/** The client calls the chat helpers use; FhirClient has them. */
export interface ChatClient {
  searchResources(
    resourceType: 'Communication',
    query: URLSearchParams,
    options?: RequestOptions
  ): Promise<ResourceArray<Communication>>;
  createResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T>;
  updateResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T>;
}

/** Options of {@link chatSearchParams}. */
export interface ChatPageOptions {
  /** Page size. Default 100. */
  readonly count?: number;
  /** Only messages sent before this instant (the oldest one shown), for loading older pages. */
  readonly before?: string;
}

/**
 * The chat search: the caller's query plus `_sort=-sent` and
 * `sent:missing=false`, newest first, one page.
 */
export function chatSearchParams(query: QueryTypes, options: ChatPageOptions = {}): URLSearchParams {
  const params = new URLSearchParams(getQueryString(query));
  params.set('_sort', '-sent');
  params.set('sent:missing', 'false');
  params.set('_count', String(options.count ?? CHAT_PAGE_SIZE));
  if (options.before) params.append('sent', `lt${options.before}`);
  return params;
}

/** One page of a chat, newest first as the server sent it. */
export interface ChatPage {
  readonly messages: Communication[];
  /** True when the page was full, so older messages may exist. */
  readonly hasOlder: boolean;
}

/** Fetches one page of a chat (newest first), skipping the client's request cache. */
export async function fetchChatPage(
  client: ChatClient,
  query: QueryTypes,
  options: ChatPageOptions & { signal?: AbortSignal } = {}
): Promise<ChatPage> {
  const count = options.count ?? CHAT_PAGE_SIZE;
  const messages = await client.searchResources('Communication', chatSearchParams(query, options), {
    cache: 'reload',
    signal: options.signal,
  });
  return { messages: [...messages], hasOlder: messages.length >= count };
}

/**
 * The query for the messages between two participants: sender and
 * recipient each one of the two.
 */
export function participantsQuery(a: Reference | Resource, b: Reference | Resource): string {
  const pair = `${refString(a)},${refString(b)}`;
  return `sender=${pair}&recipient=${pair}`;
}

function refString(value: Reference | Resource): string {
  return 'resourceType' in value ? getReferenceString(value) : (value.reference ?? '');
}

/** What a new chat message says and where it belongs. */
export interface NewChatMessage {
  readonly text: string;
  readonly sender: Reference;
  readonly recipient?: Reference[];
  readonly subject?: Reference;
  /** The resource a comment thread is about. */
  readonly basedOn?: Reference[];
  readonly encounter?: Reference;
  /** The thread's parent Communication. */
  readonly partOf?: Reference[];
  /** The clock. Default: now. */
  readonly now?: Date;
}

/** Creates a message with status in-progress and sent now. */
export function createChatMessage(
  client: ChatClient,
  message: NewChatMessage,
  options?: RequestOptions
): Promise<Communication> {
  const { text, now = new Date(), ...references } = message;
  const communication: Communication = {
    resourceType: 'Communication',
    status: 'in-progress',
    sent: now.toISOString(),
    payload: [{ contentString: text }],
  };
  for (const [key, value] of Object.entries(references)) {
    if (value !== undefined) (communication as unknown as Record<string, unknown>)[key] = value;
  }
  return client.createResource(communication, options);
}

/** Marks an incoming message received now: status completed, received set. */
export function markChatMessageReceived(
  client: ChatClient,
  message: Communication,
  now: Date = new Date(),
  options?: RequestOptions
): Promise<Communication> {
  return client.updateResource({ ...message, status: 'completed', received: now.toISOString() }, options);
}

/** True when `message` was sent by `profile` (a reference string such as 'Patient/1'). */
export function isOwnMessage(message: Communication, profile: string | undefined): boolean {
  return !!profile && message.sender?.reference === profile;
}

/** True for an incoming message nobody has marked received yet. */
export function needsReceipt(message: Communication, profile: string | undefined): boolean {
  return !!profile && !message.received && !!message.sender && !isOwnMessage(message, profile);
}

function sentTime(message: Communication): number {
  const time = message.sent ? Date.parse(message.sent) : NaN;
  return Number.isNaN(time) ? Infinity : time;
}

function version(message: Communication): number {
  const time = message.meta?.lastUpdated ? Date.parse(message.meta.lastUpdated) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

/**
 * Merges messages into a list by id, keeping the newer version of each, ordered by sent time
 * ascending, so a message that arrives twice (echo, refetch after a
 * reconnect) is shown once.
 */
export function mergeChatMessages(
  current: readonly Communication[],
  incoming: readonly Communication[]
): Communication[] {
  const byId = new Map<string, Communication>();
  const withoutId: Communication[] = [];
  for (const message of [...current, ...incoming]) {
    if (!message.id) {
      withoutId.push(message);
      continue;
    }
    const known = byId.get(message.id);
    if (!known || version(message) >= version(known)) byId.set(message.id, message);
  }
  return [...byId.values(), ...withoutId].sort((a, b) => sentTime(a) - sentTime(b));
}
