import { forwardRef, type HTMLAttributes } from 'react';
import { useMessages } from '../locale/MessagesContext';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { defaultOfflineMessages, type OfflineMessages } from './offlineMessages';
import { useOutbox } from './useOutbox';

/** The parts of the banner, each given the class `fpk-${slot}`. */
export type OfflineBannerSlot = 'offline-banner';

/** What the banner says: offline (nothing waiting), offline with writes waiting, writes going out, or sent once back. */
export type OfflineBannerState = 'offline' | 'waiting' | 'online' | 'sent';

/** Props of {@link OfflineBanner}. */
export interface OfflineBannerProps extends HTMLAttributes<HTMLDivElement> {
  /** Replaces the banner's texts (family `offline`). */
  readonly messages?: Partial<OfflineMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<OfflineBannerSlot>;
}

/**
 * A status line for the whole portal: offline, and how many changes wait; back online, how many
 * were sent. Renders nothing when online with nothing waiting and nothing sent since the
 * connection came back. State on `data-state` (offline | waiting | online | sent).
 */
export const OfflineBanner = /* @__PURE__ */ forwardRef<HTMLDivElement, OfflineBannerProps>(function OfflineBanner(
  { messages, classNames, className, ...rest },
  ref
) {
  const texts = useMessages('offline', defaultOfflineMessages, messages);
  const { online, waiting, sentSinceOffline } = useOutbox();
  let state: OfflineBannerState;
  let text: string;
  if (!online) [state, text] = waiting > 0 ? ['waiting', texts.offlineWaiting(waiting)] : ['offline', texts.offline];
  // Back online with writes still going out: they are being sent now.
  else if (waiting > 0) [state, text] = ['online', texts.sending];
  else if (sentSinceOffline > 0) [state, text] = ['sent', texts.sentBack(sentSinceOffline)];
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
