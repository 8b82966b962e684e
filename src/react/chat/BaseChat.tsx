import {
  measureElement as measureRow,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  forwardRef,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Communication } from '../../fhir';
import type { OutboxState } from '../../client/offline/outbox-entry';
import { defaultOfflineMessages } from '../offline/offlineMessages';
import { buildChatRows, type ChatRow } from './chatRows';
import { CHAT_HEIGHT, defaultChatMessages, type ChatMessages } from './chatMessages';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

/** Every part of a chat; the default class of a part is `fpk-${slot}`. */
export const ChatSlot = {
  Root: 'chat',
  Header: 'chat-header',
  Title: 'chat-title',
  List: 'chat-list',
  Day: 'chat-day',
  Message: 'chat-message',
  Sender: 'chat-sender',
  Bubble: 'chat-bubble',
  Time: 'chat-time',
  Delivered: 'chat-delivered',
  /** A queued message's status: saved on the device, or sending. */
  Queued: 'chat-queued',
  Status: 'chat-status',
  Form: 'chat-form',
  Input: 'chat-input',
  Send: 'chat-send',
} as const;

/** A part's name, e.g. 'chat-bubble'. */
export type ChatSlotName = (typeof ChatSlot)[keyof typeof ChatSlot];

/** Props of {@link BaseChat}. */
export interface BaseChatProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'onSubmit'> {
  /** Heading of the chat. */
  readonly title: ReactNode;
  /** Heading level of the title. Default 2. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** The messages, ordered by sent time ascending (mergeChatMessages does that). */
  readonly communications: readonly Communication[];
  /**
   * Where a message waiting in the client's outbox stands (useChat's queuedState): its row gets
   * `data-queued` and says 'Saved on this device; will send when you are back online', or
   * 'Sending…' while it goes out. Undefined for a message the server has.
   */
  readonly queuedState?: (message: Communication) => OutboxState | undefined;
  /** The current user's reference ('Patient/1'); their messages show on the right. */
  readonly profile?: string;
  /** The first page is loading. */
  readonly loading?: boolean;
  /** Older messages exist; scrolling to the top asks for them with onLoadOlder. */
  readonly hasOlder?: boolean;
  /** An older page is loading. */
  readonly loadingOlder?: boolean;
  /** Asks for the page before the oldest message shown. */
  readonly onLoadOlder?: () => void;
  /**
   * Sends a message. The input is cleared when it resolves to anything but false; when it
   * rejects or resolves false the typed text stays.
   */
  readonly onSend?: (text: string) => Promise<unknown> | unknown;
  /** Replies are disabled: the input shows 'Replies are disabled'. */
  readonly inputDisabled?: boolean;
  /** Height in pixels. Default 600. */
  readonly height?: number;
  /** Locale for dates and times. Default: the provider's, else the browser's. */
  readonly locale?: string;
  /** The name shown for a sender; default the reference's display. */
  readonly senderName?: (message: Communication) => string | undefined;
  readonly messages?: Partial<ChatMessages>;
  readonly classNames?: SlotClassNames<ChatSlotName>;
}

const ESTIMATED_DAY_HEIGHT = 40;
const ESTIMATED_MESSAGE_HEIGHT = 84;
/** Scrolled this close to the top, an older page is asked for. */
const LOAD_OLDER_THRESHOLD_PX = 200;
/** Scrolled this close to the bottom, a new message keeps the view at the bottom. */
const STICK_TO_BOTTOM_PX = 120;

function useSlots(classNames: BaseChatProps['classNames']) {
  return useMemo(() => {
    const slots = {} as Record<ChatSlotName, string>;
    for (const slot of Object.values(ChatSlot)) slots[slot] = slotClassName(slot, classNames);
    return slots;
  }, [classNames]);
}

/**
 * A chat panel: title, messages grouped by day with dates, each with its time, the user's own
 * on the right, their last received one marked delivered, and an input. Only the rows on
 * screen are in the DOM, so a conversation of thousands of messages paints as fast as a short
 * one. It shows what it is given; ThreadChat and ResourceChat fetch and send.
 */
