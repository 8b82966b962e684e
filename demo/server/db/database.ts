// One small interface over PGlite (embedded, WASM) and PostgreSQL (pg), so the rest of the
// server writes the same SQL for both.
import { runMigrations } from './migrations';

/** A connection to the server's database; the same SQL runs on PGlite and PostgreSQL. */
export interface Database {
  query<T = any>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
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

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  if (dataDir) await mkdir(path.join(dataDir, 'pgdata'), { recursive: true });
  const pg = dataDir ? await PGlite.create(path.join(dataDir, 'pgdata')) : await PGlite.create();
  const blobDir = dataDir ? path.join(dataDir, 'binary') : undefined;
  const lock = new Mutex();
  const raw = async (sql: string, params?: unknown[]) => {
    const result = await pg.query<any>(sql, params as any[]);
    return { rows: result.rows };
  };
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

async function openPostgres(databaseUrl: string, schema?: string): Promise<Database> {
  const pgModule = await import('pg');
  const pg = (pgModule as any).default ?? pgModule;
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
  const txDb = (client: any): Database => {
    const self: Database = {
      query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }),
      transaction: (fn) => fn(self),
      close: async () => undefined,
    };
    return self;
  };
  return {
    query: async (sql, params) => ({ rows: (await pool.query(sql, params)).rows }),
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
