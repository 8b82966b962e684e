// Installs Debian's Chromium for the browser tests when it is missing. Playwright cannot
// download its own browsers here, so the tests drive /usr/bin/chromium through playwright-core.
// Runs as the first step of `npm test` (scripts/test-all.mjs), or alone as `npm run setup:chromium`;
// not as an install script: npm 11 warns about every package with one (`prepare` included) in the
// projects that install it. Never fails: a machine without apt or root only loses the browser
// tests, and those say so when they start.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs';

if (existsSync(CHROMIUM) || process.env.FPK_SKIP_CHROMIUM) {
  process.exit(0);
}
if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) {
  console.warn(`[fhir-portal-kit] ${CHROMIUM} not found; install Chromium to run the browser tests.`);
  process.exit(0);
}
try {
  console.log('[fhir-portal-kit] Installing Chromium from Debian packages for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq chromium', { stdio: 'inherit', env });
} catch (error) {
  console.warn(`[fhir-portal-kit] Could not install Chromium: ${error.message}`);
}
