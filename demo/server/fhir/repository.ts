// The one way to read and write resources: JSONB rows with version history, search index rows,
// access checks for the request's auth, and change notifications after commit.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bundle, BundleEntry, BundleLink, Resource } from '../../../src/fhir/types';
import {
  assertCanCreate,
  assertCanDelete,
  assertCanUpdate,
  assertTypeReadable,
  CATALOGUE_TYPES,
  canReadRow,
  patientRefOf,
  projectOfWrite,
  readScope,
  requiredCompartments,
  type WriteContext,
} from '../access/policy';
import { computeCompartments } from '../access/compartment';
import { assertScope } from '../access/scopes';
import type { Database } from '../db/database';
import { extractIndexRows, normalizeReference, searchKeys, type IndexRow } from '../search/extract';
import { SqlParams, buildOrderBy, buildWhere } from '../search/query';
import { parseSearchRequest, type IncludeSpec, type SearchRequest } from '../search/request';
import { badRequest, conflict, gone, notFound, preconditionFailed } from '../core/errors';
import { ResourceJson } from '../core/json-text';
import { isKnownResourceType, NON_STORABLE_TYPES } from '../core/resource-types';
import { ID_PATTERN, assertValidResource } from './validate';
import type { RequestAuth } from '../core/request-auth';

/** Search parameters as a query or a plain object. */
export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** A committed change, handed to the subscription side. */
export type ResourceChangeListener = (resource: Resource, action: 'create' | 'update' | 'delete') => void;

interface TxState {
  created: Record<string, any>[];
  changes: [Resource, 'create' | 'update' | 'delete'][];
}

interface RepositoryOptions {
  onChange?: ResourceChangeListener;
  /** The project of a system write that names none (the demo project). */
  defaultProject?: string;
  txState?: TxState;
}

interface Row {
  content: any;
  deleted: boolean;
  version_id: number;
  compartments: string[];
  last_updated?: Date | string;
  resource_type?: string;
  id?: string;
}

/** Result of a create that may have matched an existing resource (If-None-Exist). */
export interface CreateResult<T> {
  resource: T;
  created: boolean;
}

/** Converts a search input to URLSearchParams. */
export function toSearchParams(params: SearchParamsInput | undefined): URLSearchParams {
  if (!params) return new URLSearchParams();
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) out.append(k, item);
  }
  return out;
}

/** Parses an If-Match value: W/"3", "3" or 3. */
export function parseIfMatch(value: string): string {
  const m = /^(?:W\/)?"?([^"]+)"?$/.exec(value.trim());
  if (!m) throw badRequest(`Invalid If-Match header: ${value}`, 'If-Match');
  return m[1];
}

function assertType(type: string): void {
  if (!isKnownResourceType(type) || NON_STORABLE_TYPES.has(type))
    throw badRequest(`Unknown resource type: ${type}`, 'resourceType');
}

function assertId(id: string): void {
  if (!ID_PATTERN.test(id)) throw badRequest(`Invalid id: ${id}`, 'id');
}

const INDEX_COLUMNS = [
  'code',
  'value_string',
  'value_exact',
  'system',
  'value_code',
  'value_text',
  'ref_target',
  'date_start',
  'date_end',
  'num_value',
] as const;

/**
 * Planner statistics. PGlite runs no autovacuum, so without this the planner never learns how
 * big the tables are and picks plans that scan a whole index per row (a search over 20,000
 * Observations took 400 ms instead of 1 ms). Once the writes since the last ANALYZE reach half
 * of those before it (the data grew by half), ANALYZE runs in the background: a handful of
 * times over a bulk load, not after every batch (at 100,000 Observations each ANALYZE takes
 * about a second of the only thread). PostgreSQL gets the same (its autovacuum may lag behind
 * a bulk load).
 */
const analyzeState = new WeakMap<Database, { sinceAnalyze: number; total: number; running: boolean }>();

function noteWrites(db: Database, count: number): void {
  let state = analyzeState.get(db);
  if (!state) analyzeState.set(db, (state = { sinceAnalyze: 0, total: 0, running: false }));
  state.sinceAnalyze += count;
  state.total += count;
  if (state.running || state.sinceAnalyze < Math.max(200, (state.total - state.sinceAnalyze) / 2)) return;
  state.running = true;
  state.sinceAnalyze = 0;
  const done = state;
  void (async () => {
    try {
      for (const table of ['resources', 'search_index', 'resource_history']) await db.query(`ANALYZE ${table}`);
    } catch {
      // The database closed meanwhile; the next writes try again.
    } finally {
      done.running = false;
    }
  })();
}

/**
 * meta.lastUpdated of a new version: now, but always after the last one this server wrote. A
 * write takes well under a millisecond, and two writes in a row must still sort in the order
 * they happened (_sort=_lastUpdated, _since).
 */
let lastStamp = 0;
function nextLastUpdated(): string {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1;
  return new Date(lastStamp).toISOString();
}

/** Runs ANALYZE now (after a bulk load, before measuring). */
export async function analyzeTables(db: Database): Promise<void> {
  for (const table of ['resources', 'search_index', 'resource_history']) await db.query(`ANALYZE ${table}`);
}

