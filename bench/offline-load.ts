// `npx tsx bench/offline-load.ts` (issue 24): a cold load of the portal's dashboard with the browser offline.
// Uses the built portal as the e2e run does (buildPortalIfStale: builds only when the sources are
// newer), the seeded reference server and the portal server (serve.mjs) in front of it, Debian's
// Chromium. Signs in as the seeded patient ('Remember me', so a new tab is signed in too), loads
// the dashboard and a vital's page online (the service worker installs, the reads are kept on the
// device), then takes the context offline and opens the dashboard in a new tab five times.
// Prints: each load (navigation to the 'Hello' heading), their median, and whether the vital's
// reading seen online shows offline. Figures only, no thresholds.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { createServer } from '../demo/server/app';
import { DemoCredentials } from '../demo/server/seed/ids';
import { freePort } from '../e2e/free-port';
// @ts-expect-error plain ESM module without types
import { startPortalServer } from '../demo/app/serve.mjs';
// @ts-expect-error plain ESM module without types
import { buildPortalIfStale } from '../scripts/build-portal.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const RUNS = 5;
const VITAL = '/health-record/vitals/heart-rate';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

buildPortalIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'fpk-bench-offline-'));
// As e2e/global-setup.ts: the portal's port first, so the server's public address is the portal's.
const portalPort = await freePort();
const api = await createServer({ port: 0, dataDir, seed: true, baseUrl: `http://127.0.0.1:${portalPort}/` });
const front = await startPortalServer({ port: portalPort, apiUrl: `http://127.0.0.1:${api.port}/` });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

/** The table's readings on a vital's page, as the patient reads them. */
async function readings(context: BrowserContext): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(VITAL);
  await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
  const rows = page.getByRole('table').locator('tbody tr td:nth-child(2)');
  await rows
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  const values = await rows.allTextContents();
  await page.close();
  return values;
}

try {
  const context = await browser.newContext({ baseURL: front.url, timezoneId: 'UTC', locale: 'en-US' });
  const page = await context.newPage();
  const { email, password } = DemoCredentials.patient;
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
  // The worker has installed (its precache is complete) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  // Once more online, so the dashboard's reads are kept on the device, then a vital's page.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
  await page.waitForLoadState('networkidle');
  const online = await readings(context);
  await page.close();

  await context.setOffline(true);
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const tab = await context.newPage();
    const start = performance.now();
    await tab.goto('/');
    await tab.getByRole('heading', { level: 1, name: /^Hello / }).waitFor({ timeout: 30_000 });
    loads.push(performance.now() - start);
    await tab.close();
  }
  const offline = await readings(context);
  const seen = online[0];
  console.log(`Offline cold load of the dashboard (new tab, service worker + IndexedDB), ${RUNS} runs:`);
  console.log(`  runs: ${loads.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(`  median: ${median(loads).toFixed(0)} ms`);
  console.log(
    `  a vital seen online (${VITAL}, newest reading ${seen ?? 'none'}) shows offline: ${
      seen !== undefined && offline.includes(seen) ? 'yes' : 'no'
    } (${offline.length} of ${online.length} readings)`
  );
  console.log(`  load average: ${loadavg()[0].toFixed(2)}`);
  await context.close();
} finally {
  await browser.close();
  await front.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
