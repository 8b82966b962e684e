// The one way to read and write resources, bound to one request's auth (or the system's): access
// checks, versions, transactions and change notifications after commit. The work itself lives
// beside it: versions.ts (rows and history), index-writer.ts, binary-store.ts,
// search-execution.ts, history.ts, everything.ts, bulk-write.ts and write-checks.ts.
import { randomUUID } from 'node:crypto';
import type { Bundle, Resource } from '../../../src/fhir/types';
import { decideAccess, writtenMask, type AccessInteraction } from '../access/decide';
import {
  assertCanCreate,
  assertCanDelete,
  assertCanUpdate,
  assertTypeReadable,
  CATALOGUE_TYPES,
  canReadRow,
  patientRefOf,
  projectOfWrite,
  type WriteContext,
} from '../access/policy';
import { badRequest, conflict, gone, notFound, preconditionFailed, unauthorized } from '../core/errors';
import type { ResourceJson } from '../core/json-text';
import { SYSTEM, type Caller, type RequestAuth } from '../core/request-auth';
import { isKnownResourceType, NON_STORABLE_TYPES } from '../core/resource-types';
import type { StoredMeta, StoredResource, StoredRow } from '../core/stored-resource';
import type { Database } from '../db/database';
import { parseSearchRequest } from '../search/request';
import { readBinaryBytes } from './binary-store';
import { writeBulk } from './bulk-write';
import { patientEverything } from './everything';
import { assertIfMatch, conditionalLockKey, ifNoneExistQuery, lockConditionals, parseIfMatch } from './conditional';
import { readHistory } from './history';
import { noteWrites } from './index-writer';
import { runSearch, searchBundle, type SearchScope } from './search-execution';
import { assertDecided, callerOf, type Found } from './shown';
import { ID_PATTERN, assertValidResource } from './validate';
import { loadRow, loadVersion, writeVersion } from './versions';
import {
  assertAppointmentRoom,
  assertBinaryContextAllowed,
  assertPatientCreate,
  DEFAULT_FUTURE_APPOINTMENTS_PER_PATIENT,
} from './write-checks';

/** Search parameters as a query or a plain object. */
export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** A committed change, handed to the subscription side. */
export type ResourceChangeListener = (resource: Resource, action: 'create' | 'update' | 'delete') => void;

interface TxState {
  created: StoredRow[];
  changes: [StoredRow, 'create' | 'update' | 'delete'][];
}

/** Options of a Repository (shared by every withAuth copy). */
export interface RepositoryOptions {
  onChange?: ResourceChangeListener;
  /** The project of a system write that names none (the demo project). */
  defaultProject?: string;
  /** How many upcoming appointments one patient may hold (default 3). */
  futureAppointmentsPerPatient?: number;
  txState?: TxState;
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

function assertType(type: string): void {
  if (!isKnownResourceType(type) || NON_STORABLE_TYPES.has(type))
    throw badRequest(`Unknown resource type: ${type}`, 'resourceType');
}

function assertId(id: string): void {
  if (!ID_PATTERN.test(id)) throw badRequest(`Invalid id: ${id}`, 'id');
}

/** A checked resource body: valid, of a storable type. */
function checkedInput(resource: unknown): StoredResource {
  assertValidResource(resource);
  const input = resource as StoredResource;
  assertType(input.resourceType);
  return input;
}

/** Resource storage bound to one request's caller, or to the system (SYSTEM, never from a request). */
export class Repository {
  readonly db: Database;
  /**
   * The caller; undefined only for a repository built with SYSTEM (the access checks read
   * undefined as the system). A missing caller is refused when the repository is made.
   */
  readonly auth: RequestAuth | undefined;
  private readonly opts: RepositoryOptions;

  constructor(db: Database, caller: Caller, opts: RepositoryOptions = {}) {
    // Deny by default: only SYSTEM itself is the system, never an absent caller.
    if (caller !== SYSTEM && (typeof caller !== 'object' || caller === null)) throw unauthorized();
    this.db = db;
    this.auth = caller === SYSTEM ? undefined : caller;
    this.opts = opts;
  }

