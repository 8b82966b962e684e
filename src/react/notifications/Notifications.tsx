import { forwardRef, useEffect, useState, type HTMLAttributes } from 'react';
import { createPortal } from 'react-dom';
import type { NotificationData } from './notificationsReducer';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useMessages } from '../locale/MessagesContext';

/** Texts of the toast stack that are not the toasts' own. */
export interface NotificationsMessages {
  /** Accessible name of the region holding the toasts. Default 'Notifications'. */
  readonly region: string;
  /** Accessible name of each toast's close button. Default 'Close notification'. */
  readonly close: string;
}

/** The default English texts. */
export const defaultNotificationsMessages: NotificationsMessages = {
  region: 'Notifications',
  close: 'Close notification',
};

/** The parts of the toast stack, each given the class `fpk-${slot}`. */
export type NotificationsSlot =
  | 'notifications'
  | 'notification'
  | 'notification-body'
  | 'notification-title'
  | 'notification-message'
  | 'notification-close';

/** Where on screen the stack sits. */
export type NotificationsPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** Props of {@link Notifications}; other HTML attributes go to the stack's `<section>`. */
export interface NotificationsProps extends Omit<
  HTMLAttributes<HTMLElement>,
  'onPause' | 'onClose' | 'onResume' | 'children'
> {
  /** The toasts, oldest first. */
  readonly notifications: readonly NotificationData[];
  readonly onClose: (id: string) => void;
  /** Called when the pointer or focus enters a toast, to hold its auto-close clock. */
  readonly onPause?: (id: string) => void;
  /** Called when the pointer or focus leaves a toast. */
  readonly onResume?: (id: string) => void;
  /** Corner of the viewport. Default 'bottom-right'. */
  readonly position?: NotificationsPosition;
  /** Where the stack is rendered; default document.body. Null renders it in place. */
  readonly container?: Element | null;
  readonly messages?: Partial<NotificationsMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<NotificationsSlot>;
}

/**
 * The styled toast stack: a labelled region of role=alert / role=status toasts with close
 * buttons. The ref is the stack's `<section>`.
 */
export const Notifications = /* @__PURE__ */ forwardRef<HTMLElement, NotificationsProps>(function Notifications(
  {
    notifications,
    onClose,
    onPause,
    onResume,
    position = 'bottom-right',
    container,
    messages: userMessages,
    className,
    classNames,
    ...attributes
  },
  ref
) {
  const messages = useMessages('notifications', defaultNotificationsMessages, userMessages);
  // Portals need the DOM; render after mount so server and first client render agree.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const cls = (slot: NotificationsSlot, extra?: string) => slotClassName(slot, classNames, extra);

  const stack = (
    <section
      aria-label={messages.region}
      {...attributes}
      ref={ref}
      className={cls('notifications', className)}
      data-position={position}
    >
      {notifications.map((n) => (
        <div
          key={n.id}
          className={cls('notification')}
          role={n.role}
          data-color={n.color}
          onMouseEnter={onPause && (() => onPause(n.id))}
          onMouseLeave={onResume && (() => onResume(n.id))}
          onFocus={onPause && (() => onPause(n.id))}
          onBlur={onResume && (() => onResume(n.id))}
        >
          <div className={cls('notification-body')}>
            {n.title ? <p className={cls('notification-title')}>{n.title}</p> : null}
            <p className={cls('notification-message')}>{n.message}</p>
          </div>
          <button
            type="button"
            className={cls('notification-close')}
            aria-label={messages.close}
            onClick={() => onClose(n.id)}
          >
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );

  if (container === null) return stack;
  if (!mounted) return null;
  const target = container ?? (typeof document !== 'undefined' ? document.body : null);
  return target ? createPortal(stack, target) : null;
});
