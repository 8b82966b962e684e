// History: the versions of one resource or of a type, newest first, as a history Bundle. Every
// version is checked on its own, so a resource that moved between patients (or projects) keeps
// its earlier versions out of the new owner's reach: each passes the access decision and leaves
// masked.
import type { Bundle, BundleEntry } from '../../../src/fhir/types';
import { decideAccess, policyNarrows } from '../access/decide';
import { readScope, requiredCompartments } from '../access/policy';
import { badRequest, notFound } from '../core/errors';
import type { StoredRow } from '../core/stored-resource';
import { SqlParams } from '../search/query';
import { pageLinks } from './paging';
import type { SearchScope } from './search-execution';
import { assertDecided, callerOf, shownRow } from './shown';
import { loadRow } from './versions';

const HISTORY_PARAMETERS = new Set(['_count', '_offset', '_since', '_format', '_pretty']);
export const DEFAULT_HISTORY_COUNT = 100;
export const MAX_HISTORY_COUNT = 1000;

function pageParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = query.has(name) ? Number(query.get(name)) : fallback;
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw badRequest(`Invalid value for ${name}: ${query.get(name)}`, name);
  return value;
}

/** The history of one resource (id given) or of a type, newest first. */
export async function readHistory(
  { db, auth }: SearchScope,
  type: string,
  id: string | undefined,
  query: URLSearchParams
): Promise<Bundle<StoredRow>> {
  assertDecided(auth, 'history', type);
  const count = pageParam(query, '_count', DEFAULT_HISTORY_COUNT, MAX_HISTORY_COUNT);
  const offset = pageParam(query, '_offset', 0, Number.MAX_SAFE_INTEGER);
  for (const key of query.keys()) {
    if (!HISTORY_PARAMETERS.has(key)) throw badRequest(`Unknown history parameter: ${key}`, key);
  }
  const p = new SqlParams();
  const where = [`h.resource_type = ${p.add(type)}`];
  if (id !== undefined) {
    const current = await loadRow(db, type, id);
    if (!current) throw notFound();
    const decision = decideAccess(callerOf(auth), 'history', type, {
      resource: current.content,
      compartments: current.compartments,
    });
    if (!decision.allow) throw decision.outcome;
    where.push(`h.id = ${p.add(id)}`);
  }
  const required = requiredCompartments(readScope(auth, type));
  if (required) where.push(`h.compartments @> ${p.add(required)}::text[]`);
  const since = query.get('_since');
  if (since) {
    if (Number.isNaN(Date.parse(since)))
      throw badRequest(`Invalid format for date search parameter: ${since}`, '_since');
    where.push(`h.last_updated >= ${p.add(new Date(since).toISOString())}::timestamptz`);
  }
  // resource_history primary key (single resource) / resource_history_type_idx (type)
  const whereSql = where.join(' AND ');
  const whereValues = p.values.length;
  const { rows } = await db.query<{
    id: string;
    content: StoredRow;
    deleted: boolean;
    version_id: number;
    last_updated: Date | string;
    compartments: string[];
  }>(
    `SELECT h.id, h.content, h.deleted, h.version_id, h.last_updated, h.compartments FROM resource_history h WHERE ${whereSql}
     ORDER BY h.last_updated DESC, h.version_id DESC LIMIT ${p.add(count)} OFFSET ${p.add(offset)}`,
    p.values
  );
  const totalRows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM resource_history h WHERE ${whereSql}`,
    p.values.slice(0, whereValues)
  );
  let dropped = false;
  const entry = rows.flatMap((row): BundleEntry<StoredRow>[] => {
    const lastModified = new Date(row.last_updated).toISOString();
    const ref = `${type}/${row.id}`;
    const etag = `W/"${row.version_id}"`;
    if (row.deleted)
      return [{ request: { method: 'DELETE', url: ref }, response: { status: '204', lastModified, etag } }];
    const resource = shownRow(auth, 'history', type, row, false) as StoredRow | undefined;
    if (!resource) {
      dropped = true;
      return [];
    }
    const created = row.version_id === 1;
    return [
      {
        fullUrl: ref,
        resource,
        request: { method: created ? 'POST' : 'PUT', url: created ? type : ref },
        response: { status: created ? '201' : '200', lastModified, etag },
      },
    ];
  });
  const total = Number(totalRows.rows[0].n);
  const bundle: Bundle<StoredRow> = { resourceType: 'Bundle', type: 'history' };
  // A count of versions the caller may not see would tell how many there are.
  if (!dropped && !policyNarrows(auth, type)) bundle.total = total;
  bundle.link = pageLinks(id ? `${type}/${id}/_history` : `${type}/_history`, query, count, offset, total, rows.length);
  bundle.entry = entry;
  return bundle;
}
