import { describe, expect, it } from 'vitest';
import { notificationsReducer, type NotificationData } from './notificationsReducer';

const toast = (id: string): NotificationData => ({ id, message: id, color: 'blue', role: 'status', autoClose: 4000 });

describe('notificationsReducer', () => {
  it('appends a shown toast and drops the oldest past max', () => {
    let state = { notifications: [] as NotificationData[] };
    for (const id of ['a', 'b', 'c'])
      state = notificationsReducer(state, { type: 'show', notification: toast(id), max: 2 }) as any;
    expect(state.notifications.map((n) => n.id)).toEqual(['b', 'c']);
  });

  it('replaces a toast shown again with the same id, moving it last', () => {
    const state = { notifications: [toast('a'), toast('b')] };
    const next = notificationsReducer(state, { type: 'show', notification: { ...toast('a'), message: 'new' }, max: 5 });
    expect(next.notifications.map((n) => n.message)).toEqual(['b', 'new']);
  });

  it('keeps the same state when closing an unknown id', () => {
    const state = { notifications: [toast('a')] };
    expect(notificationsReducer(state, { type: 'close', id: 'zzz' })).toBe(state);
  });
});
