// `npm run bench:chart`: the vitals chart (ObservationChart, visx) in Debian's Chromium with 100,
// 1,000 and 5,000 points. Prints, median of three runs: time from render to the first painted
// frame with the chart drawn (its code already loaded), and the cost of moving the tooltip one
// point (ArrowRight on the plot to the next painted frame with the tooltip: the render a hover
// makes), median over 20 moves. Goals: 5,000 points in under
// 150 ms; a hover within one frame (16.7 ms).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const SIZES = [100, 1000, 5000];
const RUNS = 3;
const dist = '.tmp/bench-chart';

mkdirSync(dist, { recursive: true });
await build({
  entryPoints: ['bench/chart/main.tsx'],
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  outdir: dist,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>chart bench</title><link rel="stylesheet" href="/main.css"></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>'
);

const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const file = join(dist, path === '/' ? 'index.html' : path);
  try {
    const body = readFileSync(file);
    res.writeHead(200, {
      'content-type':
        { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' }[extname(file)] ??
        'application/octet-stream',
    });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n) => `${n.toFixed(1).padStart(6)} ms`;

console.log(`ObservationChart in Chromium (median of ${RUNS} runs; load average ${loadavg()[0].toFixed(1)})\n`);
try {
  for (const size of SIZES) {
    const paints = [];
    const hovers = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
      await page.goto(base);
      await page.waitForFunction(() => typeof window.renderChart === 'function');
      paints.push(await page.evaluate((n) => window.renderChart(n), size));
      hovers.push(median(await page.evaluate(() => window.hoverChart(20))));
      await page.close();
    }
    console.log(
      `${String(size).padStart(5)} points   first paint ${ms(median(paints))}   tooltip move ${ms(median(hovers))}`
    );
  }
} finally {
  await browser.close();
  server.close();
}
