import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  notificationsReducer,
  type NotificationData,
  type NotificationInput,
  type NotificationsAction,
  type NotificationsState,
  type NotificationsStateReducer,
} from './notificationsReducer';

/** Library defaults. */
export const NOTIFICATION_AUTO_CLOSE_MS = 4000;
/** At most this many toasts at once; a sixth drops the oldest. */
export const NOTIFICATIONS_MAX = 5;

/** Options of {@link useNotificationsStore}. */
export interface NotificationsStoreOptions {
  /** Milliseconds before a toast closes itself, or false. Default 4000. */
  readonly autoClose?: number | false;
  /** Most toasts at once; older ones are dropped. Default 5. */
  readonly max?: number;
  /** Changes what an action does (Downshift-style state reducer). */
  readonly stateReducer?: NotificationsStateReducer;
}

/** What {@link useNotificationsStore} returns. */
export interface NotificationsStore {
  /** The toasts on screen, oldest first. */
  readonly notifications: readonly NotificationData[];
  /** Shows a toast and returns its id. */
  readonly show: (input: NotificationInput) => string;
  /** Closes one toast. */
  readonly close: (id: string) => void;
  /** Closes every toast. */
  readonly clear: () => void;
  /** Stops a toast's auto-close clock (pointer over it, focus in it). */
  readonly pause: (id: string) => void;
  /** Restarts a paused clock with the time it had left. */
  readonly resume: (id: string) => void;
}

interface Timer {
  /** The toast the clock was started for; a toast shown again under its id gets a new clock. */
  notification: NotificationData;
  handle: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  startedAt: number;
}

let nextId = 0;

/** Headless toast state: a list, auto-close clocks that pause, and a cap on how many show. */
export function useNotificationsStore(options: NotificationsStoreOptions = {}): NotificationsStore {
  const { autoClose = NOTIFICATION_AUTO_CLOSE_MS, max = NOTIFICATIONS_MAX, stateReducer } = options;
  const stateReducerRef = useRef(stateReducer);
  useEffect(() => {
    stateReducerRef.current = stateReducer;
  });

  const [state, dispatch] = useReducer(
    (current: NotificationsState, action: NotificationsAction): NotificationsState => {
      const changes = notificationsReducer(current, action);
      const custom = stateReducerRef.current;
      return custom ? custom(current, { ...action, changes }) : changes;
    },
    { notifications: [] }
  );

  const timers = useRef(new Map<string, Timer>());

  const close = useCallback((id: string) => dispatch({ type: 'close', id }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const show = useCallback(
    (input: NotificationInput): string => {
      const id = input.id ?? `fpk-notification-${++nextId}`;
      const notification: NotificationData = {
        color: 'blue',
        role: 'status',
        autoClose,
        ...input,
        id,
      };
      dispatch({ type: 'show', notification, max });
      return id;
    },
    [autoClose, max]
  );

  const pause = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (!timer || timer.handle === undefined) return;
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining -= Date.now() - timer.startedAt;
  }, []);

  const resume = useCallback(
    (id: string) => {
      const timer = timers.current.get(id);
      if (!timer || timer.handle !== undefined) return;
      timer.startedAt = Date.now();
      timer.handle = setTimeout(() => close(id), Math.max(0, timer.remaining));
    },
    [close]
  );

  // Start a clock for each new toast and stop the clocks of toasts that went away.
  useEffect(() => {
    const map = timers.current;
    for (const n of state.notifications) {
      const current = map.get(n.id);
      if (current?.notification === n) continue;
      if (current) {
        clearTimeout(current.handle);
        map.delete(n.id);
      }
      if (n.autoClose === false) continue;
      map.set(n.id, {
        notification: n,
        handle: setTimeout(() => close(n.id), n.autoClose),
        remaining: n.autoClose,
        startedAt: Date.now(),
      });
    }
    for (const [id, timer] of map) {
      if (!state.notifications.some((n) => n.id === id)) {
        clearTimeout(timer.handle);
        map.delete(id);
      }
    }
  }, [state.notifications, close]);

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer.handle);
      map.clear();
    };
  }, []);

  return useMemo(
    () => ({ notifications: state.notifications, show, close, clear, pause, resume }),
    [state.notifications, show, close, clear, pause, resume]
  );
}
