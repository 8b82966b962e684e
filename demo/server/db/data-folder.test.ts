import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from '../app';
import { DataFolderDamagedError, openDataFolder } from './data-folder';
import { acquireDataLock, DATA_LOCK_FILE, DataFolderLockedError } from './data-lock';
import { openDatabase } from './database';

const root = path.resolve(import.meta.dirname, '../../..');
// Each of these opens PGlite (WASM) once or twice, some in a child process: slow on a busy machine.
const SLOW = 120_000;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fpk-data-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one of the demo's command-line entry points the way npm scripts do; resolves with its output. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

function runCli(file: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: root,
      // The data folder is PGlite's: a DATABASE_URL from CI would send the CLI to PostgreSQL.
      env: { ...withoutDatabaseUrl(process.env), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function writeLock(pid: number, holder = 'the FHIR server') {
  writeFileSync(
    path.join(dir, DATA_LOCK_FILE),
    JSON.stringify({ pid, holder, hostname: hostname(), since: '2026-01-01T00:00:00.000Z' })
  );
}

describe('acquireDataLock', () => {
  it('refuses a second holder while the first holds the folder, and admits it after release', () => {
    const first = acquireDataLock(dir, 'the FHIR server');
    expect(() => acquireDataLock(dir, 'npm run seed')).toThrow(DataFolderLockedError);
    expect(() => acquireDataLock(dir, 'npm run seed')).toThrow(
      `The data folder ${dir} is in use by the FHIR server (pid ${process.pid}`
    );
    first.release();
    expect(existsSync(path.join(dir, DATA_LOCK_FILE))).toBe(false);
    acquireDataLock(dir, 'npm run seed').release();
  });

  it('records the holder in the lock file', () => {
    const lock = acquireDataLock(dir, 'npm run seed');
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'npm run seed' });
    lock.release();
  });

  describe('when the lock was left by a process that is gone', () => {
    it('replaces it and says whose it was', () => {
      const gone = spawnSync(process.execPath, ['-e', '']).pid!;
      writeLock(gone);
      const lock = acquireDataLock(dir, 'npm run seed');
      expect(lock.replacedStale?.pid).toBe(gone);
      lock.release();
    });

    it('replaces a half-written lock file', () => {
      writeFileSync(path.join(dir, DATA_LOCK_FILE), '{"pid":');
      acquireDataLock(dir, 'npm run seed').release();
    });
  });

  describe('when another live process holds it', () => {
    it('refuses with its pid until that process ends', async () => {
      const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      try {
        writeLock(holder.pid!);
        expect(() => acquireDataLock(dir, 'npm run seed')).toThrow(
          `(pid ${holder.pid}, since 2026-01-01T00:00:00.000Z)`
        );
      } finally {
        const exited = new Promise((resolve) => holder.once('exit', resolve));
        holder.kill();
        await exited;
      }
      acquireDataLock(dir, 'npm run seed').release();
    });
  });
});

describe('npm run seed -- --reset while the server runs', () => {
  it(
    'refuses, names the server, and leaves the server and its data working',
    async () => {
      const server = await createServer({ port: 0, dataDir: dir, seed: false });
      try {
        await server.ctx.db.query(`SELECT 1`);
        const result = await runCli('demo/server/seed-cli.ts', ['--reset'], { DATA_DIR: dir });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          `[seed] The data folder ${dir} is in use by the FHIR server (pid ${process.pid}`
        );
        expect(result.stdout).not.toContain('seeded');
        const health = await fetch(`${server.url}healthcheck`);
        expect(health.status).toBe(200);
      } finally {
        await server.close();
      }
      expect(existsSync(path.join(dir, DATA_LOCK_FILE))).toBe(false);
    },
    SLOW
  );
});

describe('a damaged data folder', () => {
  // One damaged database, copied into each test's folder: opening PGlite is the slow part.
  let damaged: string;
  const garbage = Buffer.alloc(8192, 0x5a);
  beforeAll(async () => {
    damaged = mkdtempSync(path.join(tmpdir(), 'fpk-damaged-'));
    const db = await openDatabase({ dataDir: damaged });
    await db.close();
    writeFileSync(path.join(damaged, 'pgdata/global/pg_control'), garbage);
  }, SLOW);
  afterAll(() => rmSync(damaged, { recursive: true, force: true }));
  const damage = () => cpSync(damaged, dir, { recursive: true });

  it(
    'is explained, left as it was, and unlocked',
    async () => {
      damage();
      const error = await openDataFolder({ dataDir: dir, holder: 'the FHIR server' }).catch((e) => e);
      expect(error).toBeInstanceOf(DataFolderDamagedError);
      expect(error.message).toContain(`The database in ${dir} cannot be opened`);
      expect(error.message).toContain('npm run seed -- --reset');
      expect(readFileSync(path.join(dir, 'pgdata/global/pg_control'))).toEqual(garbage);
      expect(existsSync(path.join(dir, DATA_LOCK_FILE))).toBe(false);
    },
    SLOW
  );

  it(
    'stops the server with the explanation instead of a stack trace',
    async () => {
      damage();
      const result = await runCli('demo/server/main.ts', [], { DATA_DIR: dir, FHIR_PORT: '0' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`[server] The database in ${dir} cannot be opened`);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
    SLOW
  );

  it(
    'is moved aside, not deleted, by a reset, which then opens a fresh database',
    async () => {
      damage();
      const { db, lock, movedAside } = await openDataFolder({
        dataDir: dir,
        holder: 'npm run seed',
        recoverDamaged: true,
      });
      try {
        expect((await db.query<{ ok: number }>('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
        expect(readFileSync(path.join(movedAside!, 'pgdata/global/pg_control'))).toEqual(garbage);
      } finally {
        await db.close();
        lock.release();
      }
    },
    SLOW
  );
});
