// `npm test`: every check, in the order a failure is cheapest to find. Stops at the first
// failing step and prints a closing line with the step counts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['Chromium for the browser tests (installed when missing)', 'node scripts/ensure-chromium.mjs'],
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['changesets for user-facing changes', 'node scripts/check-changesets.mjs'],
  ['unit tests (node) and component tests (jsdom)', 'npx vitest run --project unit --project unit-dom'],
  [
    'reference server tests (PGlite, and PostgreSQL in parallel when DATABASE_URL is set)',
    'node scripts/test-server.mjs',
    () => existsSync('demo/server'),
  ],
  ['build', 'npm run build'],
  ['package checks', 'npm run check:package'],
  ["README's TypeScript blocks typecheck against the build", 'npm run check:readme'],
  ['size budgets', 'npm run size'],
  [
    'packed tarball: install, examples, server render',
    'node scripts/check-tarball.mjs',
    () => existsSync('scripts/check-tarball.mjs'),
  ],
  [
    'FhirClient alone on Node: npm install <tarball> --omit=peer, no warning, no widget libraries',
    'node scripts/check-node-install.mjs',
  ],
  // The site takes about 5 minutes to build and 7 to check (807 pages) on a busy 2-core machine.
  ['docs site: landing page, Storybook with guides, API reference', 'npm run docs'],
  ['docs site: every page fits 1,280 px (Chromium)', 'node scripts/check-docs-site.mjs'],
  ['release dry run: version, CHANGELOG, pack, publish --dry-run', 'node scripts/release.mjs --dry-run'],
  ['storybook interaction and a11y tests', 'npx vitest run --project storybook', () => existsSync('.storybook')],
  ['end-to-end tests in Chromium', 'node e2e/run.mjs', () => existsSync('e2e/run.mjs')],
];

let passed = 0;
let failed = 0;
const started = Date.now();
for (const [name, command, when] of steps) {
  if (when && !when()) continue;
  console.log(`\n━━ ${name}: ${command}`);
  const t0 = Date.now();
  const result = spawnSync(command, { stdio: 'inherit', shell: true, env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status === 0) {
    passed++;
    console.log(`━━ ${name}: ok (${seconds}s)`);
  } else {
    failed++;
    console.log(`━━ ${name}: FAILED (${seconds}s)`);
    break;
  }
}
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
