// `npm run bench:server`: the reference server under load on loopback. Loads 100,000
// Observations over 500 patients, then runs autocannon (32 connections) against three calls and
// prints requests/s with p50/p99 latency: PGlite always, PostgreSQL too when DATABASE_URL is set.
// Then a real user's sign-in (password, then the code exchange) while 64 loops send wrong
// passwords for another account, each loop from its own loopback address; and another user's
// read while four maximum-size C-CDA validations and a maximum-size Observation write run.
//   npm run bench:server -- --observations 20000 --duration 10
//   npm run bench:server -- --only login      (the sign-in figure alone, on the seed data)
//   npm run bench:server -- --only heavy      (the heavy-work figure alone, on the seed data)
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RunningServer } from '../demo/server/app';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DemoCredentials } from '../demo/server/seed/credentials';
import { measureReadUnderHeavyWork } from './heavy-work';
import { measureLoginUnderFlood } from './login-flood';
import { analyzeTables } from '../demo/server/store/index-writer';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const OBSERVATIONS = arg('observations', 100_000);
const PATIENTS = arg('patients', 500);
const DURATION = arg('duration', 10);
const CONNECTIONS = 32;
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const ONLY_LOGIN = ONLY === 'login';
const ONLY_HEAVY = ONLY === 'heavy';
const CODES = [
  ['8867-4', 'Heart rate', 'beats/minute'],
  ['8310-5', 'Body temperature', 'C'],
  ['29463-7', 'Body weight', 'lbs'],
  ['9279-1', 'Respiratory rate', 'breaths/minute'],
];

async function load(server: RunningServer): Promise<{ patientIds: string[]; observationIds: string[] }> {
  const repo = server.ctx.systemRepo;
  const patientIds: string[] = [];
  const observationIds: string[] = [];
  const started = Date.now();
  // Bulk writes (the seed's path): validated and indexed like single creates, a few statements per chunk.
  const patients: any[] = await repo.writeMany(
    Array.from({ length: PATIENTS }, (_, i) => ({
      resourceType: 'Patient',
      name: [{ given: [`Bench${i}`], family: 'Patient' }],
      birthDate: '1980-01-01',
    }))
  );
  patientIds.push(...patients.map((p) => p.id));
  const perPatient = Math.ceil(OBSERVATIONS / PATIENTS);
  const batch = 2000;
  for (let n = 0; n < OBSERVATIONS; n += batch) {
    const chunk: any[] = [];
    for (let i = n; i < Math.min(n + batch, OBSERVATIONS); i++) {
      const [code, display, unit] = CODES[i % CODES.length];
      const patientId = patientIds[Math.floor(i / perPatient) % PATIENTS];
      chunk.push({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code, display }], text: display },
        subject: { reference: `Patient/${patientId}` },
        effectiveDateTime: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        valueQuantity: { value: 50 + (i % 50), unit, system: 'http://unitsofmeasure.org', code: unit },
      });
    }
    const stored: any[] = await repo.writeMany(chunk, 1000);
    observationIds.push(...stored.map((o) => o.id));
    process.stdout.write(`\r  loaded ${n + chunk.length} observations`);
  }
  await analyzeTables(server.ctx.db);
  console.log(
    `\r  loaded ${PATIENTS} patients and ${OBSERVATIONS} observations in ${((Date.now() - started) / 1000).toFixed(0)} s`
  );
  return { patientIds, observationIds };
}

async function token(server: RunningServer): Promise<string> {
  const res = await fetch(new URL('oauth2/token', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
    }),
  });
  const body: any = await res.json();
  if (!body.access_token) throw new Error(`No token: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function run(name: string, server: RunningServer, accessToken: string, nextPath: () => string): Promise<void> {
  const url = new URL(server.url);
  const result: any = await autocannon({
    url: `${url.protocol}//${url.host}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/fhir+json' },
    requests: [{ setupRequest: (req: any) => ({ ...req, path: nextPath() }) }],
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const bad = result.non2xx + result.errors;
  console.log(
    `  ${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${bad ? `   (${bad} failed)` : ''}`
  );
}

interface Loaded {
  url: string;
  patientIds: string[];
  observationIds: string[];
  accessToken: string;
}

/**
 * The server side of a run, in a child process (`--serve`): starts the server, loads the data,
 * reports over IPC, and closes when told. On a 2-core machine autocannon in the same process
 * would take the server's event loop for itself and measure its own overhead.
 */