/**
 * Fills search_keys of rows stored before migration 002-search-keys (NULL there), 500 at a
 * time, from the same index rows a write extracts. Runs at start, before requests.
 */
export async function backfillSearchKeys(db: Database): Promise<void> {
  await db.query(`UPDATE resources SET search_keys = '{}' WHERE search_keys IS NULL AND deleted`);
  for (;;) {
    const { rows } = await db.query<{ resource_type: string; id: string; content: any }>(
      'SELECT resource_type, id, content FROM resources WHERE search_keys IS NULL LIMIT 500'
    );
    if (!rows.length) return;
    const keys = rows.map((row) => {
      try {
        return JSON.stringify(searchKeys(row.resource_type, extractIndexRows(row.content)));
      } catch (err) {
        console.error(`[repository] ${row.resource_type}/${row.id} cannot be indexed:`, (err as Error).message);
        return '[]';
      }
    });
    // resources primary key (resource_type, id)
    await db.query(
      `UPDATE resources r SET search_keys = ARRAY(SELECT jsonb_array_elements_text(x.k::jsonb))::text[]
       FROM unnest($1::text[], $2::text[], $3::text[]) AS x(t, i, k) WHERE r.resource_type = x.t AND r.id = x.i`,
      [rows.map((r) => r.resource_type), rows.map((r) => r.id), keys]
    );
  }
}

/** Resource storage bound to one request's auth (or the system's). */
export class Repository {
  readonly db: Database;
  readonly auth: RequestAuth | undefined;
  private readonly opts: RepositoryOptions;

  constructor(db: Database, auth?: RequestAuth, opts: RepositoryOptions = {}) {
    this.db = db;
    this.auth = auth;
    this.opts = opts;
  }

  /** The same storage seen by another caller. */
  withAuth(auth: RequestAuth | undefined): Repository {
    return new Repository(this.db, auth, this.opts);
  }

  /** True inside a transaction(). */
  get inTransaction(): boolean {
    return Boolean(this.opts.txState);
  }

  /** Runs fn in one SQL transaction: all its writes commit together or none do; notifications after commit. */
  async transaction<T>(fn: (repo: Repository) => Promise<T>): Promise<T> {
    if (this.opts.txState) return fn(this);
    const state: TxState = { created: [], changes: [] };
    const result = await this.db.transaction((tx) =>
      fn(new Repository(tx, this.auth, { ...this.opts, txState: state }))
    );
    if (state.changes.length) noteWrites(this.db, state.changes.length);
    this.notify(state.changes);
    return result;
  }

  private notify(changes: TxState['changes']): void {
    for (const [resource, action] of changes) {
      try {
        this.opts.onChange?.(resource, action);
      } catch (err) {
        console.error('[repository] change listener failed', err);
      }
    }
  }

  /** Runs a write in the current transaction, or in its own. */
  private write<T>(fn: (repo: Repository, state: TxState) => Promise<T>): Promise<T> {
    return this.transaction((repo) => fn(repo, repo.opts.txState!));
  }

  // ---- reads ---------------------------------------------------------------------------------

