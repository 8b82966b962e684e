// Conditional writes (a create with If-None-Exist, an update by search) search, then write. Two
// PostgreSQL transactions running the same conditional write both search before either
// commits, both miss and both create: an offline outbox replaying a create whose answer was
// lost would double it. So each conditional write first takes a transaction-scoped advisory
// lock keyed by what it searches for (project, type, the search in one spelling); the second
// waits for the first to commit and then finds its resource. PGlite serialises transactions
// anyway (one session), and takes the same lock. If-Match values are parsed here too.
import { createHash } from 'node:crypto';
import { badRequest, preconditionFailed } from '../core/errors';
import type { Database } from '../db/database';
import type { StoredVersionRow } from './versions';

/** The version an If-Match names: W/"3", "3" or 3. 400 for anything else (a list, `*`, unbalanced quotes). */
export function parseIfMatch(value: unknown): string {
  if (typeof value !== 'string') throw badRequest('If-Match must be a string such as W/"3"', 'If-Match');
  const m = /^(?:W\/)?(?:"([A-Za-z0-9\-.]{1,64})"|([A-Za-z0-9\-.]{1,64}))$/.exec(value.trim());
  if (!m) throw badRequest(`Invalid If-Match header: ${value}`, 'If-Match');
  return m[1] ?? m[2];
}

/** 412 unless If-Match (when given) names the current, not deleted, version. */
export function assertIfMatch(type: string, id: string, current: StoredVersionRow | undefined, ifMatch: unknown): void {
  if (ifMatch === undefined) return;
  const wanted = parseIfMatch(ifMatch);
  if (current && !current.deleted && String(current.version_id) === wanted) return;
  throw preconditionFailed(
    `Precondition failed: ${type}/${id} is at version ${current && !current.deleted ? current.version_id : 'none'}, If-Match asked for ${wanted}`
  );
}

/** The search an If-None-Exist names, without a leading '?' or 'Type?'; 400 when it is not a string. */
export function ifNoneExistQuery(value: unknown): URLSearchParams {
  if (typeof value !== 'string') throw badRequest('If-None-Exist must be a search string', 'If-None-Exist');
  const query = new URLSearchParams(value.trim().replace(/^[A-Za-z]*\?/, ''));
  if (![...query.keys()].length) throw badRequest('If-None-Exist names no search parameter', 'If-None-Exist');
  return query;
}

/**
 * A search in one spelling: parameters sorted by name, then value, so `a=1&b=2` and `b=2&a=1`,
 * or `identifier=s|v` and `identifier=s%7Cv`, take the same lock.
 */
export function normalisedQuery(query: URLSearchParams): string {
  const pairs = [...query.entries()].sort(([ak, av], [bk, bv]) => (ak === bk ? cmp(av, bv) : cmp(ak, bk)));
  return new URLSearchParams(pairs).toString();
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The advisory lock key (a signed 64-bit integer, as text) of a conditional write. */
export function conditionalLockKey(project: string | undefined, type: string, query: URLSearchParams): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([project ?? '', type, normalisedQuery(query)]))
    .digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * Takes the advisory locks of some conditional writes until the transaction ends. Several at
 * once are taken in one order (sorted), so two transaction Bundles naming the same searches in
 * opposite orders wait for each other instead of deadlocking. Taking a lock the transaction
 * already holds does not wait. Must run inside a transaction: outside one it would be released
 * at once.
 */
export async function lockConditionals(tx: Database, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
}
