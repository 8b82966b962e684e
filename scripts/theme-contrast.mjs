// The theme's contrast, computed rather than eyeballed: WCAG 2.2's relative luminance and
// contrast ratio over the colour variables of src/styles/styles.css, for the light theme and the
// dark one. `node scripts/theme-contrast.mjs` prints every pair; the test holds the minimums.
import { readFileSync } from 'node:fs';

/** WCAG 2.2 relative luminance of a `#rrggbb` or `#rgb` colour. */
export function relativeLuminance(hex) {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a, b) {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The `--fpk-*` declarations of one CSS block body, `var()` references followed. */
function declarations(body, inherited = {}) {
  const vars = { ...inherited };
  for (const [, name, value] of body.matchAll(/(--fpk-[\w-]+)\s*:\s*([^;]+);/g)) vars[name] = value.trim();
  for (const name of Object.keys(vars)) {
    let value = vars[name];
    for (let hops = 0; hops < 5 && /^var\((--fpk-[\w-]+)\)$/.test(value); hops++) {
      value = vars[value.slice(4, -1)];
    }
    vars[name] = value;
  }
  return vars;
}

/**
 * The themes of styles.css, each as variable → value: the light one (`:root`, and its colours'
 * `:root, [data-theme='light']` block), the dark one (`[data-theme='dark']`) and the dark one
 * the system setting brings (`@media (prefers-color-scheme: dark)`), which must equal it.
 */
export function readThemes(css) {
  const block = (selector) => {
    const start = css.indexOf(`${selector} {`);
    if (start < 0) throw new Error(`styles.css has no \`${selector} {\` block`);
    return css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  };
  const light = declarations(block(':root') + block("[data-theme='light']"));
  return {
    light,
    dark: declarations(block("[data-theme='dark']"), light),
    darkBySystem: declarations(block(":root:not([data-theme='light'])"), light),
  };
}

/**
 * Every colour pair the components put together, with the ratio it needs: 4.5:1 for text,
 * 3:1 for the focus ring and the toasts' accent stripes (WCAG 1.4.3 and 1.4.11).
 */
export const THEME_PAIRS = [
  ...['text', 'text-muted', 'primary', 'red-text', 'green-text', 'yellow-text', 'blue-text', 'gray-text'].flatMap(
    (text) => [
      { text, on: 'background', min: 4.5 },
      // Hover and disabled surfaces, chat bubbles, table stripes.
      { text, on: 'gray-bg', min: 4.5 },
    ]
  ),
  { text: 'on-primary', on: 'primary', min: 4.5 },
  { text: 'on-primary', on: 'primary-hover', min: 4.5 },
  ...['red', 'green', 'yellow', 'blue'].map((c) => ({ text: `${c}-text`, on: `${c}-bg`, min: 4.5 })),
  { text: 'focus-ring-color', on: 'background', min: 3 },
  { text: 'focus-ring-color', on: 'gray-bg', min: 3 },
  ...['red', 'green', 'yellow', 'blue', 'gray'].map((c) => ({ text: `${c}-accent`, on: 'background', min: 3 })),
];

/** Each pair's colours and ratio in one theme. */
export function themeRatios(vars) {
  const color = (name) => vars[name.startsWith('focus') ? `--fpk-${name}` : `--fpk-color-${name}`];
  return THEME_PAIRS.map((pair) => {
    const [fg, bg] = [color(pair.text), color(pair.on)];
    return { ...pair, fg, bg, ratio: contrastRatio(fg, bg) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const themes = readThemes(readFileSync(new URL('../src/styles/styles.css', import.meta.url), 'utf8'));
  for (const [theme, vars] of Object.entries({ light: themes.light, dark: themes.dark })) {
    console.log(`\n${theme}`);
    for (const r of themeRatios(vars)) {
      const mark = r.ratio >= r.min ? ' ' : '✗';
      console.log(
        `${mark} ${r.ratio.toFixed(2).padStart(5)}:1  ${r.text} (${r.fg}) on ${r.on} (${r.bg}), needs ${r.min}`
      );
    }
  }
}
