import { forwardRef, useEffect, useState, type HTMLAttributes } from 'react';
import { useMessages } from '../locale/MessagesContext';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { defaultOfflineMessages, type OfflineMessages } from './offlineMessages';
import { type OutboxSummary, useOutbox } from './useOutbox';

/** The parts of the banner, each given the class `fpk-${slot}`. */
export type OfflineBannerSlot = 'offline-banner';

/** What the banner says: offline (nothing waiting), offline with writes waiting, writes going out, or sent once back. */
export type OfflineBannerState = 'offline' | 'waiting' | 'online' | 'sent';

/** What the banner shows: the connection, the writes waiting, the writes sent since it came back. */
export type OfflineStatus = Pick<OutboxSummary, 'online' | 'waiting' | 'sentSinceOffline'>;

/** How long 'Back online. N changes sent.' stays, by default (ms). */
export const SENT_MESSAGE_MS = 10_000;

/** Props of {@link OfflineBanner}. */
export interface OfflineBannerProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * Shows this status instead of the client's outbox and the browser's connection: for an app
   * that learns of the network its own way (a native shell's network plugin, say).
   */
  readonly status?: OfflineStatus;
  /** How long the message that the waiting changes were sent stays (ms; default 10 s). */
  readonly sentMessageMs?: number;
  /** Replaces the banner's texts (family `offline`). */
  readonly messages?: Partial<OfflineMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<OfflineBannerSlot>;
}

/**
 * A status line for the whole portal: offline, and how many changes wait; back online, how many
 * were sent (for `sentMessageMs`). Renders nothing when online with nothing waiting and no news
 * of writes sent. State on `data-state` (offline | waiting | online | sent).
 */
export const OfflineBanner = /* @__PURE__ */ forwardRef<HTMLDivElement, OfflineBannerProps>(function OfflineBanner(
  { messages, classNames, className, status, sentMessageMs = SENT_MESSAGE_MS, ...rest },
  ref
) {
  const texts = useMessages('offline', defaultOfflineMessages, messages);
  const fromOutbox = useOutbox();
  const { online, waiting, sentSinceOffline } = status ?? fromOutbox;
  // The 'sent' message is news, not a state to keep showing: it goes after a while, and comes back
  // only when more writes are sent (a count it has not shown yet).
  const [sentShown, setSentShown] = useState(0);
  const sentIsNew = online && waiting === 0 && sentSinceOffline > sentShown;
  useEffect(() => {
    if (!sentIsNew) return;
    const timer = setTimeout(() => setSentShown(sentSinceOffline), sentMessageMs);
    return () => clearTimeout(timer);
  }, [sentIsNew, sentSinceOffline, sentMessageMs]);
  useEffect(() => {
    // A new time offline starts the count again.
    if (!online) setSentShown(0);
  }, [online]);
  let state: OfflineBannerState;
  let text: string;
  if (!online) [state, text] = waiting > 0 ? ['waiting', texts.offlineWaiting(waiting)] : ['offline', texts.offline];
  // Back online with writes still going out: they are being sent now.
  else if (waiting > 0) [state, text] = ['online', texts.sending];
  else if (sentIsNew) [state, text] = ['sent', texts.sentBack(sentSinceOffline)];
  else return null;
  return (
    <div
      role="status"
      {...rest}
      ref={ref}
      data-state={state}
      className={slotClassName('offline-banner', classNames, className)}
    >
      {text}
    </div>
  );
});
