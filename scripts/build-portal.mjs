// Builds the demo portal when its build is missing or older than its sources or the library's.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Runs `vite build` for demo/app unless dist/index.html is newer than every source file. */
export function buildPortalIfStale() {
  const built = 'demo/app/dist/index.html';
  const sources = Math.max(newestMtime('demo/app'), newestMtime('src'));
  // The service worker (dist/sw.js, issue 24) is part of the build: a build from before it is stale.
  const complete = existsSync(built) && existsSync('demo/app/dist/sw.js');
  if (complete && statSync(built).mtimeMs > sources) return;
  console.log('Building the portal (vite build)...');
  // The production build whoever calls: under vitest NODE_ENV is 'test', which would give Vite a
  // development React and the e2e tests (and the bench's landing-page figure) a build nobody ships.
  execSync('npx vite build --config demo/app/vite.config.ts --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
