// Opening the demo's PGlite data folder safely: take its lock first, and when the database in
// it cannot be opened, say what that means and how to get going again, or (for a reset, which
// discards the data anyway) move the damaged files aside and start fresh. Nothing is deleted.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { acquireDataLock, type DataLock } from './data-lock';
import { openDatabase, type Database } from './database';

/** Thrown when the data folder's database cannot be opened; the message says what to do. */
export class DataFolderDamagedError extends Error {
  readonly code = 'FPK_DATA_DAMAGED';
  constructor(
    readonly dataDir: string,
    override readonly cause: unknown
  ) {
    super(
      `The database in ${dataDir} cannot be opened (${describe(cause)}).\n` +
        `It is probably damaged: two processes wrote to it at once, or one was killed mid-write.\n` +
        `Nothing in it has been changed. To start again with fresh demo data, run\n` +
        `  npm run seed -- --reset\n` +
        `which moves the damaged files to ${path.join(dataDir, 'damaged-<time>')} and seeds a new database.`
    );
    this.name = 'DataFolderDamagedError';
  }
}

function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0].slice(0, 200);
}

/** Options of openDataFolder. */
export interface OpenDataFolderOptions {
  dataDir: string;
  /** Who opens it, for the lock's message to others: "the FHIR server", "npm run seed". */
  holder: string;
  /** Move a database that cannot be opened aside and create a fresh one (for a reset). */
  recoverDamaged?: boolean;
}

/** An opened data folder: its database, its lock, and where damaged files went (if they did). */
export interface OpenedDataFolder {
  db: Database;
  lock: DataLock;
  movedAside?: string;
}

/**
 * Locks a PGlite data folder and opens its database. Throws DataFolderLockedError when another
 * process holds it, and DataFolderDamagedError when its database cannot be opened (unless
 * recoverDamaged, which moves pgdata/ and binary/ into damaged-<time>/ and opens a fresh one).
 */
export async function openDataFolder(opts: OpenDataFolderOptions): Promise<OpenedDataFolder> {
  const dataDir = path.resolve(opts.dataDir);
  const lock = acquireDataLock(dataDir, opts.holder);
  try {
    try {
      return { db: await openDatabase({ dataDir }), lock };
    } catch (err) {
      if (!opts.recoverDamaged) throw new DataFolderDamagedError(dataDir, err);
    }
    const movedAside = moveAside(dataDir);
    return { db: await openDatabase({ dataDir }), lock, movedAside };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Moves the database's files (not the lock) into a new damaged-<time> folder; returns its path. */
function moveAside(dataDir: string): string {
  const target = path.join(dataDir, `damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(target);
  for (const name of ['pgdata', 'binary']) {
    const from = path.join(dataDir, name);
    if (existsSync(from)) renameSync(from, path.join(target, name));
  }
  return target;
}