  private async loadRow(type: string, id: string, forUpdate = false): Promise<Row | undefined> {
    // resources primary key (resource_type, id)
    const { rows } = await this.db.query<Row>(
      `SELECT content, deleted, version_id, compartments FROM resources WHERE resource_type = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [type, id]
    );
    return rows[0];
  }

  /** Reads the current version; 404 when missing or not readable, 410 when deleted. */
  async readResource<T = Resource>(type: string, id: string): Promise<T> {
    assertType(type);
    assertTypeReadable(this.auth, type);
    assertScope(this.auth, type, 'r');
    assertId(id);
    const row = await this.loadRow(type, id);
    if (!row || !canReadRow(this.auth, type, row.compartments)) throw notFound();
    if (row.deleted) throw gone(`${type}/${id} was deleted`);
    return row.content as T;
  }

  /** Reads one version from the history. */
  async readVersion<T = Resource>(type: string, id: string, versionId: string): Promise<T> {
    assertType(type);
    assertTypeReadable(this.auth, type);
    assertScope(this.auth, type, 'r');
    assertId(id);
    if (!/^\d+$/.test(versionId)) throw notFound();
    // resource_history primary key (resource_type, id, version_id)
    const { rows } = await this.db.query<Row>(
      'SELECT content, deleted, version_id, compartments FROM resource_history WHERE resource_type = $1 AND id = $2 AND version_id = $3',
      [type, id, Number(versionId)]
    );
    const row = rows[0];
    if (!row || !canReadRow(this.auth, type, row.compartments)) throw notFound();
    if (row.deleted) throw gone(`${type}/${id} version ${versionId} is a deletion`);
    return row.content as T;
  }

  /** The history of one resource (id given) or of a type, newest first. */
  async readHistory(
    type: string,
    id: string | undefined,
    query: URLSearchParams = new URLSearchParams()
  ): Promise<Bundle> {
    assertType(type);
    const scope = assertTypeReadable(this.auth, type);
    assertScope(this.auth, type, 'r');
    const count = query.has('_count') ? Number(query.get('_count')) : 100;
    const offset = query.has('_offset') ? Number(query.get('_offset')) : 0;
    if (!Number.isInteger(count) || count < 0 || count > 1000)
      throw badRequest(`Invalid value for _count: ${query.get('_count')}`, '_count');
    if (!Number.isInteger(offset) || offset < 0)
      throw badRequest(`Invalid value for _offset: ${query.get('_offset')}`, '_offset');
    for (const key of query.keys()) {
      if (!['_count', '_offset', '_since', '_format', '_pretty'].includes(key))
        throw badRequest(`Unknown history parameter: ${key}`, key);
    }
    const p = new SqlParams();
    const where = [`h.resource_type = ${p.add(type)}`];
    if (id !== undefined) {
      assertId(id);
      const current = await this.loadRow(type, id);
      if (!current || !canReadRow(this.auth, type, current.compartments)) throw notFound();
      where.push(`h.id = ${p.add(id)}`);
    }
    // Every version is checked on its own: a resource that moved between patients (or was
    // written in another project) keeps its earlier versions out of reach.
    const required = requiredCompartments(scope);
    if (required) where.push(`h.compartments @> ${p.add(required)}::text[]`);
    const since = query.get('_since');
    if (since) {
      if (Number.isNaN(Date.parse(since)))
        throw badRequest(`Invalid format for date search parameter: ${since}`, '_since');
      where.push(`h.last_updated >= ${p.add(new Date(since).toISOString())}::timestamptz`);
    }
    // resource_history primary key (single resource) / resource_history_type_idx (type)
    const whereSql = where.join(' AND ');
    const { rows } = await this.db.query<Row>(
      `SELECT h.id, h.content, h.deleted, h.version_id, h.last_updated FROM resource_history h WHERE ${whereSql}
       ORDER BY h.last_updated DESC, h.version_id DESC LIMIT ${p.add(count)} OFFSET ${p.add(offset)}`,
      p.values
    );
    const totalRows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM resource_history h WHERE ${whereSql}`,
      p.values.slice(0, p.values.length - 2)
    );
    const total = Number(totalRows.rows[0].n);
    const entry: BundleEntry[] = rows.map((row) => {
      const lastModified = new Date(row.last_updated as any).toISOString();
      const ref = `${type}/${row.id}`;
      if (row.deleted) {
        return {
          request: { method: 'DELETE', url: ref },
          response: { status: '204', lastModified, etag: `W/"${row.version_id}"` },
        } as BundleEntry;
      }
      return {
        fullUrl: ref,
        resource: row.content,
        request: { method: row.version_id === 1 ? 'POST' : 'PUT', url: row.version_id === 1 ? type : ref },
        response: { status: row.version_id === 1 ? '201' : '200', lastModified, etag: `W/"${row.version_id}"` },
      } as BundleEntry;
    });
    const path = id ? `${type}/${id}/_history` : `${type}/_history`;
    return {
      resourceType: 'Bundle',
      type: 'history',
      total,
      link: pageLinks(path, query, count, offset, total, rows.length),
      entry,
    };
  }

  // ---- writes --------------------------------------------------------------------------------

  /** Creates a resource (server id, or `assignedId` within a transaction Bundle). */
  async createResource<T = Resource>(
    resource: T,
    opts: { ifNoneExist?: string; assignedId?: string } = {}
  ): Promise<T> {
    return (await this.conditionalCreate(resource, opts)).resource;
  }

  /** Creates a resource unless If-None-Exist matches one (then returns that one, created false). */
  async conditionalCreate<T = Resource>(
    resource: T,
    opts: { ifNoneExist?: string; assignedId?: string } = {}
  ): Promise<CreateResult<T>> {
    const input = resource as Record<string, any>;
    assertValidResource(input);
    assertType(input.resourceType);
    return this.write(async (repo, state) => {
      if (opts.ifNoneExist) {
        const existing = await repo.searchResources(
          input.resourceType,
          new URLSearchParams(opts.ifNoneExist.replace(/^\?/, '').replace(/^[A-Za-z]+\?/, '')),
          2
        );
        if (existing.length > 1)
          throw preconditionFailed(`If-None-Exist matched ${existing.length} ${input.resourceType} resources`);
        if (existing.length === 1) return { resource: existing[0] as T, created: false };
      }
      const id = opts.assignedId ?? randomUUID();
      const toStore: Record<string, any> = { ...input, id };
      toStore.meta = this.stampMeta(input, input.meta);
      assertCanCreate(this.auth, toStore);
      const existing = await repo.loadRow(input.resourceType, id, true);
      if (existing) throw conflict(`${input.resourceType}/${id} already exists`);
      const stored = await repo.writeVersion(toStore, 1, false, state);
      state.created.push(stored);
      state.changes.push([stored as Resource, 'create']);
      return { resource: stored as T, created: true };
    });
  }

