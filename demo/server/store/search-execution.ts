// Search execution: the checked request (search/request.ts) becomes SQL (search/query.ts) over
// the rows the caller may read, then one level of _include/_revinclude and the paging links.
// Rows leave as objects, or as their JSON text for a response (ResourceJson). Every row, match
// or include, passes the access decision and leaves masked (store/shown.ts); the SQL narrows by
// the caller's compartments first, so the index does the bulk of the work.
import type { Bundle, BundleEntry } from '../../../src/fhir/types';
import { decideAccess, policyNarrows } from '../access/decide';
import { readScope, requiredCompartments } from '../access/policy';
import { assertSearchShowsFields } from '../access/search-fields';
import type { RequestAuth } from '../core/request-auth';
import { isKnownResourceType } from '../core/resource-types';
import type { Database } from '../db/database';
import { SqlParams, buildOrderBy, buildWhere } from '../search/query';
import type { IncludeSpec, SearchRequest } from '../search/request';
import { pageLinks } from './paging';
import { assertDecided, callerOf, shownRow, type Found, type SelectedRow } from './shown';

export type { Found };

/** Who searches where. */
export interface SearchScope {
  db: Database;
  auth: RequestAuth | undefined;
}

/** The most resources one _revinclude adds to a page. */
const MAX_REVINCLUDED = 1000;

/** One page of matches: those the caller sees, the total and row count the SQL found, and whether any was refused. */
export interface SearchPage {
  resources: Found[];
  total?: number;
  /** Rows the page's query answered, before the decision (for the paging links). */
  rows: number;
  dropped: boolean;
}

/** Decides and masks the selected rows of one type. */
function shownRows(auth: RequestAuth | undefined, type: string, rows: SelectedRow[], asText: boolean) {
  const out: Found[] = [];
  for (const row of rows) {
    const shown = shownRow(auth, 'search', type, row, asText);
    if (shown) out.push(shown);
  }
  return out;
}

