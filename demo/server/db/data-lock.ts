// One process at a time in a PGlite data folder. PGlite has no postmaster and no lock of its own:
// a second process (say `npm run seed -- --reset` while the server runs) writes the same files
// from its own memory and leaves a database that no later start can open. A lock file with the
// holder's pid makes the second process refuse with a message instead.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock file's name inside the data folder. */
export const DATA_LOCK_FILE = 'fpk.lock';

/** What the lock file records about its holder. */
export interface DataLockHolder {
  pid: number;
  /** Who holds it, in words: "the FHIR server", "npm run seed". */
  holder: string;
  hostname: string;
  /** ISO timestamp of when the lock was taken. */
  since: string;
}

/** A held lock; release() removes the file (once). */
export interface DataLock {
  readonly file: string;
  release(): void;
}

/** Thrown when another live process holds the data folder; the message says what to do. */
export class DataFolderLockedError extends Error {
  readonly code = 'FPK_DATA_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly lockHolder: DataLockHolder,
    readonly file: string
  ) {
    const since = lockHolder.since ? `, since ${lockHolder.since}` : '';
    super(
      `The data folder ${dataDir} is in use by ${lockHolder.holder} (pid ${lockHolder.pid}${since}).\n` +
        `Two processes writing one PGlite folder corrupt it, so this one stops here.\n` +
        `Stop ${lockHolder.holder} first (Ctrl+C where it runs, or kill ${lockHolder.pid}), then run this command again.\n` +
        `If no such process is running, delete ${file}.`
    );
    this.name = 'DataFolderLockedError';
  }
}

/** Lock files this process holds, so a lock left by an earlier process that had our pid is stale. */
const heldHere = new Set<string>();

/** True when the process exists (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): DataLockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(parsed?.pid) && parsed.pid > 0 ? (parsed as DataLockHolder) : undefined;
  } catch {
    // Missing, half-written by a process killed mid-write, or not ours: no live holder.
    return undefined;
  }
}

/** A lock whose holder is gone: a dead pid, our own pid not held by us (reused), or an unreadable file. */
function isStale(file: string, holder: DataLockHolder | undefined): boolean {
  if (!holder) return true;
  // Another machine's pid (a shared folder) cannot be checked from here: assume it is alive.
  if (holder.hostname && holder.hostname !== os.hostname()) return false;
  if (holder.pid === process.pid) return !heldHere.has(file);
  return !isAlive(holder.pid);
}

/**
 * Takes the data folder's lock for this process, creating the folder if needed. A stale lock
 * (its process is gone) is replaced, and the returned `replacedStale` says so. Throws
 * DataFolderLockedError when a live process holds it. The lock is released by release() or,
 * at the latest, when this process exits.
 */
export function acquireDataLock(dataDir: string, holder: string): DataLock & { replacedStale?: DataLockHolder } {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, DATA_LOCK_FILE);
  let replacedStale: DataLockHolder | undefined;
  // Two tries: the second after removing a stale lock. 'wx' makes creation atomic, so of two
  // processes starting together exactly one wins.
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const current = readHolder(file);
      if (!isStale(file, current)) throw new DataFolderLockedError(dir, current!, file);
      replacedStale = current ?? replacedStale;
      rmSync(file, { force: true });
      continue;
    }
    const record: DataLockHolder = {
      pid: process.pid,
      holder,
      hostname: os.hostname(),
      since: new Date().toISOString(),
    };
    try {
      writeSync(fd, JSON.stringify(record) + '\n');
    } finally {
      closeSync(fd);
    }
    heldHere.add(file);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      heldHere.delete(file);
      process.off('exit', release);
      // Remove only our own lock: never one another process took after ours was judged stale.
      if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { file, release, ...(replacedStale ? { replacedStale } : {}) };
  }
  // Someone else created the file between our removal and our retry.
  const current = readHolder(file);
  throw new DataFolderLockedError(dir, current ?? { pid: 0, holder: 'another process', hostname: '', since: '' }, file);
}