  /** Replaces a resource (creates it under its id if missing); If-Match must name the current version. */
  async updateResource<T = Resource>(resource: T, opts: { ifMatch?: string } = {}): Promise<T> {
    return (await this.updateWithOutcome(resource, opts)).resource;
  }

  /** updateResource that also says whether the resource was created. */
  async updateWithOutcome<T = Resource>(resource: T, opts: { ifMatch?: string } = {}): Promise<CreateResult<T>> {
    const input = resource as Record<string, any>;
    assertValidResource(input);
    assertType(input.resourceType);
    if (!input.id) throw badRequest('Missing id', 'id');
    const type = input.resourceType as string;
    const id = input.id as string;
    return this.write(async (repo, state) => {
      const current = await repo.loadRow(type, id, true);
      const readable = current ? canReadRow(this.auth, type, current.compartments) : true;
      if (current && !readable) throw notFound();
      if (opts.ifMatch !== undefined) {
        const wanted = parseIfMatch(opts.ifMatch);
        if (!current || current.deleted || String(current.version_id) !== wanted) {
          throw preconditionFailed(
            `Precondition failed: ${type}/${id} is at version ${current && !current.deleted ? current.version_id : 'none'}, If-Match asked for ${wanted}`
          );
        }
      }
      const toStore: Record<string, any> = { ...input };
      const previousAuthor = current?.content?.meta?.author;
      const meta = this.stampMeta(input, input.meta, previousAuthor);
      if (!this.auth && previousAuthor && !meta.author) meta.author = previousAuthor;
      toStore.meta = meta;
      if (!current || current.deleted) {
        assertCanCreate(this.auth, toStore);
        const stored = await repo.writeVersion(toStore, (current?.version_id ?? 0) + 1, false, state);
        state.created.push(stored);
        state.changes.push([stored as Resource, 'create']);
        return { resource: stored as T, created: true };
      }
      assertCanUpdate(this.auth, current.content, toStore, {
        createdInTransaction: state.created,
      } satisfies WriteContext);
      const stored = await repo.writeVersion(toStore, current.version_id + 1, false, state);
      state.changes.push([stored as Resource, 'update']);
      return { resource: stored as T, created: false };
    });
  }

  /** The meta a write stores: the caller as author, the project the write belongs to. */
  private stampMeta(
    resource: Record<string, any>,
    given: Record<string, any> | undefined,
    previousAuthor?: unknown
  ): Record<string, any> {
    const meta: Record<string, any> = { ...(given ?? {}) };
    if (this.auth && patientRefOf(this.auth) && CATALOGUE_TYPES.has(resource.resourceType)) {
      // Every patient reads the catalogue: a booked Slot must not name who booked it.
      if (previousAuthor) meta.author = previousAuthor;
      else delete meta.author;
    } else if (this.auth) meta.author = { reference: this.auth.profile };
    const project = projectOfWrite(this.auth, resource, this.opts.defaultProject);
    if (project) meta.project = project;
    else delete meta.project;
    return meta;
  }

  /** Deletes a resource (a new version marked deleted); 404 when it never existed. */
  async deleteResource(type: string, id: string): Promise<void> {
    assertType(type);
    assertId(id);
    assertTypeReadable(this.auth, type);
    await this.write(async (repo, state) => {
      const current = await repo.loadRow(type, id, true);
      if (!current || !canReadRow(this.auth, type, current.compartments)) throw notFound();
      if (current.deleted) return;
      assertCanDelete(this.auth, current.content);
      await repo.writeVersion(current.content, current.version_id + 1, true, state);
      state.changes.push([current.content as Resource, 'delete']);
    });
  }

  /**
   * Creates or replaces many resources with a handful of statements (seed, bulk loads): the
   * system only, no access checks, no If-Match. Each resource is validated and indexed as a
   * single write would; a resource without an id gets a new one. Binary goes the single way.
   */
  async writeMany<T = Resource>(resources: T[], chunkSize = 500): Promise<T[]> {
    if (this.auth) throw new Error('writeMany is for the system repository only');
    const inputs = resources as Record<string, any>[];
    for (const r of inputs) {
      assertValidResource(r);
      assertType(r.resourceType);
    }
    return this.write(async (repo, state) => {
      const out: Record<string, any>[] = [];
      for (let i = 0; i < inputs.length; i += chunkSize) {
        out.push(...(await repo.writeChunk(inputs.slice(i, i + chunkSize), state)));
      }
      return out as T[];
    });
  }