/** The matches of a search (one page) and, when asked, their total. */
export async function runSearch(
  { db, auth }: SearchScope,
  req: SearchRequest,
  opts: { withTotal?: boolean; asText?: boolean } = {}
): Promise<SearchPage> {
  assertDecided(auth, 'search', req.resourceType);
  assertSearchShowsFields(auth, req);
  const asText = opts.asText ?? false;
  const p = new SqlParams();
  const where = buildWhere(req, p, requiredCompartments(readScope(auth, req.resourceType)));
  const wantTotal = Boolean(opts.withTotal) && (req.total !== 'none' || req.summaryCount);
  const whereValues = p.values.length;
  const countQuery = async () =>
    Number(
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM resources r WHERE ${where}`,
          p.values.slice(0, whereValues)
        )
      ).rows[0].n
    );
  if (req.summaryCount || req.count === 0)
    return { resources: [], total: wantTotal ? await countQuery() : undefined, rows: 0, dropped: false };
  const order = buildOrderBy(req, p);
  // One query for the page and its total: the window count is taken before LIMIT.
  const { rows } = await db.query<SelectedRow & { total?: number }>(
    `SELECT r.id, ${asText ? 'r.content::text AS content' : 'r.content'}, r.compartments${wantTotal ? ', count(*) OVER ()::int AS total' : ''}
     FROM resources r WHERE ${where}
     ORDER BY ${order} LIMIT ${p.add(req.count)} OFFSET ${p.add(req.offset)}`,
    p.values
  );
  let total: number | undefined;
  if (wantTotal) {
    if (rows.length) total = Number(rows[0].total);
    else if (req.offset === 0) total = 0;
    else total = await countQuery();
  }
  const resources = shownRows(auth, req.resourceType, rows, asText);
  return { resources, total, rows: rows.length, dropped: resources.length < rows.length };
}

/** The resources behind references ('Type/id') that the caller may read. */
async function loadReadable({ db, auth }: SearchScope, refs: string[], asText: boolean): Promise<Found[]> {
  const byType = new Map<string, string[]>();
  for (const ref of refs) {
    const [type, id] = ref.split('/');
    if (!type || !id || !isKnownResourceType(type)) continue;
    if (!decideAccess(callerOf(auth), 'search', type).allow) continue;
    byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const out: Found[] = [];
  for (const [type, ids] of byType) {
    // resources primary key (resource_type, id)
    const { rows } = await db.query<SelectedRow>(
      `SELECT id, ${asText ? 'content::text AS content' : 'content'}, compartments FROM resources
       WHERE resource_type = $1 AND id = ANY($2::text[]) AND NOT deleted`,
      [type, ids]
    );
    out.push(...shownRows(auth, type, rows, asText));
  }
  return out;
}

async function includes(scope: SearchScope, specs: IncludeSpec[], matches: Found[], asText: boolean) {
  const out: Found[] = [];
  for (const spec of specs) {
    // search_index_resource_code_idx (resource_type, resource_id, code)
    const { rows } = await scope.db.query<{ ref_target: string }>(
      'SELECT DISTINCT ref_target FROM search_index WHERE resource_type = $1 AND resource_id = ANY($2::text[]) AND code = $3 AND ref_target IS NOT NULL',
      [spec.sourceType, matches.map((m) => m.id), spec.code]
    );
    const refs = rows
      .map((r) => r.ref_target)
      .filter((ref) => !spec.targetType || ref.startsWith(spec.targetType + '/'));
    out.push(...(await loadReadable(scope, refs, asText)));
  }
  return out;
}

async function revincludes({ db, auth }: SearchScope, specs: IncludeSpec[], matches: Found[], asText: boolean) {
  const out: Found[] = [];
  const refs = matches.map((m) => `${m.resourceType}/${m.id}`);
  for (const spec of specs) {
    if (spec.targetType && spec.targetType !== matches[0].resourceType) continue;
    if (!decideAccess(callerOf(auth), 'search', spec.sourceType).allow) continue;
    const p = new SqlParams();
    const conds = [`r.resource_type = ${p.add(spec.sourceType)}`, 'NOT r.deleted'];
    const required = requiredCompartments(readScope(auth, spec.sourceType));
    if (required) conds.push(`r.compartments @> ${p.add(required)}::text[]`);
    // search_index_ref_idx (resource_type, code, ref_target)
    conds.push(
      `r.id IN (SELECT si.resource_id FROM search_index si WHERE si.resource_type = ${p.add(spec.sourceType)} AND si.code = ${p.add(spec.code)} AND si.ref_target = ANY(${p.add(refs)}::text[]))`
    );
    const { rows } = await db.query<SelectedRow>(
      `SELECT r.id, ${asText ? 'r.content::text AS content' : 'r.content'}, r.compartments FROM resources r WHERE ${conds.join(' AND ')} LIMIT ${MAX_REVINCLUDED}`,
      p.values
    );
    out.push(...shownRows(auth, spec.sourceType, rows, asText));
  }
  return out;
}

/** A searchset Bundle: matches, includes (each resource once), total and relative paging links. */
export async function searchBundle(
  scope: SearchScope,
  req: SearchRequest,
  query: URLSearchParams,
  asText: boolean
): Promise<Bundle<Found>> {
  const type = req.resourceType;
  const { resources, total, rows, dropped } = await runSearch(scope, req, { withTotal: true, asText });
  const entry: BundleEntry<Found>[] = resources.map((r) => ({
    fullUrl: `${type}/${r.id}`,
    resource: r,
    search: { mode: 'match' },
  }));
  if (!req.summaryCount && resources.length) {
    const seen = new Set(resources.map((r) => `${r.resourceType}/${r.id}`));
    for (const r of [
      ...(await includes(scope, req.include, resources, asText)),
      ...(await revincludes(scope, req.revinclude, resources, asText)),
    ]) {
      const key = `${r.resourceType}/${r.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entry.push({ fullUrl: key, resource: r, search: { mode: 'include' } });
    }
  }
  const bundle: Bundle<Found> = { resourceType: 'Bundle', type: 'searchset' };
  // A count that includes what the caller may not see would tell how much there is.
  if (total !== undefined && !dropped && !policyNarrows(scope.auth, type)) bundle.total = total;
  bundle.link = pageLinks(type, query, req.count, req.offset, total, rows);
  bundle.entry = entry;
  return bundle;
}