  /** The same storage seen by a request's caller; 401 without one (an anonymous request has no rights). */
  withAuth(auth: RequestAuth): Repository {
    return new Repository(this.db, auth, this.opts);
  }

  /** True inside a transaction(). */
  get inTransaction(): boolean {
    return Boolean(this.opts.txState);
  }

  private get scope(): SearchScope {
    return { db: this.db, auth: this.auth };
  }

  /** Runs fn in one SQL transaction: all its writes commit together or none do; notifications after commit. */
  async transaction<T>(fn: (repo: Repository) => Promise<T>): Promise<T> {
    if (this.opts.txState) return fn(this);
    const state: TxState = { created: [], changes: [] };
    const result = await this.db.transaction((tx) =>
      fn(new Repository(tx, this.auth ?? SYSTEM, { ...this.opts, txState: state }))
    );
    if (state.changes.length) noteWrites(this.db, state.changes.length);
    for (const [resource, action] of state.changes) {
      try {
        // Account records are resources to the listeners too (the token cache hears of a Login).
        this.opts.onChange?.(resource as unknown as Resource, action);
      } catch (err) {
        console.error('[repository] change listener failed', err);
      }
    }
    return result;
  }

  /** Runs a write in the current transaction, or in its own. */
  private write<T>(fn: (repo: Repository, state: TxState) => Promise<T>): Promise<T> {
    return this.transaction((repo) => fn(repo, repo.opts.txState!));
  }

  // ---- reads ---------------------------------------------------------------------------------

  /** Reads the current version, masked for the caller; 404 when missing or not readable, 410 when deleted. */
  async readResource<T = Resource>(type: string, id: string): Promise<T> {
    assertType(type);
    assertDecided(this.auth, 'read', type);
    assertId(id);
    const row = await loadRow(this.db, type, id);
    const content = this.shown('read', type, row);
    if (row!.deleted) throw gone(`${type}/${id} was deleted`);
    return content as T;
  }

  /** Reads one version from the history, masked for the caller. */
  async readVersion<T = Resource>(type: string, id: string, versionId: string): Promise<T> {
    assertType(type);
    assertDecided(this.auth, 'vread', type);
    assertId(id);
    if (!/^\d{1,9}$/.test(versionId)) throw notFound();
    const row = await loadVersion(this.db, type, id, Number(versionId));
    const content = this.shown('vread', type, row);
    if (row!.deleted) throw gone(`${type}/${id} version ${versionId} is a deletion`);
    return content as T;
  }

  /** A loaded row decided for the caller and masked; 404 when missing or refused. */
  private shown(
    interaction: AccessInteraction,
    type: string,
    row: { content: StoredRow; compartments: string[] } | undefined
  ): StoredRow {
    if (!row) throw notFound();
    const decision = decideAccess(callerOf(this.auth), interaction, type, {
      resource: row.content,
      compartments: row.compartments,
    });
    if (!decision.allow) throw decision.outcome;
    return decision.mask.apply(row.content);
  }

  /** A resource the caller has just written, as the answer shows it (hidden fields masked). */
  private answered<T>(resource: StoredRow): T {
    return writtenMask(this.auth, resource as unknown as Resource).apply(resource) as T;
  }

  /** The history of one resource (id given) or of a type, newest first. */
  async readHistory(
    type: string,
    id: string | undefined,
    query: URLSearchParams = new URLSearchParams()
  ): Promise<Bundle<StoredRow>> {
    assertType(type);
    if (id !== undefined) assertId(id);
    return readHistory(this.scope, type, id, query);
  }

  /** The bytes of a Binary version (the current one when versionId is omitted); access checked as a read. */
  async readBinaryData(id: string, versionId?: string): Promise<Buffer | undefined> {
    const binary = versionId
      ? await this.readVersion<StoredRow>('Binary', id, versionId)
      : await this.readResource<StoredRow>('Binary', id);
    return readBinaryBytes(this.db, id, Number(binary.meta?.versionId ?? 1));
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
    const input = checkedInput(resource);
    const query = opts.ifNoneExist === undefined ? undefined : ifNoneExistQuery(opts.ifNoneExist);
    return this.write(async (repo, state) => {
      if (query) {
        const existing = await repo.findConditional<T>(input, query);
        if (existing.length > 1)
          throw preconditionFailed(`If-None-Exist matched ${existing.length} ${input.resourceType} resources`);
        if (existing.length === 1) return { resource: existing[0], created: false };
      }
      const id = opts.assignedId ?? randomUUID();
      const toStore: StoredRow = { ...input, id, meta: this.stampMeta(input) };
      await repo.assertCanCreate(toStore);
      if (await loadRow(repo.db, input.resourceType, id, true))
        throw conflict(`${input.resourceType}/${id} already exists`);
      const stored = await writeVersion(repo.db, toStore, 1, false);
      state.created.push(stored);
      state.changes.push([stored, 'create']);
      return { resource: this.answered<T>(stored), created: true };
    });
  }

