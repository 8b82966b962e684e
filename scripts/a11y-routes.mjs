// The route part of `npm run a11y`: the demo portal's production build against a freshly seeded
// reference server, walked as a visitor, as the demo patient and as the practitioner. From each
// role's start page it follows every link of the portal (breadth first; a route with ids, such
// as /health-record/lab-results/{id}, is measured once per shape), so new routes join by
// themselves. On each page: axe with the WCAG 2.0/2.1 A and AA rules, and the same Tab walk and
// focus-ring check as the stories, over every control the page has (the portal's own included).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortalServer } from '../demo/app/serve.mjs';
import { judgeFocus, measureFocus } from './a11y-focus.mjs';
import { buildPortalIfStale } from './build-portal.mjs';

/** Who walks the portal, from where. */
export const ROLES = [
  { name: 'visitor', start: '/' },
  { name: 'patient', start: '/', email: 'patient@example.com', password: 'patient-demo-1' },
  { name: 'practitioner', start: '/staff', email: 'doctor@example.com', password: 'doctor-demo-1' },
];
const MAX_ROUTES_PER_ROLE = 80;
const MAX_TABS = 60;
// Paths the portal server forwards to the API (downloads, not pages), and the one link that
// would end the walk.
const NOT_A_PAGE = /^\/(fhir|auth|oauth2|\.well-known|healthcheck|keyvalue|email|admin|ws|fhircast)(\/|$)|^\/signout$/;

/** The shape of a path: segments that carry an id (a UUID, or a long token with digits) become ':id'. */
export function routeShape(path) {
  return path
    .split('/')
    .map((segment) =>
      /^[0-9a-f-]{20,}$/i.test(segment) || (segment.length >= 8 && /\d/.test(segment)) ? ':id' : segment
    )
    .join('/');
}

/** `npm run server` on a scratch data folder, port chosen by the system; resolves with its URL and a stop function. */
function startReferenceServer(dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
      env: { ...process.env, FHIR_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', BASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // However this script ends, the server it started ends with it.
    const stopWithUs = () => child.kill('SIGTERM');
    process.once('exit', stopWithUs);
    child.once('exit', () => process.off('exit', stopWithUs));
    let output = '';
    const onExit = (code) => reject(new Error(`the reference server exited with ${code}:\n${output}`));
    child.once('exit', onExit);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const port = /listening on port (\d+)/.exec(output)?.[1];
      if (!port) return;
      child.off('exit', onExit);
      resolve({
        url: `http://127.0.0.1:${port}/`,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function signIn(page, base, { email, password }) {
  await page.goto(new URL('/signin', base).toString());
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
}

/** axe on the whole page, violations counted by impact. */
async function runAxe(page, axeSource) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
}

/** The demo as `npm start` runs it, on a scratch data folder: resolves with the portal's URL and a stop function. */
export async function startDemo() {
  buildPortalIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'fpk-a11y-'));
  const api = await startReferenceServer(dataDir);
  const portal = await startPortalServer({ port: 0, apiUrl: api.url }).catch(async (error) => {
    await api.stop();
    throw error;
  });
  return {
    portalUrl: portal.url,
    async stop() {
      await portal.close();
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Walks every role's routes in `browser`; adds each problem to `problems` and answers the counts
 * and the routes measured per role.
 */
export async function measureRoutes(browser, portalUrl, { axeSource, problems }) {
  const totals = {
    routes: 0,
    failed: 0,
    critical: 0,
    serious: 0,
    moderate: 0,
    minor: 0,
    controls: 0,
    ringOk: 0,
    thin: 0,
    lowContrast: 0,
    noRing: 0,
  };
  const measured = {};
  for (const role of ROLES) {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (role.email) await signIn(page, portalUrl, role);
    const queue = [role.start];
    const seen = new Set([routeShape(role.start)]);
    measured[role.name] = [];
    while (queue.length && measured[role.name].length < MAX_ROUTES_PER_ROLE) {
      const path = queue.shift();
      const label = `${role.name} ${path}`;
      errors.length = 0;
      try {
        await page.goto(new URL(path, portalUrl).toString(), { waitUntil: 'networkidle' });
        // A route shows its heading once its data is in.
        await page.locator('h1').first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        const landed = new URL(page.url()).pathname;
        measured[role.name].push(landed === path ? path : `${path} → ${landed}`);
        totals.routes++;

        for (const v of await runAxe(page, axeSource)) {
          totals[v.impact] += v.nodes;
          if (v.impact === 'serious' || v.impact === 'critical')
            problems.push(`${label}: axe ${v.id} (${v.impact}) on ${v.nodes} node(s)`);
        }

        const links = await page.evaluate(() =>
          [...document.querySelectorAll('a[href]')]
            .map((a) => new URL(a.getAttribute('href'), location.href))
            .filter((url) => url.origin === location.origin)
            .map((url) => url.pathname)
        );
        for (const link of links) {
          const shape = routeShape(link);
          if (NOT_A_PAGE.test(link) || seen.has(shape)) continue;
          seen.add(shape);
          queue.push(link);
        }

        // The Tab walk, from the top of the page.
        await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
        const reached = new Set();
        for (let i = 0; i < MAX_TABS; i++) {
          await page.keyboard.press('Tab');
          const key = await page.evaluate(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return '';
            el.dataset.fpkA11yKey ??= String(Math.random());
            return el.dataset.fpkA11yKey;
          });
          if (!key || reached.has(key)) break;
          reached.add(key);
          const focus = await page.evaluate(measureFocus);
          if (!focus || !focus.visible) continue;
          judgeFocus(focus, label, totals, problems);
        }
        if (errors.length) throw new Error(`page error: ${errors[0]}`);
      } catch (error) {
        totals.failed++;
        problems.push(`${label}: could not be measured (${String(error.message).split('\n')[0]})`);
      }
    }
    await context.close();
  }
  return { totals, measured };
}
