import { describe, expect, it } from 'vitest';
import { getDefaultLocale, getFirstDayOfWeek } from './locale';

describe('getFirstDayOfWeek', () => {
  it.each([
    ['en-US', 0],
    ['fr-FR', 1],
    ['en-GB', 1],
    ['ar-EG', 6],
    ['ar', 6],
  ])('starts the week of %s on day %i', (locale, day) => {
    expect(getFirstDayOfWeek(locale)).toBe(day);
  });

  it('falls back to Sunday for a tag that is not valid', () => {
    expect(getFirstDayOfWeek('not a locale!')).toBe(0);
  });
});

describe('getDefaultLocale', () => {
  it("is the runtime's locale", () => {
    expect(getDefaultLocale()).toBe(new Intl.DateTimeFormat().resolvedOptions().locale);
  });
});
