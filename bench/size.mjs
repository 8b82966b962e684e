// Prints the minified and gzipped size of single named imports from the built package, the
// way a user's bundler sees them: one entry that imports only the named export, everything
// bundled and minified, React left external. Run `npm run build` first (npm run bench does).
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/index.js')) execSync('npm run build', { stdio: 'inherit' });

const external = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
const targets = [
  { name: 'import { FhirClient } from "fhir-portal-kit"', entry: 'index', names: ['FhirClient'] },
  {
    name: 'hooks entry: FhirProvider + useResource/useSearch/useSearchResources',
    entry: 'react',
    names: ['FhirProvider', 'useResource', 'useSearch', 'useSearchResources', 'useProfile'],
  },
  // A component's CSS is the theme (styles.css), the shared controls and its own family's file.
  {
    name: 'import { Scheduler } + its CSS',
    entry: 'react',
    names: ['Scheduler'],
    css: ['styles.css', 'controls.css', 'scheduler.css'],
  },
  {
    name: 'import { SignInForm } + its CSS',
    entry: 'react',
    names: ['SignInForm'],
    css: ['styles.css', 'controls.css', 'auth.css'],
  },
  {
    name: 'import { QuestionnaireForm } + its CSS (FHIRPath and the HTML sanitizer load on demand)',
    entry: 'react',
    names: ['QuestionnaireForm'],
    css: ['styles.css', 'controls.css', 'questionnaire.css'],
  },
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const cssOf = (files) => Buffer.concat(files.map((f) => readFileSync(`src/styles/${f}`)));

console.log('Bundle sizes (esbuild, minified; react external)\n');
for (const target of targets) {
  const mod = await import(`../dist/${target.entry}.js`).catch(() => ({}));
  const missing = target.names.filter((n) => !(n in mod));
  if (missing.length) {
    console.log(`${target.name}\n  not built yet (missing export: ${missing.join(', ')})\n`);
    continue;
  }
  const result = await build({
    stdin: {
      contents: `export { ${target.names.join(', ')} } from './dist/${target.entry}.js';`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: [...external, 'fhirpath', 'fhirpath/*'],
    // What loads on demand (login steps, the HTML sanitizer, FHIRPath) is a separate chunk in any
    // splitting bundler; the figure is what loads up front.
    plugins: [
      {
        name: 'lazy-chunks-apart',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined
          );
        },
      },
    ],
    logLevel: 'silent',
  });
  const js = Buffer.from(result.outputFiles[0].contents);
  // JS and CSS are separate files in an app; each is gzipped on its own.
  const cssBytes = target.css ? cssOf(target.css) : Buffer.alloc(0);
  const gz = gzipSync(js).length + (cssBytes.length ? gzipSync(cssBytes).length : 0);
  console.log(`${target.name}\n  minified ${kb(js.length + cssBytes.length)}, gzipped ${kb(gz)}\n`);
}

// The signed-out landing page: the portal's entry chunk and its static imports (lazy,
// signed-in chunks excluded), from the production build's manifest.
const manifestPath = 'demo/app/dist/.vite/manifest.json';
if (!existsSync(manifestPath)) {
  const { buildPortalIfStale } = await import('../scripts/build-portal.mjs');
  buildPortalIfStale();
}
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entry);
  let raw = 0;
  let gz = 0;
  for (const key of seen) {
    const file = readFileSync(`demo/app/dist/${manifest[key].file}`);
    raw += file.length;
    gz += gzipSync(file).length;
  }
  const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
  console.log(
    `Landing page JavaScript (portal entry + static imports; ${lazy} lazy chunks not loaded)\n  minified ${kb(raw)}, gzipped ${kb(gz)}\n`
  );
}