  private async writeChunk(inputs: Record<string, any>[], state: TxState): Promise<Record<string, any>[]> {
    const out: Record<string, any>[] = [];
    const bulk: Record<string, any>[] = [];
    for (const input of inputs) {
      const withId: Record<string, any> = input.id ? input : { ...input, id: randomUUID() };
      const r: Record<string, any> = { ...withId, meta: this.stampMeta(withId, withId.meta) };
      if (r.resourceType === 'Binary') out.push(await this.updateResource(r));
      else bulk.push(r);
    }
    if (!bulk.length) return out;
    // resources primary key (resource_type, id)
    const { rows: current } = await this.db.query<{
      resource_type: string;
      id: string;
      version_id: number;
      deleted: boolean;
      content: any;
    }>(
      `SELECT r.resource_type, r.id, r.version_id, r.deleted, r.content FROM resources r
       JOIN unnest($1::text[], $2::text[]) AS k(t, i) ON r.resource_type = k.t AND r.id = k.i FOR UPDATE OF r`,
      [bulk.map((r) => r.resourceType), bulk.map((r) => r.id)]
    );
    const existing = new Map(current.map((row) => [`${row.resource_type}/${row.id}`, row]));
    const lastUpdated = nextLastUpdated();
    const types: string[] = [];
    const ids: string[] = [];
    const versions: number[] = [];
    const contents: string[] = [];
    const compartments: string[] = [];
    const keys: string[] = [];
    const index: { type: string; id: string; row: IndexRow }[] = [];
    const seen = new Set<string>();
    for (const r of bulk) {
      const key = `${r.resourceType}/${r.id}`;
      if (seen.has(key)) throw badRequest(`${key} appears twice in one bulk write`);
      seen.add(key);
      const before = existing.get(key);
      const versionId = (before?.version_id ?? 0) + 1;
      const meta: Record<string, any> = { ...(r.meta ?? {}) };
      const previousAuthor = before && !before.deleted ? before.content?.meta?.author : undefined;
      if (previousAuthor && !meta.author) meta.author = previousAuthor;
      const stored = { ...r, meta: { ...meta, versionId: String(versionId), lastUpdated } };
      const rows = extractIndexRows(stored);
      for (const row of rows) index.push({ type: r.resourceType, id: r.id, row });
      types.push(r.resourceType);
      ids.push(r.id);
      versions.push(versionId);
      contents.push(JSON.stringify(stored));
      // A text[] per row does not unnest as rows; pass each as a JSON array and rebuild it in SQL.
      compartments.push(JSON.stringify(computeCompartments(stored)));
      keys.push(JSON.stringify(searchKeys(r.resourceType, rows)));
      out.push(stored);
      const created = !before || before.deleted;
      if (created) state.created.push(stored);
      state.changes.push([stored as Resource, created ? 'create' : 'update']);
    }
    const rowsSql = `SELECT t, i, v, $4::timestamptz AS lu, c::jsonb AS c,
        ARRAY(SELECT jsonb_array_elements_text(k::jsonb))::text[] AS k
      FROM unnest($1::text[], $2::text[], $3::int[], $5::text[], $6::text[]) AS x(t, i, v, c, k)`;
    const params = [types, ids, versions, lastUpdated, contents, compartments];
    await this.db.query(
      `INSERT INTO resources (resource_type, id, version_id, last_updated, content, compartments, search_keys)
       SELECT t, i, v, $4::timestamptz, c::jsonb, ARRAY(SELECT jsonb_array_elements_text(k::jsonb))::text[],
         ARRAY(SELECT jsonb_array_elements_text(sk::jsonb))::text[]
       FROM unnest($1::text[], $2::text[], $3::int[], $5::text[], $6::text[], $7::text[]) AS x(t, i, v, c, k, sk)
       ON CONFLICT (resource_type, id) DO UPDATE SET version_id = EXCLUDED.version_id, last_updated = EXCLUDED.last_updated,
         deleted = FALSE, content = EXCLUDED.content, compartments = EXCLUDED.compartments,
         search_keys = EXCLUDED.search_keys`,
      [...params, keys]
    );
    await this.db.query(
      `INSERT INTO resource_history (resource_type, id, version_id, last_updated, content, compartments) ${rowsSql}`,
      params
    );
    if (existing.size) {
      // search_index_resource_code_idx (resource_type, resource_id, code)
      await this.db.query(
        `DELETE FROM search_index s USING unnest($1::text[], $2::text[]) AS k(t, i) WHERE s.resource_type = k.t AND s.resource_id = k.i`,
        [[...existing.values()].map((r) => r.resource_type), [...existing.values()].map((r) => r.id)]
      );
    }
    await this.insertIndexColumns(index);
    return out;
  }

  /** Inserts index rows of many resources, one column array per column. */
  private async insertIndexColumns(index: { type: string; id: string; row: IndexRow }[]): Promise<void> {
    for (let i = 0; i < index.length; i += 5000) {
      const chunk = index.slice(i, i + 5000);
      const col = (c: (typeof INDEX_COLUMNS)[number]) => chunk.map((x) => (x.row as any)[c] ?? null);
      await this.db.query(
        `INSERT INTO search_index (resource_type, resource_id, ${INDEX_COLUMNS.join(', ')})
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::float8[])`,
        [chunk.map((x) => x.type), chunk.map((x) => x.id), ...INDEX_COLUMNS.map(col)]
      );
    }
  }

