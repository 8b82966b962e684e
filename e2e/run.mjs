// The end-to-end tests: the production build of the portal in Debian's Chromium against the
// reference server. Fails with a clear message when Chromium is missing: a run that tested nothing
// must not look like a pass, on a laptop any more than in CI.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { CHROMIUM_PATH as chromium } from '../scripts/chromium.mjs';

if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: run \`npm install\` as root (it installs Debian's chromium) or set CHROMIUM_PATH.`
  );
  process.exit(1);
}
const result = spawnSync('npx vitest run --project e2e', { stdio: 'inherit', shell: true });
process.exit(result.status ?? 1);
