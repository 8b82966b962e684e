/** Colours a notification can take; the same palette as status badges. */
export type NotificationColor = 'red' | 'green' | 'yellow' | 'blue' | 'gray';

/** One toast. */
export interface NotificationData {
  readonly id: string;
  /** Bold first line, e.g. 'Error'. */
  readonly title?: string;
  /** The text of the toast. */
  readonly message: string;
  readonly color: NotificationColor;
  /** 'alert' interrupts a screen reader (errors); 'status' waits its turn. */
  readonly role: 'alert' | 'status';
  /** Milliseconds before the toast closes itself, or false to stay until closed. */
  readonly autoClose: number | false;
}

/** What `show` takes: a message and any of the other fields. */
export type NotificationInput = Partial<NotificationData> & { readonly message: string };

/** The toasts on screen, oldest first. */
export interface NotificationsState {
  readonly notifications: readonly NotificationData[];
}

/** Every change to the toasts, as a named action. */
export type NotificationsAction =
  | { readonly type: 'show'; readonly notification: NotificationData; readonly max: number }
  | { readonly type: 'close'; readonly id: string }
  | { readonly type: 'clear' };

/** Lets an app change what an action does: gets the state and the action with the default `changes`. */
export type NotificationsStateReducer = (
  state: NotificationsState,
  actionAndChanges: NotificationsAction & { readonly changes: NotificationsState }
) => NotificationsState;

/** The default state changes; `show` past `max` drops the oldest toasts. */
export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  switch (action.type) {
    case 'show': {
      const others = state.notifications.filter((n) => n.id !== action.notification.id);
      const next = [...others, action.notification];
      return { notifications: next.slice(Math.max(0, next.length - Math.max(1, action.max))) };
    }
    case 'close': {
      const next = state.notifications.filter((n) => n.id !== action.id);
      return next.length === state.notifications.length ? state : { notifications: next };
    }
    case 'clear':
      return state.notifications.length ? { notifications: [] } : state;
  }
}