  /** Writes one version: resource row, history row, index rows. Returns the stored resource. */
  private async writeVersion(
    resource: Record<string, any>,
    versionId: number,
    deleted: boolean,
    _state: TxState
  ): Promise<Record<string, any>> {
    const type = resource.resourceType as string;
    const id = resource.id as string;
    const lastUpdated = nextLastUpdated();
    let stored = resource;
    if (!deleted) {
      stored = { ...resource, meta: { ...(resource.meta ?? {}), versionId: String(versionId), lastUpdated } };
      // Binary data lives in binary_content, not in the JSONB row.
      if (type === 'Binary' && (typeof stored.data === 'string' || Buffer.isBuffer(stored.data))) {
        const data = Buffer.isBuffer(stored.data) ? stored.data : Buffer.from(stored.data, 'base64');
        delete stored.data;
        await this.writeBinaryData(id, versionId, data);
      }
    }
    const index = deleted ? [] : extractIndexRows(stored);
    let extra: string[] = [];
    if (type === 'Binary' && stored.securityContext?.reference) {
      const ref = normalizeReference(stored.securityContext.reference);
      const [refType, refId] = ref.split('/');
      if (refType && refId && refType !== 'Patient' && isKnownResourceType(refType)) {
        const target = await this.loadRow(refType, refId);
        if (target) extra = target.compartments;
      }
    }
    const compartments = computeCompartments(stored, extra);
    const contentJson = JSON.stringify(stored);
    // resources primary key (resource_type, id)
    await this.db.query(
      `INSERT INTO resources (resource_type, id, version_id, last_updated, deleted, content, compartments, search_keys)
       VALUES ($1, $2, $3, $4::timestamptz, $5, $6::jsonb, $7::text[], $8::text[])
       ON CONFLICT (resource_type, id) DO UPDATE SET version_id = EXCLUDED.version_id, last_updated = EXCLUDED.last_updated,
         deleted = EXCLUDED.deleted, content = EXCLUDED.content, compartments = EXCLUDED.compartments,
         search_keys = EXCLUDED.search_keys`,
      [type, id, versionId, lastUpdated, deleted, contentJson, compartments, searchKeys(type, index)]
    );
    await this.db.query(
      `INSERT INTO resource_history (resource_type, id, version_id, last_updated, deleted, content, compartments)
       VALUES ($1, $2, $3, $4::timestamptz, $5, $6::jsonb, $7::text[])`,
      [type, id, versionId, lastUpdated, deleted, contentJson, compartments]
    );
    // search_index_resource_code_idx (resource_type, resource_id, code)
    await this.db.query('DELETE FROM search_index WHERE resource_type = $1 AND resource_id = $2', [type, id]);
    await this.insertIndexRows(type, id, index);
    return stored;
  }

