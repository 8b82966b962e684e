// What every part of the server shares: the database, the system repository, the public base
// URL, the JWT key and the change hook the websocket side listens on.
import { randomBytes } from 'node:crypto';
import type { Resource } from '../../src/fhir/types';
import { SYSTEM } from './core/request-auth';
import type { Database } from './db/database';
import { backfillSearchKeys } from './store/index-writer';
import { assignProjectToOrphans } from './store/project-backfill';
import { Repository } from './store/repository';

/** How many bytes one resource may take unless the server is told otherwise (1 MB). */
export const DEFAULT_MAX_RESOURCE_BYTES = 1024 * 1024;

/** The shared state of one running server. */
export interface ServerContext {
  db: Database;
  /** The system's repository (SYSTEM): sees everything. For internal callers only; a request's is systemRepo.withAuth(req.auth). */
  systemRepo: Repository;
  /** e.g. 'http://127.0.0.1:8103/' (with the trailing slash). */
  baseUrl: string;
  /** HS256 key, persisted in the database on first start. */
  jwtSecret: Uint8Array;
  /**
   * The project a registration without a projectId joins (the demo's project when seeded).
   * Configuration, not seed data: product code never imports seed/.
   */
  defaultProjectId: string | undefined;
  /** The most bytes one resource may take (fhir/resource-size.ts). */
  maxResourceBytes: number;
  /** Called after every committed write; fans out to the listeners. */
  onResourceChange: ChangeListener;
  /** Adds a listener of this process's committed writes (websocket notify, the live bus). */
  addChangeListener(listener: ChangeListener): void;
  /**
   * Adds a listener of every committed write to the database, this process's or another's (the
   * live bus reports those): what a cache of stored records (tokens, policies) must hear, so a
   * revocation made through one process is not answered from another's cache.
   */
  addStoredChangeListener(listener: StoredChangeListener): void;
  /** Reports a write another process committed, or that some may have been missed (the live bus). */
  onRemoteChange: StoredChangeListener;
}

/** Hears of one committed write, by type and id; `everything` when writes may have been missed. */
export type StoredChangeListener = (change: StoredChange) => void;

/** A write that happened (type and id), or word that any record may have changed. */
export type StoredChange = { resourceType: string; id: string } | { everything: true };

/** Hears of one committed write. */
export type ChangeListener = (resource: Resource, action: 'create' | 'update' | 'delete') => void;

/** Options of createContext. */
export interface ContextOptions {
  /** See ServerContext.defaultProjectId. */
  defaultProjectId?: string;
  /** How many upcoming appointments one patient may hold (store/write-checks.ts; default 3). */
  futureAppointmentsPerPatient?: number;
  /** See ServerContext.maxResourceBytes (default 1 MB). */
  maxResourceBytes?: number;
}

/** Loads the JWT key from server_config, creating it on first start. */
export async function loadJwtSecret(db: Database): Promise<Uint8Array> {
  const candidate = randomBytes(32).toString('hex');
  await db.query('INSERT INTO server_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    'jwtSecret',
    candidate,
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_config WHERE key = $1', ['jwtSecret']);
  return new Uint8Array(Buffer.from(rows[0].value, 'hex'));
}

/** Builds the context; onResourceChange fans out to the listeners added later. */
export async function createContext(db: Database, baseUrl: string, opts: ContextOptions = {}): Promise<ServerContext> {
  await backfillSearchKeys(db);
  await assignProjectToOrphans(db, opts.defaultProjectId);
  const listeners: ChangeListener[] = [];
  const storedListeners: StoredChangeListener[] = [];
  const tellStoredListeners: StoredChangeListener = (change) => {
    for (const listener of storedListeners) {
      try {
        listener(change);
      } catch (err) {
        console.error('[context] stored change listener failed', err);
      }
    }
  };
  const onResourceChange: ChangeListener = (resource, action) => {
    // Caches first: a request answered after this write must not be served from before it.
    if (resource?.id) tellStoredListeners({ resourceType: resource.resourceType, id: resource.id });
    for (const listener of listeners) {
      try {
        listener(resource, action);
      } catch (err) {
        console.error('[context] change listener failed', err);
      }
    }
  };
  return {
    db,
    systemRepo: new Repository(db, SYSTEM, {
      onChange: (r, a) => onResourceChange(r, a),
      defaultProject: opts.defaultProjectId,
      futureAppointmentsPerPatient: opts.futureAppointmentsPerPatient,
    }),
    baseUrl: baseUrl.endsWith('/') ? baseUrl : baseUrl + '/',
    jwtSecret: await loadJwtSecret(db),
    defaultProjectId: opts.defaultProjectId,
    maxResourceBytes: opts.maxResourceBytes ?? DEFAULT_MAX_RESOURCE_BYTES,
    onResourceChange,
    addChangeListener: (l) => listeners.push(l),
    addStoredChangeListener: (l) => storedListeners.push(l),
    onRemoteChange: tellStoredListeners,
  };
}