async function serve(options: { dataDir?: string; databaseUrl?: string; databaseSchema?: string }): Promise<void> {
  const server = await createServer({ port: 0, seed: true, ...options });
  const { patientIds, observationIds } =
    ONLY_LOGIN || ONLY_HEAVY ? { patientIds: [], observationIds: [] } : await load(server);
  const accessToken = await token(server);
  process.send!({ url: server.url, patientIds, observationIds, accessToken } satisfies Loaded);
  process.once('message', async () => {
    await server.close();
    process.exit(0);
  });
}

async function bench(label: string, options: { dataDir?: string; databaseUrl?: string; databaseSchema?: string }) {
  console.log(`\n${label}`);
  const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), '--serve', JSON.stringify(options)], {
    execArgv: process.execArgv,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const loaded = await Promise.race([
    new Promise<Loaded>((resolve) => child.once('message', (m) => resolve(m as Loaded))),
    exited.then((code) => {
      throw new Error(`the server process exited (${code}) before it was ready`);
    }),
  ]);
  try {
    const server = { url: loaded.url } as RunningServer;
    const { patientIds, observationIds, accessToken } = loaded;
    const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
    if (ONLY_LOGIN) return await loginFigure(loaded.url);
    if (ONLY_HEAVY) return await heavyFigure(loaded.url, accessToken);
    await run('read Observation by id', server, accessToken, () => `/fhir/R4/Observation/${pick(observationIds)}`);
    await run('search Observation patient+code', server, accessToken, () => {
      const [code] = pick(CODES);
      return `/fhir/R4/Observation?patient=Patient/${pick(patientIds)}&code=http://loinc.org|${code}`;
    });
    await run('Patient/$everything', server, accessToken, () => `/fhir/R4/Patient/${pick(patientIds)}/$everything`);
    await loginFigure(loaded.url);
    await heavyFigure(loaded.url, accessToken);
  } finally {
    child.send('close');
    await exited;
  }
}

/** Prints the sign-in figure: the real user's p50/p99 and what the flood got back. */
async function loginFigure(url: string): Promise<void> {
  const result = await measureLoginUnderFlood({
    url,
    user: DemoCredentials.patient,
    // The target account: the flood guesses its password.
    target: DemoCredentials.doctor.email,
    loops: 64,
    durationMs: DURATION * 1000,
  });
  const flood = Object.entries(result.floodStatuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  console.log(
    `  ${'sign-in while 64 loops guess'.padEnd(34)} ${String(result.logins).padStart(6)} logins   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms${result.failed ? `   (${result.failed} failed)` : ''}\n` +
      `  ${''.padEnd(34)} the flood: ${result.floodRequests} wrong passwords answered (${flood})`
  );
}

/** Prints the heavy-work figure: another user's read p50/max while the heaviest requests run. */
async function heavyFigure(url: string, accessToken: string): Promise<void> {
  const result = await measureReadUnderHeavyWork({ url, accessToken, durationMs: DURATION * 1000 });
  const tally = (t: Record<string, number>) =>
    Object.entries(t)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  console.log(
    `  another user's read while 4 maximum-size C-CDA validations and a maximum-size Observation write run:\n` +
      `  ${''.padEnd(34)} ${String(result.reads).padStart(6)} reads    p50 ${String(result.p50).padStart(4)} ms   max ${String(result.max).padStart(4)} ms (goal < 1000)${result.failed ? `   (${result.failed} failed)` : ''}\n` +
      `  ${''.padEnd(34)} validations: ${tally(result.validations)}; writes: ${tally(result.writes)}`
  );
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex > 0) {
  await serve(JSON.parse(process.argv[serveIndex + 1]));
} else {
  console.log(
    `Reference server benchmark: ${OBSERVATIONS} observations, ${PATIENTS} patients, autocannon ${CONNECTIONS} connections, ${DURATION} s per call (server in its own process)`
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'fpk-bench-'));
  try {
    await bench('PGlite (embedded Postgres)', { dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const databaseSchema = `bench_${Date.now()}`;
    try {
      await bench('PostgreSQL (DATABASE_URL)', { databaseUrl: process.env.DATABASE_URL, databaseSchema });
    } finally {
      // 100,000 Observations with history and index rows: do not leave them in the database.
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${databaseSchema}" CASCADE`).finally(() => client.end());
    }
  } else {
    console.log('\nDATABASE_URL not set: PostgreSQL run skipped.');
  }
}
