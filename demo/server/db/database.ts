// One small interface over PGlite (embedded, WASM) and PostgreSQL (pg), so the rest of the
// server writes the same SQL for both.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { migrations, runMigrations } from './migrations';
import { PgliteWire } from './pglite-wire';

/** A connection to the server's database; the same SQL runs on PGlite and PostgreSQL. */
export interface Database {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs fn in one SQL transaction; a throw rolls everything back. Nested calls reuse it. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Folder for Binary content when the database is embedded (PGlite on disk): PGlite moves
   * bytea through WASM slowly, so large uploads go to files. Unset: content stays in SQL.
   */
  readonly blobDir?: string;
}

/** Options for openDatabase: a PGlite folder, or a PostgreSQL URL (and optional schema). */
export interface OpenDatabaseOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL only: the schema to use (created if missing), so test runs do not collide. */
  schema?: string;
}

/**
 * Opens PostgreSQL when databaseUrl is set, else PGlite under dataDir (memory when unset), then
 * runs migrations. Layout of dataDir: pgdata/ (PGlite) and binary/ (Binary content).
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.schema) : await openPglite(opts.dataDir);
  try {
    await runMigrations(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** A promise chain used as a mutex: PGlite has one session, so a transaction must own it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * What a new PGlite needs, prepared once per process: the compiled WASM module, the file
 * bundle, and a template database (initdb done, migrations applied) as a tarball. Creating a
 * PGlite from nothing runs initdb in WASM (10-30 s on a busy 2-core machine); loading the
 * template takes 1-3 s. The template is also kept in the OS temp folder, keyed by the PGlite
 * version and the migrations, so the next process skips initdb too.
 */
interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
  template: Blob;
}
let assets: Promise<PgliteAssets> | undefined;

function pgliteAssets(): Promise<PgliteAssets> {
  assets ??= loadPgliteAssets().catch((err) => {
    assets = undefined;
    throw err;
  });
  return assets;
}

async function loadPgliteAssets(): Promise<PgliteAssets> {
  const { PGlite } = await import('@electric-sql/pglite');
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, data, pkg] = await Promise.all([
    readFile(path.join(dist, 'pglite.wasm')),
    readFile(path.join(dist, 'pglite.data')),
    readFile(path.join(dist, '..', 'package.json'), 'utf8'),
  ]);
  const pgliteWasmModule = await WebAssembly.compile(wasm);
  const fsBundle = new Blob([data]);
  const key = createHash('sha256')
    .update(JSON.parse(pkg).version ?? '')
    .update(JSON.stringify(migrations))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `fpk-pglite-template-${key}.tar`);
  try {
    return { pgliteWasmModule, fsBundle, template: new Blob([await readFile(file)]) };
  } catch {
    // No template yet: build one.
  }
  const pg = await PGlite.create({ pgliteWasmModule, fsBundle });
  try {
    await runMigrations(pgliteDatabase(pg, undefined));
    const template = await pg.dumpDataDir('none');
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(tmp, Buffer.from(await template.arrayBuffer()));
    await rename(tmp, file).catch(() => undefined);
    return { pgliteWasmModule, fsBundle, template };
  } finally {
    await pg.close();
  }
}

/** PGlite's buffer cache (PostgreSQL's default is 128MB). */
const PGLITE_SHARED_BUFFERS = '512MB';

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteWasmModule, fsBundle, template } = await pgliteAssets();
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  if (pgdata) await mkdir(pgdata, { recursive: true });
  const fresh = !pgdata || !existsSync(path.join(pgdata, 'PG_VERSION'));
  const pg = await PGlite.create({
    ...(pgdata ? { dataDir: pgdata } : {}),
    pgliteWasmModule,
    fsBundle,
    ...(fresh ? { loadDataDir: template } : {}),
    // Pages that miss the buffer cache go through the WASM file system, which is slow: keep a
    // demo database with 100,000 Observations (about 300 MB with history and index) in memory.
    startParams: [...(PGlite.defaultStartParams ?? []), '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  return pgliteDatabase(pg, dataDir ? path.join(dataDir, 'binary') : undefined);
}

function pgliteDatabase(pg: import('@electric-sql/pglite').PGlite, blobDir: string | undefined): Database {
  const lock = new Mutex();
  const wire = new PgliteWire(pg);
  const raw = <T>(sql: string, params?: unknown[]) => wire.query<T>(sql, params);
  // Inside a transaction the session is already ours: queries go straight through.
  const inTx: Database = {
    query: raw,
    transaction: (fn) => fn(inTx),
    close: async () => undefined,
    blobDir,
  };
  return {
    blobDir,
    query: (sql, params) => lock.run(() => raw(sql, params)),
    transaction: (fn) =>
      lock.run(async () => {
        await raw('BEGIN');
        try {
          const result = await fn(inTx);
          await raw('COMMIT');
          return result;
        } catch (err) {
          await raw('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    close: () => lock.run(() => pg.close()),
  };
}

/**
 * A pg query config: reads get a name, so each pooled connection parses and plans them once
 * (reads by id, searches, $everything); writes, whose texts vary with the number of rows, do not.
 */
function statement(sql: string, params: unknown[] | undefined): { text: string; values?: unknown[]; name?: string } {
  if (!/^\s*SELECT\b/i.test(sql)) return { text: sql, values: params };
  const name = `fpk_${createHash('sha1').update(sql).digest('base64url')}`;
  return { name, text: sql, values: params };
}

async function openPostgres(databaseUrl: string, schema?: string): Promise<Database> {
  const pg = (await import('pg')).default;
  if (schema && !/^[a-z_][a-z0-9_]*$/i.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  pool.on('error', (err: Error) => console.error('[db] idle client error', err.message));
  const txDb = (client: import('pg').PoolClient): Database => {
    const self: Database = {
      query: async (sql, params) => ({ rows: (await client.query(statement(sql, params))).rows }),
      transaction: (fn) => fn(self),
      close: async () => undefined,
    };
    return self;
  };
  return {
    query: async (sql, params) => ({ rows: (await pool.query(statement(sql, params))).rows }),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(txDb(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
