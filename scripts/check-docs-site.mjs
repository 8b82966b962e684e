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
  // page and the reference's index, below), with the page's scripts running.
  const queue = ['/index.html', ...apiPages];
  const fullPages = new Set(['/index.html', '/api/index.html']);
  // The other pages load with their scripts off: what makes a page too wide is its content and the
  // theme's CSS; TypeDoc's scripts (search, theme switch, the sidebar) took about half of each load.
  const worker = async () => {
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: 800 } });
    const plain = await browser.newPage({ viewport: { width: WIDTH, height: 800 }, javaScriptEnabled: false });
    for (let path = queue.shift(); path; path = queue.shift()) {
      const response = await (fullPages.has(path) ? tab : plain).goto(base + path, { waitUntil: 'load' });
      if (!response?.ok()) problems.push(`${path}: HTTP ${response?.status()}`);
      const over = await (fullPages.has(path) ? tab : plain).evaluate(overflow);
      if (over > 0) problems.push(`${path}: ${over} px wider than ${WIDTH} px`);
      if (++checked % 100 === 0 && process.env.VERBOSE) console.log(`  ${checked} of ${apiPages.length + 1}`);
    }
    await tab.close();
    await plain.close();
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
  // The Storybook docs pages. The first opens as a reader opens it, in Storybook's manager beside
  // its sidebar: the manager itself must fit, and it gives the size of the docs pane. Every page
  // then opens in that pane's own document (iframe.html, the src the manager gives its preview
  // frame) at the pane's size, four tabs at a time: loading the whole manager again for each page
  // took most of this check's time, and the manager around the pane is the same on every page.
  const [first, ...rest] = docsEntries;
  let pane = { width: WIDTH, height: 800 };
  if (first) {
    const path = `/storybook/?path=/docs/${first.id}`;
    await page.goto(base + path, { waitUntil: 'load' });
    const frame = page.frameLocator('#storybook-preview-iframe');
    try {
      await frame.locator('.sbdocs-content').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      const outer = await page.evaluate(overflow);
      if (outer > 0) problems.push(`${path}: ${outer} px wider than ${WIDTH} px`);
      const box = await page.locator('#storybook-preview-iframe').boundingBox();
      if (box) pane = { width: Math.round(box.width), height: Math.round(box.height) };
    } catch {
      problems.push(`${path}: the docs page did not render`);
    }
  }
  const docsQueue = [first, ...rest].filter(Boolean);
  const docsWorker = async () => {
    const tab = await browser.newPage({ viewport: pane });
    tab.on('pageerror', (error) => failures.push(`${tab.url()}: ${error.message}`));
    for (let entry = docsQueue.shift(); entry; entry = docsQueue.shift()) {
      const path = `/storybook/iframe.html?viewMode=docs&id=${entry.id}`;
      await tab.goto(base + path, { waitUntil: 'load' });
      try {
        await tab.locator('.sbdocs-content').first().waitFor({ timeout: 30_000 });
      } catch {
        problems.push(`${path}: the docs page did not render`);
        continue;
      }
      // Stories on the page render after the page itself; give their layout a moment to settle.
      await tab.waitForTimeout(500);
      const inner = await tab.evaluate(overflow);
      if (inner > 0) problems.push(`${path} (${entry.title}): its content runs ${inner} px past the docs pane`);
      checked++;
      if (process.env.VERBOSE) console.log(`  ${entry.title}: ${inner}`);
    }
    await tab.close();
  };
  await Promise.all([docsWorker(), docsWorker(), docsWorker(), docsWorker()]);
  console.log(`docs site: Storybook docs pages checked in a ${pane.width} x ${pane.height} px pane (${seconds()} s)`);
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
