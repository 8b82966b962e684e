// Packs the package, installs the tarball in a scratch folder, and uses it the way a user's
// project would: CommonJS require and an ESM import of each entry, 'use client' first in both
// React entries, a CSS @import of the stylesheet, and the README's examples (examples/), which
// must typecheck and bundle against the tarball, not the source, and render on a server; and the
// Medplum-style code of examples/medplum-migration, which must typecheck and run.
import { execFileSync, execSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const repo = process.cwd();
const run = (cmd, cwd) =>
  execSync(cmd, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    .toString()
    .trim();
const fail = (message) => {
  throw new Error(message);
};
const scratch = mkdtempSync(join(tmpdir(), 'fpk-tarball-'));
try {
  const tarball = resolve(scratch, run(`npm pack --silent --pack-destination ${scratch}`, repo).split('\n').pop());
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  run(`npm install --silent --no-audit --no-fund ${tarball} react react-dom @types/react @types/react-dom`, scratch);
  run(
    `node -e "const k = require('fhir-portal-kit'); if (typeof k.FhirClient !== 'function') process.exit(1); console.log('require ok')"`,
    scratch
  );
  run(
    `node --input-type=module -e "import { FhirClient } from 'fhir-portal-kit'; if (typeof FhirClient !== 'function') process.exit(1); console.log('import ok')"`,
    scratch
  );
  run(
    `node --input-type=module -e "const m = await import('fhir-portal-kit/react'); if (typeof m.FhirProvider !== 'function') process.exit(1); console.log('react import ok')"`,
    scratch
  );
  run(
    `node -e "const m = require('fhir-portal-kit/react'); if (typeof m.FhirProvider !== 'function') process.exit(1); console.log('react require ok')"`,
    scratch
  );
  console.log(`tarball ${tarball.split('/').pop()}: require and import of both entries work`);

  // Server-component bundlers read the directive only as the file's first statement.
  const installed = join(scratch, 'node_modules/fhir-portal-kit');
  for (const entry of ['dist/react.js', 'dist/react.cjs', 'dist/medplum-compat.js', 'dist/medplum-compat.cjs']) {
    if (!/^(['"])use client\1;/.test(readFileSync(join(installed, entry), 'utf8')))
      fail(`${entry} does not start with 'use client'`);
  }
  console.log(`'use client' is the first statement of both React entries (react, medplum-compat), ESM and CommonJS`);

  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const field of ['repository', 'homepage', 'bugs']) if (!pkg[field]) fail(`package.json has no ${field}`);
  if (!readFileSync(join(installed, 'LICENSE'), 'utf8').includes('Apache License')) fail('LICENSE is missing');

  // The examples, typechecked against the installed package (its .d.ts files included).
  cpSync(join(repo, 'examples'), join(scratch, 'examples'), { recursive: true });
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        types: [],
      },
      include: ['examples/**/*.ts', 'examples/**/*.tsx', 'examples/css.d.ts'],
      // The examples' own tests run in vitest against the source (`--project unit-dom`).
      exclude: ['examples/**/*.test.tsx'],
    })
  );
  // What a bundler's client types (vite/client, next-env.d.ts) declare for stylesheet imports.
  writeFileSync(join(scratch, 'examples/css.d.ts'), "declare module '*.css';\n");
  execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: scratch,
    stdio: 'inherit',
  });
  console.log('examples typecheck against the packed package');

  // The browser examples bundle; the stylesheet resolves from CSS (@import) through `style`.
  const browser = await build({
    absWorkingDir: scratch,
    // Every example but the server render (bundled for Node below); new ones join by themselves.
    entryPoints: readdirSync(join(repo, 'examples'))
      .filter((file) => /\.(tsx?|css)$/.test(file) && !file.includes('.test.') && file !== 'server-render.tsx')
      .map((file) => `examples/${file}`),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out/browser',
    minify: true,
    metafile: true,
    logLevel: 'warning',
    jsx: 'automatic',
  });
  const css = readFileSync(join(scratch, 'out/browser/styles.css'), 'utf8');
  if (!/--fpk-color-primary:\s*#0f766e/.test(css))
    fail("@import 'fhir-portal-kit/styles.css' did not bring the theme in");
  // The engine and its R4 model come through one dynamic import() each, so they land in chunks
  // of their own; the README's bundling note quotes these sizes.
  const fhirpathChunks = Object.entries(browser.metafile.outputs)
    .filter(([, o]) => Object.keys(o.inputs).some((i) => i.includes('node_modules/fhirpath/')))
    .map(([, o]) => `${(o.bytes / 1024).toFixed(0)} kB`);
  console.log(
    `examples bundle for the browser; the stylesheet resolves from a CSS @import; FHIRPath loads on demand as ${
      fhirpathChunks.length ? `separate chunks of ${fhirpathChunks.join(' and ')} (minified)` : 'no chunk (not reached)'
    }`
  );

  // The server render: bundled for Node with the package left external, so Node loads the tarball.
  await build({
    absWorkingDir: scratch,
    entryPoints: ['examples/server-render.tsx'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile: 'out/server-render.mjs',
    logLevel: 'warning',
    jsx: 'automatic',
  });
  const html = run(
    `node --input-type=module -e "import { renderIntakePage } from './out/server-render.mjs'; console.log(renderIntakePage())"`,
    scratch
  );
  for (const text of ['Before your visit', 'Reason for the visit', 'Any allergies?'])
    if (!html.includes(text)) fail(`the server render lacks "${text}":\n${html.slice(0, 500)}`);
  console.log(`server render of FhirProvider + QuestionnaireForm: ${html.length} characters of HTML`);

  // Medplum-style code with only its imports changed (examples/medplum-migration, typechecked above)
  // runs too: its client calls against an in-memory FHIR server, its pages rendered on a server.
  await build({
    absWorkingDir: scratch,
    entryPoints: [join(repo, 'scripts/medplum-migration-run.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile: 'out/medplum-migration.mjs',
    logLevel: 'warning',
    jsx: 'automatic',
  });
  execFileSync(process.execPath, ['out/medplum-migration.mjs'], { cwd: scratch, stdio: 'inherit' });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