  private async insertIndexRows(type: string, id: string, rows: IndexRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const p = new SqlParams();
      const values = chunk.map((row) => {
        const cols = [p.add(type), p.add(id), ...INDEX_COLUMNS.map((c) => p.add((row as any)[c] ?? null))];
        cols[9] = `${cols[9]}::timestamptz`; // date_start
        cols[10] = `${cols[10]}::timestamptz`; // date_end
        cols[11] = `${cols[11]}::double precision`;
        return `(${cols.join(', ')})`;
      });
      await this.db.query(
        `INSERT INTO search_index (resource_type, resource_id, ${INDEX_COLUMNS.join(', ')}) VALUES ${values.join(', ')}`,
        p.values
      );
    }
  }

  // ---- binary --------------------------------------------------------------------------------

  private blobPath(id: string, versionId: number): string {
    // The prefix keeps ids like '..' (valid FHIR ids) inside the folder.
    return path.join(this.db.blobDir!, `b-${id}`, String(versionId));
  }

  private async writeBinaryData(id: string, versionId: number, data: Buffer): Promise<void> {
    if (this.db.blobDir) {
      // Written before the row commits; a rolled-back version leaves an unreferenced file only.
      await mkdir(path.dirname(this.blobPath(id, versionId)), { recursive: true });
      await writeFile(this.blobPath(id, versionId), data);
      return;
    }
    // Base64 text moves much faster than bytea parameters; binary_content primary key (id, version_id)
    await this.db.query(
      `INSERT INTO binary_content (id, version_id, data) VALUES ($1, $2, decode($3, 'base64'))
       ON CONFLICT (id, version_id) DO UPDATE SET data = EXCLUDED.data`,
      [id, versionId, data.toString('base64')]
    );
  }

  /** The bytes of a Binary version (the current one when versionId is omitted). */
  async readBinaryData(id: string, versionId?: string): Promise<Buffer | undefined> {
    const binary = versionId
      ? await this.readVersion<any>('Binary', id, versionId)
      : await this.readResource<any>('Binary', id);
    const version = Number(binary.meta?.versionId ?? 1);
    if (this.db.blobDir) {
      // The newest content at or before this version (an update without data keeps the old bytes).
      for (let v = version; v >= 1; v--) {
        try {
          return await readFile(this.blobPath(id, v));
        } catch (err: any) {
          if (err?.code !== 'ENOENT') throw err;
        }
      }
      return undefined;
    }
    const { rows } = await this.db.query<{ data: string }>(
      // binary_content primary key (id, version_id)
      `SELECT encode(data, 'base64') AS data FROM binary_content WHERE id = $1 AND version_id <= $2 ORDER BY version_id DESC LIMIT 1`,
      [id, version]
    );
    return rows[0] ? Buffer.from(rows[0].data.replace(/\s+/g, ''), 'base64') : undefined;
  }

  // ---- search --------------------------------------------------------------------------------

  /** Runs a search and returns its matches only (no includes, no paging links). */
  async searchResources<T = Resource>(type: string, params?: SearchParamsInput, limit?: number): Promise<T[]> {
    const query = toSearchParams(params);
    const req = parseSearchRequest(type, query);
    if (limit !== undefined) req.count = Math.min(req.count, limit);
    return (await this.runSearch(req)).resources as T[];
  }

  /** The first match of a search. */
  async searchOne<T = Resource>(type: string, params?: SearchParamsInput): Promise<T | undefined> {
    const query = toSearchParams(params);
    query.set('_count', '1');
    return (await this.searchResources<T>(type, query))[0];
  }

  /**
   * A searchset Bundle with matches, includes, total and relative paging links. With asText,
   * the stored resources are ResourceJson (their JSON text, for a response), not objects.
   */
  async search<T = Resource>(type: string, params?: SearchParamsInput): Promise<Bundle<T>>;
  async search(type: string, params: SearchParamsInput | undefined, opts: { asText: true }): Promise<Bundle<any>>;
  async search(type: string, params?: SearchParamsInput, opts: { asText?: boolean } = {}): Promise<Bundle<any>> {
    assertType(type);
    const query = toSearchParams(params);
    const req = parseSearchRequest(type, query);
    const asText = opts.asText ?? false;
    const { resources, total } = await this.runSearch(req, true, asText);
    const entry: BundleEntry<any>[] = resources.map((r: any) => ({
      fullUrl: `${type}/${r.id}`,
      resource: r,
      search: { mode: 'match' },
    }));
    if (!req.summaryCount && resources.length) {
      const seen = new Set(resources.map((r: any) => `${r.resourceType}/${r.id}`));
      for (const r of [
        ...(await this.includes(req.include, resources, asText)),
        ...(await this.revincludes(req.revinclude, resources, asText)),
      ]) {
        const key = `${r.resourceType}/${r.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        entry.push({ fullUrl: key, resource: r, search: { mode: 'include' } });
      }
    }
    const bundle: Bundle<any> = { resourceType: 'Bundle', type: 'searchset' };
    if (total !== undefined) bundle.total = total;
    bundle.link = pageLinks(type, query, req.count, req.offset, total, resources.length);
    bundle.entry = entry;
    return bundle;
  }

  private async runSearch(
    req: SearchRequest,
    withTotal = false,
    asText = false
  ): Promise<{ resources: any[]; total?: number }> {
    const scope = assertTypeReadable(this.auth, req.resourceType);
    assertScope(this.auth, req.resourceType, 's');
    const p = new SqlParams();
    const where = buildWhere(req, p, requiredCompartments(scope));
    const wantTotal = withTotal && (req.total !== 'none' || req.summaryCount);
    const countQuery = async () =>
      Number(
        (await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM resources r WHERE ${where}`, p.values))
          .rows[0].n
      );
    if (req.summaryCount || req.count === 0)
      return { resources: [], total: wantTotal ? await countQuery() : undefined };
    const values = p.values.length;
    const order = buildOrderBy(req, p);
    // One query for the page and its total: the window count is taken before LIMIT.
    const { rows } = await this.db.query<{ id: string; content: any; total?: number }>(
      `SELECT r.id, ${asText ? 'r.content::text AS content' : 'r.content'}${wantTotal ? ', count(*) OVER ()::int AS total' : ''}
       FROM resources r WHERE ${where}
       ORDER BY ${order} LIMIT ${p.add(req.count)} OFFSET ${p.add(req.offset)}`,
      p.values
    );
    let total: number | undefined;
    if (wantTotal) {
      if (rows.length) total = Number(rows[0].total);
      else if (req.offset === 0) total = 0;
      else
        total = Number(
          (
            await this.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM resources r WHERE ${where}`,
              p.values.slice(0, values)
            )
          ).rows[0].n
        );
    }
    const resources = asText
      ? rows.map((r) => new ResourceJson(req.resourceType, r.id, r.content))
      : rows.map((r) => r.content);
    return { resources, total };
  }

  private async loadReadable(refs: string[], asText: boolean): Promise<any[]> {
    const byType = new Map<string, string[]>();
    for (const ref of refs) {
      const [type, id] = ref.split('/');
      if (!type || !id || !isKnownResourceType(type)) continue;
      if (readScope(this.auth, type).kind === 'none') continue;
      byType.set(type, [...(byType.get(type) ?? []), id]);
    }
    const out: any[] = [];
    for (const [type, ids] of byType) {
      // resources primary key (resource_type, id)
      const { rows } = await this.db.query<Row>(
        `SELECT id, ${asText ? 'content::text AS content' : 'content'}, compartments FROM resources
         WHERE resource_type = $1 AND id = ANY($2::text[]) AND NOT deleted`,
        [type, ids]
      );
      for (const row of rows) {
        if (canReadRow(this.auth, type, row.compartments))
          out.push(asText ? new ResourceJson(type, row.id!, row.content) : row.content);
      }
    }
    return out;
  }

  private async includes(specs: IncludeSpec[], matches: any[], asText: boolean): Promise<any[]> {
    const out: any[] = [];
    for (const spec of specs) {
      // search_index_resource_code_idx (resource_type, resource_id, code)
      const { rows } = await this.db.query<{ ref_target: string }>(
        'SELECT DISTINCT ref_target FROM search_index WHERE resource_type = $1 AND resource_id = ANY($2::text[]) AND code = $3 AND ref_target IS NOT NULL',
        [spec.sourceType, matches.map((m) => m.id), spec.code]
      );
      const refs = rows
        .map((r) => r.ref_target)
        .filter((ref) => !spec.targetType || ref.startsWith(spec.targetType + '/'));
      out.push(...(await this.loadReadable(refs, asText)));
    }
    return out;
  }

  private async revincludes(specs: IncludeSpec[], matches: any[], asText: boolean): Promise<any[]> {
    const out: any[] = [];
    const refs = matches.map((m) => `${m.resourceType}/${m.id}`);
    for (const spec of specs) {
      if (spec.targetType && spec.targetType !== matches[0].resourceType) continue;
      const scope = readScope(this.auth, spec.sourceType);
      if (scope.kind === 'none') continue;
      const p = new SqlParams();
      const conds = [`r.resource_type = ${p.add(spec.sourceType)}`, 'NOT r.deleted'];
      const required = requiredCompartments(scope);
      if (required) conds.push(`r.compartments @> ${p.add(required)}::text[]`);
      // search_index_ref_idx (resource_type, code, ref_target)
      conds.push(
        `r.id IN (SELECT si.resource_id FROM search_index si WHERE si.resource_type = ${p.add(spec.sourceType)} AND si.code = ${p.add(spec.code)} AND si.ref_target = ANY(${p.add(refs)}::text[]))`
      );
      const { rows } = await this.db.query<{ id: string; content: any }>(
        `SELECT r.id, ${asText ? 'r.content::text AS content' : 'r.content'} FROM resources r WHERE ${conds.join(' AND ')} LIMIT 1000`,
        p.values
      );
      out.push(...rows.map((r) => (asText ? new ResourceJson(spec.sourceType, r.id, r.content) : r.content)));
    }
    return out;
  }

  /** Every readable resource in a patient's compartment (for Patient/$everything); asText as for search. */
  async patientEverything(
    patientId: string,
    query: URLSearchParams = new URLSearchParams(),
    opts: { asText?: boolean } = {}
  ): Promise<Bundle<any>> {
    const patient = await this.readResource<any>('Patient', patientId);
    const count = query.has('_count') ? Number(query.get('_count')) : 1000;
    const offset = query.has('_offset') ? Number(query.get('_offset')) : 0;
    if (!Number.isInteger(count) || count < 1 || count > 5000)
      throw badRequest(`Invalid value for _count: ${query.get('_count')}`, '_count');
    if (!Number.isInteger(offset) || offset < 0)
      throw badRequest(`Invalid value for _offset: ${query.get('_offset')}`, '_offset');
    const ref = `Patient/${patientId}`;
    // resources_compartments_gin_idx (GIN)
    const { rows } = await this.db.query<Row>(
      `SELECT resource_type, id, ${opts.asText ? 'content::text AS content' : 'content'}, compartments FROM resources
       WHERE compartments @> ARRAY[$1]::text[] AND NOT deleted
       AND NOT (resource_type = 'Patient' AND id = $2) ORDER BY resource_type, id LIMIT $3 OFFSET $4`,
      [ref, patientId, count, offset]
    );
    const others = rows
      .filter((r) => canReadRow(this.auth, r.resource_type!, r.compartments))
      .map((r) => (opts.asText ? new ResourceJson(r.resource_type!, r.id!, r.content) : r.content));
    const all = offset === 0 ? [patient, ...others] : others;
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      total: all.length,
      link: [{ relation: 'self', url: `Patient/${patientId}/$everything` }],
      entry: all.map((r) => ({ fullUrl: `${r.resourceType}/${r.id}`, resource: r, search: { mode: 'match' } })),
    };
  }
}

/** self / next / previous links, relative to the FHIR base (the HTTP layer makes them absolute). */
function pageLinks(
  path: string,
  query: URLSearchParams,
  count: number,
  offset: number,
  total: number | undefined,
  returned: number
): BundleLink[] {
  const make = (newOffset: number) => {
    const q = new URLSearchParams(query);
    q.set('_count', String(count));
    q.set('_offset', String(newOffset));
    return `${path}?${q.toString()}`;
  };
  const self = query.toString() ? `${path}?${query.toString()}` : path;
  const links: BundleLink[] = [{ relation: 'self', url: self }];
  const hasNext = total !== undefined ? offset + count < total : returned === count && count > 0;
  if (hasNext) links.push({ relation: 'next', url: make(offset + count) });
  if (offset > 0) links.push({ relation: 'previous', url: make(Math.max(0, offset - count)) });
  return links;
}
