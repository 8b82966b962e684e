// `npm run a11y`: the figures of the accessibility statement, measured in Chromium on the built
// docs site (run `npm run docs` first, or pass --build). Every story the site lists, found from its
// index.json (new stories join by themselves), is opened alone and gets:
//   - axe-core with the WCAG 2.0/2.1 A and AA rules, violations counted by impact;
//   - a Tab walk: Tab through the story (up to 40 presses), and for each control reached, whether
//     its focus indicator shows (its outline, else the widest spread of its box-shadow),
//     at least 2 px wide, in a colour of 3:1 or more against the background behind it.
// Then every route of the demo portal, as a visitor, the patient and the practitioner, gets the
// same (scripts/a11y-routes.mjs), and the main journeys are done by keyboard alone
// (scripts/a11y-journeys.mjs). `--stories-only` or `--routes-only` measures one half.
// A story is measured once Storybook is done with it (rendered, play function run, the a11y
// addon's own check over); one that fails to render, whose play function throws or that leaves
// the preview page is reported by id with the reason, and the next story starts on a fresh preview.
// Prints one line per problem (a story id or a route, and the control by tag, role and name), then
// the totals; exits 1 on any serious or critical axe violation, a story or route that cannot be
// measured, or a control (of the kit in stories, any on routes) whose focus ring is missing,
// thinner than 2 px or below 3:1.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { judgeFocus, measureFocus } from './a11y-focus.mjs';
import { measureJourneys } from './a11y-journeys.mjs';
import { measureRoutes, startDemo } from './a11y-routes.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const SITE = 'docs-dist/storybook';
const MAX_TABS = 40;
const measureStories = !process.argv.includes('--routes-only');
const measureTheRoutes = !process.argv.includes('--stories-only');
if (measureStories && (process.argv.includes('--build') || !existsSync(join(SITE, 'index.json')))) {
  console.log('Building the docs site (npm run docs)...');
  execSync('npm run docs', { stdio: 'inherit' });
}
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const stories = measureStories
  ? Object.values(JSON.parse(readFileSync(join(SITE, 'index.json'), 'utf8')).entries).filter(
      (entry) => entry.type === 'story'
    )
  : [];

// The static site over HTTP (Storybook's iframe does not load from file: URLs).
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(SITE, path.endsWith('/') ? `${path}index.html` : path);
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const totals = {
  stories: 0,
  failedToLoad: 0,
  critical: 0,
  serious: 0,
  moderate: 0,
  minor: 0,
  controls: 0,
  harness: 0,
  frames: 0,
  ringOk: 0,
  thin: 0,
  lowContrast: 0,
  noRing: 0,
};
const problems = [];
let routes;
let journeys;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  if (stories.length) await measureAllStories();
  if (measureTheRoutes) {
    console.log('Measuring the demo portal: every route, then the keyboard journeys...');
    const demo = await startDemo();
    try {
      routes = await measureRoutes(browser, demo.portalUrl, { axeSource, problems });
      journeys = await measureJourneys(browser, demo.portalUrl, { problems });
    } finally {
      await demo.stop();
    }
  }
} finally {
  await browser.close();
  server.close();
}

/** Loads Storybook's preview page and waits until its story index is in, then adds axe-core to it. */
async function openPreview(page) {
  await page.goto(`${base}/iframe.html`);
  await page.waitForFunction(() => window.__STORYBOOK_ADDONS_CHANNEL__ && window.__STORYBOOK_PREVIEW__, null, {
    timeout: 120_000,
  });
  // The preview object exists before its story store does; a story asked for earlier is lost.
  await page.evaluate(() => window.__STORYBOOK_PREVIEW__.ready());
  await page.addScriptTag({ content: axeSource });
}

/**
 * In the page: shows the story and resolves once Storybook is done with it, with 'ok', 'error: ...'
 * (the story or its play function threw) or 'missing'. Done means Storybook's STORY_FINISHED, not
 * STORY_RENDERED: after the play function the a11y addon still runs axe in an afterEach step, and
 * a story switched away from before that ends makes Storybook reload the whole page (StoryRender's
 * teardown of a pending render), which is what lost every story after the first such switch.
 */
function showStory(id) {
  return new Promise((resolve) => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
    let error = '';
    const text = (e) => String(e?.message ?? e?.title ?? e?.description ?? e).split('\n')[0];
    const handlers = {
      playFunctionThrewException: (e) => (error ||= `its play function failed: ${text(e)}`),
      storyThrewException: (e) => (error ||= `it threw while rendering: ${text(e)}`),
      storyErrored: (e) => (error ||= `it did not render: ${text(e)}`),
      storyMissing: () => done('missing'),
      storyFinished: (e) => e?.storyId === id && done(error ? `error: ${error}` : 'ok'),
    };
    const done = (result) => {
      for (const [event, handler] of Object.entries(handlers)) channel.off(event, handler);
      clearTimeout(timer);
      resolve(result);
    };
    for (const [event, handler] of Object.entries(handlers)) channel.on(event, handler);
    const timer = setTimeout(() => done(error ? `error: ${error}` : 'timeout'), 30_000);
    channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
  });
}

