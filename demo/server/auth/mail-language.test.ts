import { describe, expect, it } from 'vitest';
import { mailLanguage } from './mail-language';

describe('mailLanguage', () => {
  it('picks the best language the header accepts', () => {
    expect(mailLanguage('es')).toBe('es');
    expect(mailLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(mailLanguage('fr-FR, ar;q=0.7, en;q=0.5')).toBe('ar');
    expect(mailLanguage('en;q=0.4, es;q=0.6')).toBe('es');
  });

  it('falls back to English for no header, unknown languages or garbage', () => {
    for (const header of [undefined, '', 'fr', '*', 'de-DE;q=1', ';;;,,,', 'es;q=abc', '\u0000es', 'español'])
      expect(mailLanguage(header)).toBe('en');
  });

  describe('when an attacker sends a huge header', () => {
    it('reads only its bounded start, in linear time, and answers English', () => {
      const huge = 'x-'.repeat(50_000) + ',es';
      const started = performance.now();
      expect(mailLanguage(huge)).toBe('en');
      expect(mailLanguage(`${'fr;q=0.1,'.repeat(10_000)}es`)).toBe('en');
      expect(performance.now() - started).toBeLessThan(50);
    });
  });
});
