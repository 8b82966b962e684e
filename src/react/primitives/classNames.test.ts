import { describe, expect, it } from 'vitest';
import { partClassName, slotClassName } from './classNames';

describe('slotClassName (the one classNames rule)', () => {
  it('keeps the default class and adds the caller’s after it, then the extras', () => {
    expect(slotClassName('auth-button', { 'auth-button': 'btn' }, 'wide', undefined, false)).toBe(
      'fpk-auth-button btn wide'
    );
  });

  it('gives the default class alone for a part the caller did not name', () => {
    expect(slotClassName<'a' | 'b'>('b', { a: 'x' })).toBe('fpk-b');
    expect(slotClassName('b', undefined)).toBe('fpk-b');
  });

  it('drops the default class only when asked, also to no class at all', () => {
    expect(slotClassName('auth-button', { 'auth-button': { replace: 'btn' } }, 'wide')).toBe('btn wide');
    expect(slotClassName('auth-button', { 'auth-button': { replace: '' } })).toBe('');
  });

  it('applies the same rule to a part whose default class is not fpk-<slot>', () => {
    expect(partClassName('fpk-calendar-day', 'mine')).toBe('fpk-calendar-day mine');
    expect(partClassName('fpk-calendar-day', { replace: 'mine' })).toBe('mine');
  });
});
