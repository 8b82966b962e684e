// Prints the minified and gzipped size of single named imports from the built package, the
// way a user's bundler sees them: one entry that imports only the named export, everything
// bundled and minified, React left external. Run `npm run build` first (npm run bench does).
import { build, transform } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { execSync } from 'node:child_process';

if (!existsSync('dist/index.js')) execSync('npm run build', { stdio: 'inherit' });

const targets = [
  {
    name: 'import { FhirClient } from "fhir-portal-kit" (without the persisted store)',
    entry: 'index',
    names: ['FhirClient'],
  },
  // Issue 24: the client with the persisted store imported. The offline layer and idb load on
  // demand (printed after it), once a client is given the offline option.
  {
    name: 'import { FhirClient, createIndexedDbStore } from "fhir-portal-kit" (with the persisted store)',
    entry: 'index',
    names: ['FhirClient', 'createIndexedDbStore'],
  },
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
    name: 'import { QuestionnaireForm } + its CSS (on demand: the pickers, the signature strokes, the HTML sanitizer; FHIRPath not counted)',
    entry: 'react',
    names: ['QuestionnaireForm'],
    css: ['styles.css', 'controls.css', 'questionnaire.css'],
  },
  {
    name: 'import { ResourceViewer } + its CSS (on demand: the HTML sanitizer)',
    entry: 'react',
    names: ['ResourceViewer'],
    css: ['styles.css', 'display.css'],
  },
  {
    name: 'import { DiagnosticReportDisplay } + its CSS',
    entry: 'react',
    names: ['DiagnosticReportDisplay'],
    css: ['styles.css', 'display.css'],
  },
  {
    name: 'import { ObservationChart } + its CSS (on demand: the chart chunk, visx)',
    entry: 'react',
    names: ['ObservationChart'],
    css: ['styles.css', 'display.css'],
  },
  { name: 'import { Dialog }', entry: 'react', names: ['Dialog'] },
  // Issue 24: the offline parts, each with its CSS.
  {
    name: 'import { OfflineBanner } + its CSS',
    entry: 'react',
    names: ['OfflineBanner'],
    css: ['styles.css', 'offline.css'],
  },
  {
    name: 'import { PendingWriteStatus } + its CSS',
    entry: 'react',
    names: ['PendingWriteStatus'],
    css: ['styles.css', 'offline.css'],
  },
  {
    name: 'import { OutboxConflictDialog } + its CSS',
    entry: 'react',
    names: ['OutboxConflictDialog'],
    css: ['styles.css', 'controls.css', 'display.css', 'offline.css'],
  },
  // Each edit input alone with its CSS (budget: 6 KB gzipped each).
  ...[
    'AddressInput',
    'QuantityInput',
    'HumanNameInput',
    'DateTimeInput',
    'CodeableConceptInput',
    'ResourcePicker',
    'ReferenceInput',
    'MultiSelect',
    'SecretInput',
    'CopyButton',
  ].map((name) => ({
    name: `import { ${name} } + its CSS`,
    entry: 'react',
    names: [name],
    css: ['styles.css', 'controls.css', 'inputs.css'],
  })),
  {
    name: 'import { SearchTable } + its CSS (budget 15 KB)',
    entry: 'react',
    names: ['SearchTable'],
    css: ['styles.css', 'controls.css', 'inputs.css', 'search-table.css'],
  },
  {
    name: 'import { ResourceForm } + its CSS (budget 15 KB)',
    entry: 'react',
    names: ['ResourceForm'],
    css: ['styles.css', 'controls.css', 'inputs.css', 'resource-form.css'],
  },
];

// Each language alone, every family's texts with the plural helper they call (issue 23). The
// imports above import no locale, so their figures are what an app that uses none ships.
const locales = ['es', 'ar'].map((code) => ({
  name: `import { ${code} } from "fhir-portal-kit/locales/${code}" (every family)`,
  entry: `locales/${code}`,
  names: [code],
  goalKb: 6,
}));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
// Minified like the JavaScript, as every bundler ships a stylesheet: the comments on each theme
// variable are for readers of the source, not for the wire.
const cssOf = async (files) =>
  Buffer.from(
    (
      await Promise.all(
        files.map(
          async (f) => (await transform(readFileSync(`src/styles/${f}`, 'utf8'), { loader: 'css', minify: true })).code
        )
      )
    ).join('')
  );
