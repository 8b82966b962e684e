// The reference server's suites (vitest project `server`). With DATABASE_URL set, the PGlite and
// the PostgreSQL runs go in two processes at once: PGlite is WASM on the test process's one thread
// and PostgreSQL does its work in its own processes, so on a 2-core machine the two take about as
// long as the longer one, where one after the other they took the sum. The PostgreSQL process runs
// only the files that test both backends (those calling backends()); every other file runs once,
// in the PGlite process. Output lines carry their process's name.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? testFiles(join(dir, d.name)) : d.name.endsWith('.test.ts') ? [join(dir, d.name)] : []
  );

function run(name, args, env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'server', ...args], {
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) console.log(`[${name}] ${line}`);
      });
      stream.on('end', () => rest && console.log(`[${name}] ${rest}`));
    }
    child.on('close', (code) => {
      console.log(`[${name}] ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)}s`);
      resolve(code);
    });
  });
}

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL not set: the PostgreSQL path is skipped; the suites run on PGlite only');
  process.exit(await run('pglite', [], {}));
}
const both = testFiles('demo/server').filter((file) => readFileSync(file, 'utf8').includes('backends()'));
const codes = await Promise.all([
  run('pglite', [], { SERVER_TEST_BACKEND: 'pglite' }),
  run('postgres', both, { SERVER_TEST_BACKEND: 'postgres' }),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