async function measureAllStories() {
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce' });
  // One page for all stories: Storybook's preview loads once, then switches stories over its
  // channel (as its own manager does), which is many times faster than a page load per story.
  const page = await context.newPage();
  // A story that loads another document (a link its play function follows, a reload) ends the
  // preview; it is reported by name and the preview is loaded afresh for the next story.
  let navigatedTo = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname !== '/iframe.html') navigatedTo = frame.url();
  });
  page.on('load', () => (navigatedTo ||= 'a reload of the preview'));
  await openPreview(page);
  navigatedTo = '';
  for (const story of stories) {
    totals.stories++;
    const label = story.id;
    try {
      if (navigatedTo) {
        navigatedTo = '';
        await openPreview(page);
        navigatedTo = '';
      }
      // Rendered, play function and the addon's checks included.
      const outcome = await page.evaluate(showStory, story.id);
      if (navigatedTo) throw new Error(`the story left the preview (${navigatedTo})`);
      if (outcome.startsWith('error: ')) throw new Error(outcome.slice('error: '.length));
      if (outcome !== 'ok') throw new Error(`the story did not render (${outcome})`);
      const violations = await page.evaluate(async () => {
        const options = {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        };
        // The a11y addon's own run has ended with the story, but one run at a time: wait if not.
        for (let attempt = 0; ; attempt++) {
          try {
            const result = await window.axe.run('#storybook-root', options);
            return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
          } catch (error) {
            if (attempt > 100 || !/already running/.test(String(error))) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      });
      for (const v of violations) {
        totals[v.impact] += v.nodes;
        if (v.impact === 'serious' || v.impact === 'critical')
          problems.push(`${label}: axe ${v.id} (${v.impact}) on ${v.nodes} node(s)`);
      }
      // The Tab walk, from the top of the story. blur() alone is not enough: Chromium's next Tab
      // starts from where focus was (the button a play function clicked last), so focus goes to a
      // marker at the top of the page first, and the marker goes with the first Tab.
      await page.evaluate(() => {
        const start = document.createElement('div');
        start.tabIndex = -1;
        start.dataset.fpkA11yStart = '';
        document.body.prepend(start);
        start.focus();
      });
      const seen = new Set();
      for (let i = 0; i < MAX_TABS; i++) {
        await page.keyboard.press('Tab');
        const key = await page.evaluate(() => {
          document.querySelector('[data-fpk-a11y-start]')?.remove();
          const el = document.activeElement;
          if (!el || el === document.body) return '';
          el.dataset.fpkA11yKey ??= String(Math.random());
          return el.dataset.fpkA11yKey;
        });
        if (!key || seen.has(key)) break;
        seen.add(key);
        const focus = await page.evaluate(measureFocus);
        if (!focus || !focus.visible) continue;
        if (!focus.ours) {
          totals.harness++;
          continue;
        }
        // Focus in a frame (AttachmentDisplay's PDF) is in the framed document, whose own focus
        // indicators this page cannot see; counted apart, named in the statement's gaps.
        if (focus.frame) {
          totals.frames++;
          continue;
        }
        judgeFocus(focus, label, totals, problems);
      }
      if (navigatedTo) throw new Error(`the story left the preview during the Tab walk (${navigatedTo})`);
    } catch (error) {
      totals.failedToLoad++;
      problems.push(`${label}: could not be measured (${String(error.message).split('\n')[0]})`);
      // Whatever state the failure left, the next story starts on a fresh preview.
      navigatedTo ||= 'after a failure';
    }
    if (totals.stories % 10 === 0) console.log(`  ${totals.stories} of ${stories.length} stories measured`);
  }
  await context.close();
}

for (const problem of problems) console.log(`  ${problem}`);
const lines = [
  `Accessibility figures (npm run a11y, ${new Date().toISOString().slice(0, 10)}, Chromium, axe-core ${
    JSON.parse(readFileSync(createRequire(import.meta.url).resolve('axe-core/package.json'), 'utf8')).version
  })`,
];
if (measureStories) {
  lines.push(
    `  stories measured:             ${totals.stories - totals.failedToLoad} of ${totals.stories}`,
    `  axe violations (WCAG 2.1 AA): critical ${totals.critical}, serious ${totals.serious}, moderate ${totals.moderate}, minor ${totals.minor} (nodes)`,
    `  controls reached by Tab:      ${totals.controls} of the kit (and ${totals.harness} of the stories' own harness, ${totals.frames} frame(s) with focus inside, not measured)`,
    `    focus ring ≥ 2 px, ≥ 3:1:   ${totals.ringOk}`,
    `    ring thinner than 2 px:     ${totals.thin}`,
    `    ring below 3:1 contrast:    ${totals.lowContrast}`,
    `    no focus ring:              ${totals.noRing}`
  );
}
if (routes) {
  const r = routes.totals;
  const byRole = Object.entries(routes.measured).map(([role, list]) => `${role} ${list.length}`);
  lines.push(
    `  demo portal routes measured:  ${r.routes} of ${r.routes + r.failed} (${byRole.join(', ')})`,
    `  axe violations (WCAG 2.1 AA): critical ${r.critical}, serious ${r.serious}, moderate ${r.moderate}, minor ${r.minor} (nodes)`,
    `  controls reached by Tab:      ${r.controls}`,
    `    focus ring ≥ 2 px, ≥ 3:1:   ${r.ringOk}`,
    `    ring thinner than 2 px:     ${r.thin}`,
    `    ring below 3:1 contrast:    ${r.lowContrast}`,
    `    no focus ring:              ${r.noRing}`
  );
  lines.push(
    `  keyboard-only journeys:       ${journeys.completed.length} of ${journeys.total} completed (${journeys.completed.join(', ') || 'none'})`
  );
  if (process.argv.includes('--list'))
    for (const [role, list] of Object.entries(routes.measured)) console.log(`  ${role}: ${list.join(', ')}`);
}
console.log(`\n${lines.join('\n')}`);
const failures = (t) => t.critical + t.serious + t.noRing + t.thin + t.lowContrast;
process.exit(
  failures(totals) +
    totals.failedToLoad +
    (routes ? failures(routes.totals) + routes.totals.failed + journeys.total - journeys.completed.length : 0) >
    0
    ? 1
    : 0
);
