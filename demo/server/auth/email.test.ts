import { describe, expect, it } from 'vitest';
import { isValidEmail, MAX_EMAIL_LENGTH } from './email';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['a@b.co', 'patient@example.com', 'first.last+tag@sub.example.org'])
      expect(isValidEmail(ok)).toBe(true);
  });
  it('refuses what the old pattern refused', () => {
    for (const bad of ['', 'a', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a b@c.de', 'a@b@c.de', 'a@b.c\u00a0']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });
  it('refuses an address over the length limit before looking at it', () => {
    expect(isValidEmail(`${'a'.repeat(MAX_EMAIL_LENGTH - 7)}@ex.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(MAX_EMAIL_LENGTH - 6)}@ex.com`)).toBe(false);
    expect(isValidEmail('a@' + '.'.repeat(1 << 20) + '@')).toBe(false);
  });
});
