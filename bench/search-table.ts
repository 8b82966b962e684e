// `npm run bench:search-table`: SearchTable over 10,000 patients on the reference server
// (PGlite), in Debian's Chromium. Prints, median of five runs: the first page painted (render to
// the frame that shows its 20 rows, the server's search included), and sorting and filtering a
// page: from the server's answer to the frame that shows it (the server's time printed beside).
// Goals (issue 14): first page under 300 ms; sorting or filtering under 100 ms after the response.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createServer } from '../demo/server/app';
import { signAccessToken } from '../demo/server/auth/jwt';
import { analyzeTables } from '../demo/server/store/index-writer';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const PATIENTS = 10_000;
const RUNS = 5;
const dist = '.tmp/bench-search-table';
const GIVEN = ['Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farid', 'Grace', 'Hiro', 'Imani', 'Jonas', 'Kai', 'Lena'];
const FAMILY = ['Abbott', 'Brennan', 'Castillo', 'Dubois', 'Eklund', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen'];

mkdirSync(dist, { recursive: true });
await build({
  entryPoints: ['bench/search-table/main.tsx'],
  bundle: true,
  format: 'esm',
  minify: true,
  outdir: dist,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>search table bench</title><link rel="stylesheet" href="/main.css"></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>'
);
const pageServer = createHttpServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    const file = join(dist, path === '/' ? 'index.html' : path);
    const type = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' }[extname(file)];
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': type ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}`;

const dataDir = mkdtempSync(join(tmpdir(), 'fpk-bench-table-'));
const api = await createServer({ port: 0, dataDir, seed: false, corsOrigins: [pageUrl] });
const repo = api.ctx.systemRepo;
console.log(`Loading ${PATIENTS.toLocaleString('en-US')} patients...`);
await repo.writeMany(
  Array.from({ length: PATIENTS }, (_, n) => ({
    resourceType: 'Patient',
    name: [
      { given: [GIVEN[n % GIVEN.length]!], family: `${FAMILY[Math.floor(n / GIVEN.length) % FAMILY.length]}${n}` },
    ],
    gender: n % 2 ? 'male' : 'female',
    birthDate: `${1930 + (n % 90)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
  }))
);
await analyzeTables(api.ctx.db);
// A practitioner of the default project with a live login, as a signed-in member would be.
const project = api.ctx.defaultProjectId!;
await repo.updateResource({ resourceType: 'Project', id: project, name: 'Bench' } as never);
const doctor = await repo.createResource<any>({ resourceType: 'Practitioner', name: [{ family: 'Bench' }] });
const user = await repo.createResource<any>({
  resourceType: 'User',
  email: `${randomUUID()}@example.com`,
  passwordHash: 'x',
});
const membership = await repo.createResource<any>({
  resourceType: 'ProjectMembership',
  project: { reference: `Project/${project}` },
  user: { reference: `User/${user.id}` },
  profile: { reference: `Practitioner/${doctor.id}` },
});
const login = await repo.createResource<any>({
  resourceType: 'Login',
  user: { reference: `User/${user.id}` },
  membership: { reference: `ProjectMembership/${membership.id}` },
  granted: true,
  authTime: new Date().toISOString(),
  scope: 'openid profile',
});
const token = await signAccessToken(api.ctx.jwtSecret, {
  sub: user.id,
  login_id: login.id,
  profile: `Practitioner/${doctor.id}`,
  scope: 'openid profile',
  iss: api.ctx.baseUrl,
});

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
const results: Record<string, { response: number[]; paint: number[] }> = {};
const record = (name: string, r: { response: number; paint: number }) => {
  results[name] ??= { response: [], paint: [] };
  results[name].response.push(r.response);
  results[name].paint.push(r.paint);
};

try {
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pageUrl);
    await page.waitForFunction(() => typeof window.start === 'function');
    record('first page', await page.evaluate(([url, t]) => window.start(url!, t!), [api.url, token]));
    record(
      'sort by birthdate',
      await page.evaluate(() => window.step(window.sortBy('Birthdate'), (rows) => rows[0]!.includes('1930-01-01')))
    );
    record(
      'sort descending',
      await page.evaluate(() => window.step(window.sortBy('Birthdate'), (rows) => rows[0]!.includes('2019-')))
    );
    record(
      'filter by name',
      await page.evaluate(() =>
        window.step(window.filter('Garcia'), (rows) => rows.length > 0 && rows.every((r) => r.includes('Garcia')))
      )
    );
    await page.close();
  }
  console.log(
    `\nSearchTable over ${PATIENTS.toLocaleString('en-US')} patients in Chromium (median of ${RUNS} runs; load average ${loadavg()[0]!.toFixed(1)})\n`
  );
  const first = results['first page']!;
  console.log(
    `first page painted            ${ms(median(first.paint))}   (server answered at ${ms(median(first.response))})   goal < 300 ms`
  );
  for (const name of ['sort by birthdate', 'sort descending', 'filter by name']) {
    const r = results[name]!;
    console.log(
      `${name.padEnd(28)} ${ms(median(r.paint))} after the response   (request to response ${ms(median(r.response))})   goal < 100 ms`
    );
  }
} finally {
  await browser.close();
  pageServer.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
