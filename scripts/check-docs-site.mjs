// `npm run check:docs`: loads every page of the built docs site (npm run docs) in Chromium at
// 1,280 x 800 and fails when one is wider than the screen, so nobody has to scroll sideways to read
// it. Pages: the landing page, every page of the API reference, and every docs page of Storybook
// (guides and component pages) as a reader sees it: in Storybook's own frame, beside its sidebar.
// A page is too wide when its document scrolls sideways, or when a table runs past the right edge
// (a table in a scrolling box hides its last columns: the migration guide's answer column did).
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, relative } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const SITE = 'docs-dist';
const WIDTH = 1280;
if (!existsSync(join(SITE, 'index.html'))) throw new Error(`check-docs-site: no ${SITE}/index.html; run npm run docs`);

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(SITE, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const htmlFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? htmlFiles(join(dir, d.name)) : d.name.endsWith('.html') ? [join(dir, d.name)] : []
  );
const apiPages = htmlFiles(join(SITE, 'api')).map((file) => `/${relative(SITE, file)}`);
const docsEntries = Object.values(JSON.parse(readFileSync(join(SITE, 'storybook/index.json'), 'utf8')).entries).filter(
  (e) => e.type === 'docs'
);

/** How far the document, or its widest table, runs past the right edge of its window (px). */
function overflow() {
  const width = document.documentElement.clientWidth;
  const tables = [...document.querySelectorAll('table')].map((t) => {
    const box = t.getBoundingClientRect();
    return Math.max(box.right, box.left + t.scrollWidth);
  });
  return Math.max(document.documentElement.scrollWidth, ...tables) - width;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: WIDTH, height: 800 } });
const problems = [];
const failures = [];
page.on('pageerror', (error) => failures.push(`${page.url()}: ${error.message}`));
let checked = 0;
const startedAt = Date.now();
const seconds = () => ((Date.now() - startedAt) / 1000).toFixed(1);
try {
  // The static pages (hundreds in the API reference) in four tabs at a time. TypeDoc's sidebar is
  // one tree of the whole site, the same on every page, built by navigation.js from nothing on each
  // load (two thirds of a page's time here). It is checked in full on the first pages (the landing
  // page and the reference's index, below); the other pages load without it, their content as is.
  const queue = ['/index.html', ...apiPages];
  const fullPages = new Set(['/index.html', '/api/index.html']);
  const worker = async () => {
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: 800 } });
    await tab.route(/\/api\/assets\/navigation\.js$/, (route) =>
      fullPages.has(new URL(route.request().frame().url()).pathname) ? route.continue() : route.abort()
    );
    for (let path = queue.shift(); path; path = queue.shift()) {
      const response = await tab.goto(base + path, { waitUntil: 'load' });
      if (!response?.ok()) problems.push(`${path}: HTTP ${response?.status()}`);
      const over = await tab.evaluate(overflow);
      if (over > 0) problems.push(`${path}: ${over} px wider than ${WIDTH} px`);
      if (++checked % 100 === 0 && process.env.VERBOSE) console.log(`  ${checked} of ${apiPages.length + 1}`);
    }
    await tab.close();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  console.log(
    `docs site: ${checked} static pages checked (${seconds()} s); now the ${docsEntries.length} Storybook docs pages`
  );
  // The landing page's links all lead somewhere.
  await page.goto(`${base}/index.html`);
  for (const href of await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')))) {
    if (/^https?:/.test(href)) continue;
    const file = join(SITE, href.split('?')[0]);
    if (!existsSync(file)) problems.push(`index.html links to ${href}, which is not in the site`);
  }
  for (const entry of docsEntries) {
    const path = `/storybook/?path=/docs/${entry.id}`;
    await page.goto(base + path, { waitUntil: 'load' });
    const frame = page.frameLocator('#storybook-preview-iframe');
    try {
      await frame.locator('.sbdocs-content').first().waitFor({ timeout: 30_000 });
    } catch {
      problems.push(`${path}: the docs page did not render`);
      continue;
    }
    // Stories on the page render after the page itself; give their layout a moment to settle.
    await page.waitForTimeout(500);
    const outer = await page.evaluate(overflow);
    const inner = await page.frame({ name: 'storybook-preview-iframe' })?.evaluate(overflow);
    if (outer > 0) problems.push(`${path}: ${outer} px wider than ${WIDTH} px`);
    if (inner > 0) problems.push(`${path} (${entry.title}): its content runs ${inner} px past the docs pane`);
    checked++;
    if (process.env.VERBOSE) console.log(`  ${entry.title}: ${outer}, ${inner}`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(
  `docs site at ${WIDTH} px: ${checked} pages checked (landing 1, API reference ${apiPages.length}, Storybook docs ${docsEntries.length}) in ${seconds()} s; ${problems.length} too wide or broken`
);
for (const problem of problems) console.log(`  ${problem}`);
if (failures.length) console.log(`script errors on the pages (not failing the check):\n  ${failures.join('\n  ')}`);
process.exit(problems.length ? 1 : 0);
