import { readFileSync } from 'node:fs';
import { contrastRatio, readThemes, themeRatios } from './theme-contrast.mjs';

const themes = readThemes(readFileSync(new URL('../src/styles/styles.css', import.meta.url), 'utf8'));
const failures = (vars: Record<string, string>) =>
  themeRatios(vars)
    .filter((r) => !(r.ratio >= r.min))
    .map((r) => `${r.text} ${r.fg} on ${r.on} ${r.bg}: ${r.ratio.toFixed(2)}:1, needs ${r.min}:1`);

describe('the theme’s contrast (WCAG 2.2)', () => {
  it('computes the ratio as WCAG defines it', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#ffffff', '#0f766e')).toBeCloseTo(5.47, 2);
  });

  it('keeps every text colour at 4.5:1 and the focus ring and accents at 3:1 in the light theme', () => {
    expect(failures(themes.light)).toEqual([]);
  });

  it('keeps them in the dark theme too, whose surfaces are dark', () => {
    expect(themes.dark['--fpk-color-background']).toBe('#111827');
    expect(themes.dark['--fpk-focus-ring-color']).toBe(themes.dark['--fpk-color-primary']);
    expect(failures(themes.dark)).toEqual([]);
  });

  it('gives the same dark theme through the system setting as through data-theme="dark"', () => {
    expect(themes.darkBySystem).toEqual(themes.dark);
  });
});