  /** The create checks: the role's and the scopes' (access/policy.ts), then those that read the database. */
  private async assertCanCreate(resource: StoredRow): Promise<void> {
    assertCanCreate(this.auth, resource);
    await assertPatientCreate(this.db, this.auth, resource);
    if (resource.resourceType === 'Binary') await assertBinaryContextAllowed(this.db, this.auth, resource);
    if (resource.resourceType === 'Appointment') {
      const limit = this.opts.futureAppointmentsPerPatient ?? DEFAULT_FUTURE_APPOINTMENTS_PER_PATIENT;
      await assertAppointmentRoom(this.db, this.auth, resource, limit);
    }
  }

  /** Replaces a resource (creates it under its id if missing); If-Match must name the current version. */
  async updateResource<T = Resource>(resource: T, opts: { ifMatch?: unknown } = {}): Promise<T> {
    return (await this.updateWithOutcome(resource, opts)).resource;
  }

  /** updateResource that also says whether the resource was created. */
  async updateWithOutcome<T = Resource>(resource: T, opts: { ifMatch?: unknown } = {}): Promise<CreateResult<T>> {
    const input = checkedInput(resource);
    if (opts.ifMatch !== undefined) parseIfMatch(opts.ifMatch);
    if (!input.id) throw badRequest('Missing id', 'id');
    const type = input.resourceType;
    const id = input.id;
    return this.write(async (repo, state) => {
      const current = await loadRow(repo.db, type, id, true);
      if (current && !canReadRow(this.auth, type, current.compartments)) throw notFound();
      assertIfMatch(type, id, current, opts.ifMatch);
      const previousAuthor = current?.content?.meta?.author;
      const meta = this.stampMeta(input, previousAuthor);
      if (!this.auth && previousAuthor && !meta.author) meta.author = previousAuthor;
      const toStore: StoredRow = { ...input, id, meta };
      if (!current || current.deleted) {
        await repo.assertCanCreate(toStore);
        const stored = await writeVersion(repo.db, toStore, (current?.version_id ?? 0) + 1, false);
        state.created.push(stored);
        state.changes.push([stored, 'create']);
        return { resource: this.answered<T>(stored), created: true };
      }
      assertCanUpdate(this.auth, current.content, toStore, {
        createdInTransaction: state.created,
      } satisfies WriteContext);
      const stored = await writeVersion(repo.db, toStore, current.version_id + 1, false);
      state.changes.push([stored, 'update']);
      return { resource: this.answered<T>(stored), created: false };
    });
  }