const external = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'fhirpath', 'fhirpath/*'];

console.log('Bundle sizes (esbuild, minified; react external; no locale imported)\n');
for (const target of [...targets, ...locales]) {
  if (target === locales[0]) console.log('Locales, each alone (goal: at most 6 KB gzipped per language)\n');
  const mod = await import(`../dist/${target.entry}.js`).catch(() => ({}));
  const missing = target.names.filter((n) => !(n in mod));
  if (missing.length) {
    console.log(`${target.name}\n  not built yet (missing export: ${missing.join(', ')})\n`);
    continue;
  }
  // What loads on demand (login steps, the HTML sanitizer, the booking transaction, the default
  // questions form) is a separate chunk in any splitting bundler; the figure is what loads up
  // front, and each on-demand chunk it can load is printed after it, so nothing is hidden.
  const lazy = [];
  const lazyChunksApart = {
    name: 'lazy-chunks-apart',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        lazy.push({ path: args.path, resolveDir: args.resolveDir });
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    stdin: {
      contents: `export { ${target.names.join(', ')} } from './dist/${target.entry}.js';`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    // Text as UTF-8, as tsup writes dist: escaped, an Arabic letter would count 6 bytes, not 2.
    charset: 'utf8',
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    external,
    plugins: [lazyChunksApart],
    logLevel: 'silent',
  });
  const js = Buffer.from(result.outputFiles[0].contents);
  // JS and CSS are separate files in an app; each is gzipped on its own.
  const cssBytes = target.css ? await cssOf(target.css) : Buffer.alloc(0);
  const gz = gzipSync(js).length + (cssBytes.length ? gzipSync(cssBytes).length : 0);
  const onDemand = [];
  // Modules with code in the up-front bundle; one imported only for what was shaken away is not.
  const upFront = new Set(
    Object.entries(Object.values(result.metafile.outputs)[0].inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => resolve(file))
  );
  for (const chunk of lazy.filter((c, i) => lazy.findIndex((d) => d.path === c.path) === i)) {
    const isExternal = external.some(
      (e) => e === chunk.path || (e.endsWith('/*') && chunk.path.startsWith(e.slice(0, -1)))
    );
    if (isExternal || !js.includes(`import(${JSON.stringify(chunk.path)})`)) continue;
    // The chunk's own code: modules the up-front bundle already holds are not counted again.
    const lazyResult = await build({
      stdin: { contents: `export * from ${JSON.stringify(chunk.path)};`, resolveDir: chunk.resolveDir },
      bundle: true,
      minify: true,
      charset: 'utf8',
      write: false,
      format: 'esm',
      platform: 'browser',
      external,
      plugins: [
        lazyChunksApart,
        {
          name: 'loaded-up-front',
          setup(b) {
            b.onResolve({ filter: /.*/ }, async (args) => {
              if (args.pluginData === 'resolving' || args.kind === 'entry-point') return undefined;
              const found = await b.resolve(args.path, {
                kind: args.kind,
                resolveDir: args.resolveDir,
                pluginData: 'resolving',
              });
              return upFront.has(found.path) ? { path: args.path, external: true } : undefined;
            });
          },
        },
      ],
      logLevel: 'silent',
    });
    const lazyJs = lazyResult.outputFiles[0].contents;
    onDemand.push(`${chunk.path.replace(/^\.\//, '')} ${kb(gzipSync(lazyJs).length)}`);
  }
  console.log(
    `${target.name}\n  minified ${kb(js.length + cssBytes.length)}, gzipped ${kb(gz)}` +
      (target.css ? ` (JS ${kb(gzipSync(js).length)} + CSS ${kb(gz - gzipSync(js).length)})` : '') +
      (onDemand.length ? `\n  on demand, gzipped: ${onDemand.join(', ')}` : '') +
      (target.goalKb ? `\n  ${gz <= target.goalKb * 1024 ? 'within' : 'OVER'} the ${target.goalKb} KB goal` : '') +
      '\n'
  );
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
