import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { normalizeErrorString } from '../../fhir';
import type { NotificationsStateReducer } from './notificationsReducer';
import {
  Notifications,
  defaultNotificationsMessages,
  type NotificationsMessages,
  type NotificationsPosition,
  type NotificationsSlot,
} from './Notifications';
import { useNotificationsStore, type NotificationsStore } from './useNotificationsStore';
import type { SlotClassNames } from '../primitives/classNames';
import { useMessages } from '../locale/MessagesContext';

/** Every text the notifications show besides the app's own. */
export interface NotificationsProviderMessages extends NotificationsMessages {
  /** Title of the toast `showError` opens. Default 'Error'. */
  readonly errorTitle: string;
}

/** The default English texts. */
export const defaultNotificationsProviderMessages: NotificationsProviderMessages = {
  ...defaultNotificationsMessages,
  errorTitle: 'Error',
};

/** What {@link useNotifications} returns. */
export interface NotificationsApi extends Pick<NotificationsStore, 'show' | 'close' | 'clear'> {
  /** Shows a red 'Error' toast with the error's message (any thrown value or OperationOutcome). */
  readonly showError: (error: unknown) => string;
  /** Shows a green toast with a title and a message. */
  readonly showSuccess: (title: string, message: string) => string;
}

// The context holds only functions, so opening a toast does not re-render every caller.
const NotificationsContext = /* @__PURE__ */ createContext<NotificationsApi | undefined>(undefined);
NotificationsContext.displayName = 'NotificationsContext';

/** Props of {@link NotificationsProvider}. */
export interface NotificationsProviderProps {
  readonly children?: ReactNode;
  /** Milliseconds before a toast closes itself, or false. Default 4000. */
  readonly autoClose?: number | false;
  /** Most toasts at once; a new one drops the oldest. Default 5. */
  readonly max?: number;
  /** Corner of the viewport. Default 'bottom-right'. */
  readonly position?: NotificationsPosition;
  /** Where the stack is rendered; default document.body. Null renders it in place. */
  readonly container?: Element | null;
  /** Changes what an action does (Downshift-style state reducer). */
  readonly stateReducer?: NotificationsStateReducer;
  readonly messages?: Partial<NotificationsProviderMessages>;
  /** Extra class on the stack. */
  readonly className?: string;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<NotificationsSlot>;
}

/** Holds the app's toasts and shows them bottom-right; `useNotifications()` opens them. */
export function NotificationsProvider({
  children,
  autoClose,
  max,
  position,
  container,
  stateReducer,
  messages: userMessages,
  className,
  classNames,
}: NotificationsProviderProps): ReactNode {
  const store = useNotificationsStore({ autoClose, max, stateReducer });
  const messages = useMessages('notificationsProvider', defaultNotificationsProviderMessages, userMessages);
  const { errorTitle } = messages;
  const { notifications, show, close, clear } = store;

  const api = useMemo<NotificationsApi>(
    () => ({
      show,
      close,
      clear,
      showError: (error: unknown) =>
        show({ title: errorTitle, message: normalizeErrorString(error), color: 'red', role: 'alert' }),
      showSuccess: (title: string, message: string) => show({ title, message, color: 'green', role: 'status' }),
    }),
    [show, close, clear, errorTitle]
  );

  return (
    <NotificationsContext.Provider value={api}>
      {children}
      <Notifications
        notifications={notifications}
        onClose={close}
        onPause={store.pause}
        onResume={store.resume}
        position={position}
        container={container}
        messages={messages}
        className={className}
        classNames={classNames}
      />
    </NotificationsContext.Provider>
  );
}

/** Opens toasts: showError(error), showSuccess(title, message), show(...); throws outside a provider. */
export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) {
    throw new Error(
      'useNotifications must be used inside <NotificationsProvider>: wrap your app (inside FhirProvider) in NotificationsProvider'
    );
  }
  return api;
}