  /** The meta a write stores: the caller as author, the project the write belongs to. */
  private stampMeta(resource: StoredResource, previousAuthor?: StoredMeta['author']): StoredMeta {
    const meta: StoredMeta = { ...(resource.meta ?? {}) };
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

  /**
   * Deletes a resource (a new version marked deleted); 404 when it never existed. With If-Match,
   * 412 unless it names the current version (a deleted one has none).
   */
  async deleteResource(type: string, id: string, opts: { ifMatch?: unknown } = {}): Promise<void> {
    assertType(type);
    assertId(id);
    if (opts.ifMatch !== undefined) parseIfMatch(opts.ifMatch);
    assertTypeReadable(this.auth, type);
    await this.write(async (repo, state) => {
      const current = await loadRow(repo.db, type, id, true);
      if (!current || !canReadRow(this.auth, type, current.compartments)) throw notFound();
      assertIfMatch(type, id, current, opts.ifMatch);
      if (current.deleted) return;
      assertCanDelete(this.auth, current.content);
      await writeVersion(repo.db, current.content, current.version_id + 1, true);
      state.changes.push([current.content, 'delete']);
    });
  }

  /**
   * Creates or replaces many resources with a handful of statements (seed, bulk loads): the
   * system only, no access checks, no If-Match. Each resource is validated and indexed as a
   * single write would; a resource without an id gets a new one. Binary goes the single way,
   * and so does PaymentNotice, after everything else: its compartment comes from the Coverage or
   * Claim it points at (store/versions.ts), which must be stored first.
   */
  async writeMany<T = Resource>(resources: T[], chunkSize = 500): Promise<T[]> {
    if (this.auth) throw new Error('writeMany is for the system repository only');
    const inputs = resources.map(checkedInput);
    return this.write(async (repo, state) => {
      const out: StoredRow[] = [];
      const afterBulk: StoredRow[] = [];
      for (let i = 0; i < inputs.length; i += chunkSize) {
        const bulk: StoredRow[] = [];
        for (const input of inputs.slice(i, i + chunkSize)) {
          const withId: StoredRow = { ...input, id: input.id ?? randomUUID() };
          const stamped: StoredRow = { ...withId, meta: this.stampMeta(withId) };
          if (stamped.resourceType === 'Binary') out.push(await repo.updateResource(stamped));
          else if (stamped.resourceType === 'PaymentNotice') afterBulk.push(stamped);
          else bulk.push(stamped);
        }
        for (const { resource, created } of await writeBulk(repo.db, bulk)) {
          if (created) state.created.push(resource);
          state.changes.push([resource, created ? 'create' : 'update']);
          out.push(resource);
        }
      }
      for (const resource of afterBulk) out.push(await repo.updateResource(resource));
      return out as T[];
    });
  }

  // ---- conditional writes (store/conditional.ts) ----------------------------------------------

  /** The advisory lock key of a conditional write of `resource` by `query`. */
  conditionalKey(resource: StoredResource, query: URLSearchParams): string {
    const project = projectOfWrite(this.auth, resource, this.opts.defaultProject);
    return conditionalLockKey(project, resource.resourceType, query);
  }

  /** Takes the locks of conditional writes until the transaction commits (inside transaction() only). */
  async lockConditionals(keys: readonly string[]): Promise<void> {
    if (!this.inTransaction) throw new Error('lockConditionals must run inside a transaction');
    await lockConditionals(this.db, keys);
  }

  /**
   * The (at most two) matches of a conditional write, searched under its lock, so that no other
   * conditional write by the same search can create between this search and this commit.
   */
  async findConditional<T = Resource>(resource: StoredResource, query: URLSearchParams): Promise<T[]> {
    await this.lockConditionals([this.conditionalKey(resource, query)]);
    return this.searchResources<T>(resource.resourceType, query, 2);
  }

  // ---- search --------------------------------------------------------------------------------

  /** Runs a search and returns its matches only (no includes, no paging links). */
  async searchResources<T = Resource>(type: string, params?: SearchParamsInput, limit?: number): Promise<T[]> {
    const req = parseSearchRequest(type, toSearchParams(params));
    if (limit !== undefined) req.count = Math.min(req.count, limit);
    return (await runSearch(this.scope, req)).resources as T[];
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
  async search(type: string, params: SearchParamsInput | undefined, opts: { asText: true }): Promise<Bundle<Found>>;
  async search(type: string, params?: SearchParamsInput, opts: { asText?: boolean } = {}): Promise<Bundle<Found>> {
    assertType(type);
    const query = toSearchParams(params);
    return searchBundle(this.scope, parseSearchRequest(type, query), query, opts.asText ?? false);
  }

  /** Every readable resource in a patient's compartment (for Patient/$everything); asText as for search. */
  async patientEverything(
    patientId: string,
    query: URLSearchParams = new URLSearchParams(),
    opts: { asText?: boolean } = {}
  ): Promise<Bundle<Found>> {
    const patient = await this.readResource<StoredRow>('Patient', patientId);
    return patientEverything(this.scope, patient, query, opts.asText ?? false);
  }
}

export type { Found, ResourceJson };
export { parseIfMatch };