export const BaseChat = /* @__PURE__ */ forwardRef<HTMLDivElement, BaseChatProps>(function BaseChat(
  {
    title,
    headingLevel = 2,
    communications,
    queuedState,
    profile,
    loading,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    onSend,
    inputDisabled,
    height = CHAT_HEIGHT,
    locale: localeProp,
    senderName,
    messages: userMessages,
    classNames,
    className,
    style,
    ...rest
  },
  ref
) {
  const locale = useLocale(localeProp);
  const messages = useMessages('chat', defaultChatMessages, userMessages);
  // A queued row's status in the offline family's words; read here, not through PendingWriteStatus,
  // because BaseChat shows what it is given and needs no FhirProvider.
  const offline = useMessages('offline', defaultOfflineMessages);
  const slots = useSlots(classNames);
  const rows = useMemo(() => buildChatRows(communications, profile), [communications, profile]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const Heading = `h${headingLevel}` as const;

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }), [locale]);
  const dateTimeFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale]
  );

  const estimateSize = (index: number) =>
    rows[index]?.kind === 'day' ? ESTIMATED_DAY_HEIGHT : ESTIMATED_MESSAGE_HEIGHT;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    // A row not laid out (0 high) keeps its estimate, so a hidden chat does not count every row as on screen.
    measureElement: (element, entry, instance) =>
      measureRow(element, entry, instance) || estimateSize(Number(element.getAttribute('data-index'))),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    // Before layout (a hidden tab, a test DOM) the list measures 0 high; the configured height
    // stands in, so the newest messages are rendered rather than none.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : { ...rect, height })),
  });

  useKeepScrollPosition(virtualizer, rows, scrollRef);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasOlder || loadingOlder || !onLoadOlder) return;
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const nameOf = (message: Communication, own: boolean): string => {
    if (!message.sender) return messages.unknownSender;
    if (own) return messages.you;
    return senderName?.(message) ?? message.sender.display ?? message.sender.reference ?? messages.unknownSender;
  };

  const renderRow = (row: ChatRow): ReactNode => {
    if (row.kind === 'day') {
      return (
        <div className={slots['chat-day']}>
          <time dateTime={row.date.toISOString().slice(0, 10)}>{dateFormat.format(row.date)}</time>
        </div>
      );
    }
    const { message, own, delivered } = row;
    const sent = message.sent ? new Date(message.sent) : undefined;
    const text = message.payload?.map((p) => p.contentString ?? '').join('\n') ?? '';
    const queued = queuedState?.(message);
    return (
      <div
        className={slots['chat-message']}
        data-own={own || undefined}
        data-status={message.status}
        data-queued={queued}
      >
        <div className={slots['chat-sender']}>{nameOf(message, own)}</div>
        <div className={slots['chat-bubble']}>{text}</div>
        {sent && !Number.isNaN(sent.getTime()) && (
          <time className={slots['chat-time']} dateTime={message.sent}>
            {timeFormat.format(sent)}
          </time>
        )}
        {queued && (
          <div className={slots['chat-queued']} data-state={queued}>
            {queued === 'sending' ? offline.sending : offline.savedOnDevice}
          </div>
        )}
        {delivered && message.received && (
          <div className={slots['chat-delivered']}>
            {messages.delivered}{' '}
            <time dateTime={message.received}>{dateTimeFormat.format(new Date(message.received))}</time>
          </div>
        )}
      </div>
    );
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={ref}
      className={className ? `${slots.chat} ${className}` : slots.chat}
      data-loading={loading || undefined}
      data-disabled={inputDisabled || undefined}
      style={{ ...style, ['--fpk-chat-height' as string]: `${height}px` }}
      {...rest}
    >
      <div className={slots['chat-header']}>
        <Heading className={slots['chat-title']}>{title}</Heading>
      </div>
      <div
        ref={scrollRef}
        className={slots['chat-list']}
        role="log"
        aria-label={messages.listLabel}
        aria-busy={loading || loadingOlder || undefined}
        // Focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        onScroll={onScroll}
      >
        {loadingOlder && <p className={slots['chat-status']}>{messages.loadingOlder}</p>}
        {rows.length === 0 ? (
          <p className={slots['chat-status']} role="status">
            {loading ? messages.loading : messages.empty}
          </p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {items.map((item) => (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                {renderRow(rows[item.index])}
              </div>
            ))}
          </div>
        )}
      </div>
      <ChatInput
        slots={slots}
        messages={messages}
        disabled={inputDisabled}
        onSend={onSend}
        onSent={() => virtualizer.scrollToIndex(rows.length, { align: 'end' })}
      />
    </div>
  );
});

/**
 * Keeps the view where the user expects it: at the bottom on the first page and when a new
 * message arrives while they are near the bottom; on the same message when older ones are
 * put above it.
 */
function useKeepScrollPosition(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  rows: ChatRow[],
  scrollRef: RefObject<HTMLDivElement | null>
): void {
  const previous = useRef<{ first?: string; last?: string; count: number; totalSize: number; scrollTop: number }>({
    count: 0,
    totalSize: 0,
    scrollTop: 0,
  });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const first = rows[0]?.key;
    const last = rows[rows.length - 1]?.key;
    const before = previous.current;
    const totalSize = virtualizer.getTotalSize();
    if (element && rows.length > 0) {
      if (before.count === 0) {
        virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      } else if (first !== before.first && last === before.last) {
        // Older messages went in above: move down by what they added.
        element.scrollTop = before.scrollTop + (totalSize - before.totalSize);
      } else if (last !== before.last) {
        const nearBottom = before.totalSize - (before.scrollTop + element.clientHeight) < STICK_TO_BOTTOM_PX;
        if (nearBottom) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      }
    }
    previous.current = { first, last, count: rows.length, totalSize, scrollTop: element?.scrollTop ?? 0 };
  });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const onScroll = () => {
      previous.current = { ...previous.current, scrollTop: element.scrollTop, totalSize: virtualizer.getTotalSize() };
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef, virtualizer]);
}

interface ChatInputProps {
  slots: Record<ChatSlotName, string>;
  messages: ChatMessages;
  disabled?: boolean;
  onSend?: BaseChatProps['onSend'];
  onSent: () => void;
}

function ChatInput({ slots, messages, disabled, onSend, onSent }: ChatInputProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || disabled || sending || !onSend) return;
    setSending(true);
    try {
      const result = await onSend(value);
      // Only a send that did not fail empties the input: a failed one keeps what was typed.
      if (result !== false) {
        setText((current) => (current === text ? '' : current));
        onSent();
      }
    } catch {
      // The caller reports the failure (onSend shows it); the text stays for another try.
    } finally {
      setSending(false);
    }
  };
  return (
    <form className={slots['chat-form']} onSubmit={submit}>
      <input
        className={`fpk-input ${slots['chat-input']}`}
        type="text"
        aria-label={messages.inputLabel}
        placeholder={disabled ? messages.disabledPlaceholder : messages.placeholder}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        className={`fpk-button ${slots['chat-send']}`}
        type="submit"
        disabled={disabled || !text.trim()}
        aria-busy={sending || undefined}
      >
        {messages.send}
      </button>
    </form>
  );
}
