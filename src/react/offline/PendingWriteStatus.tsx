import { forwardRef, type HTMLAttributes } from 'react';
import type { OutboxState } from '../../client';
import { useMessages } from '../locale/MessagesContext';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { defaultOfflineMessages, type OfflineMessages } from './offlineMessages';
import { useQueuedWrite } from './useQueuedWrite';

/** The parts of the status, each given the class `fpk-${slot}`. */
export type PendingWriteStatusSlot = 'pending-write';

/** Props of {@link PendingWriteStatus}. */
export interface PendingWriteStatusProps extends HTMLAttributes<HTMLSpanElement> {
  /** What a write answered (createResource, updateResource...): its outbox entry's state is shown, live. */
  readonly value?: unknown;
  /** The state to show, when the caller follows it itself (wins over `value`). */
  readonly state?: OutboxState;
  /** Replaces the texts (family `offline`). */
  readonly messages?: Partial<OfflineMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<PendingWriteStatusSlot>;
}

/**
 * Where a write stands when it could not go straight to the server: 'Saved on this device; will
 * send when you are back online' while it waits, 'Sending…' while it goes, the conflict's title
 * when the server had a newer version. Renders nothing once sent (or for a write that was never
 * queued). State on `data-state` (pending | sending | conflict).
 */
export const PendingWriteStatus = /* @__PURE__ */ forwardRef<HTMLSpanElement, PendingWriteStatusProps>(
  function PendingWriteStatus({ value, state: given, messages, classNames, className, ...rest }, ref) {
    const texts = useMessages('offline', defaultOfflineMessages, messages);
    const live = useQueuedWrite(given ? undefined : value);
    const state = given ?? live;
    const text =
      state === 'pending'
        ? texts.savedOnDevice
        : state === 'sending'
          ? texts.sending
          : state === 'conflict'
            ? texts.conflictTitle
            : undefined;
    if (!text) return null;
    return (
      <span
        role="status"
        {...rest}
        ref={ref}
        data-state={state}
        className={slotClassName('pending-write', classNames, className)}
      >
        {text}
      </span>
    );
  }
);
