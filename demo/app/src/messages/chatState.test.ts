import { describe, expect, it } from 'vitest';
import { chatState } from './chatState';

const base = { hasProfile: true, canMessage: true, found: true, notFound: false };

describe('chatState', () => {
  it('shows the chat with a known person to a user who may message', () => {
    expect(chatState(base)).toEqual({ kind: 'chat' });
  });

  it('shows no chat (no Send box) to a user whose policy leaves out messages, like the front desk', () => {
    expect(chatState({ ...base, canMessage: false })).toEqual({ kind: 'not-allowed' });
  });

  it('shows the not-found state, not a chat, for an unknown id', () => {
    expect(chatState({ ...base, found: false, notFound: true })).toEqual({ kind: 'not-found' });
  });

  it('waits for the other person before offering the chat, and shows a failed read', () => {
    expect(chatState({ ...base, found: false })).toEqual({ kind: 'loading' });
    expect(chatState({ ...base, found: false, error: 'Forbidden' })).toEqual({ kind: 'error', message: 'Forbidden' });
  });

  it('without a profile, says so first', () => {
    expect(chatState({ ...base, hasProfile: false, notFound: true })).toEqual({ kind: 'no-profile' });
  });
});
