// The package's stylesheet lives in one cascade layer, so a team's own rules (unlayered, or in a
// layer declared after it) win over ours whatever their specificity: `.fpk-button { color: … }`
// beats our `.fpk-button[data-variant='outline']` with no `!important` and no selector games.
// One rule, applied where the CSS is put together: the build (copy-styles.mjs) and the Vite
// servers that read src/styles directly (Storybook, the demo portal).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** The layer's name, as a team writes it to order layers: `@layer reset, fhir-portal-kit, app;`. */
export const STYLES_LAYER = 'fhir-portal-kit';

/** `css` inside the package's layer. The files hold rules and at-rules only (no `@import`). */
export function inStylesLayer(css) {
  return `@layer ${STYLES_LAYER} {\n${css}\n}\n`;
}

/**
 * The stylesheet `fhir-portal-kit/styles.css` ships: styles.css (the variables and the theme)
 * first, then every other family's file in name order, all in the layer.
 */
export function buildStylesheet(stylesDir) {
  const files = readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css'))
    .sort();
  const ordered = ['styles.css', ...files.filter((f) => f !== 'styles.css')].filter((f) => files.includes(f));
  return inStylesLayer(ordered.map((f) => readFileSync(join(stylesDir, f), 'utf8')).join('\n'));
}

/**
 * A Vite plugin that puts every stylesheet under `stylesDir` in the layer as it is served, so
 * Storybook and the demo, which import src/styles/*.css one by one, cascade as the package does.
 * Runs before Vite's own CSS handling; `?raw` imports (a file shown as text) stay as written.
 */
export function stylesLayerPlugin(stylesDir) {
  const dir = resolve(stylesDir) + sep;
  return {
    name: 'fhir-portal-kit:styles-layer',
    enforce: 'pre',
    transform(code, id) {
      const [path, query = ''] = id.split('?');
      if (!path.startsWith(dir) || !path.endsWith('.css') || /(^|&)(raw|url)\b/.test(query)) return null;
      // An empty map: the lines move down by one, and no source map is worth its bytes for that.
      return { code: inStylesLayer(code), map: { mappings: '' } };
    },
  };
}
