// Bulk writes (the seed, bulk loads): many resources with a handful of statements, each
// validated, versioned and indexed as a single write would be. The system only: the caller
// (Repository.writeMany) stamps meta and sends Binary through the single-write path.
import { computeCompartments } from '../access/compartment';
import { badRequest } from '../core/errors';
import type { StoredMeta, StoredRow } from '../core/stored-resource';
import type { Database } from '../db/database';
import { extractIndexRows, searchKeys } from '../search/extract';
import { deleteIndexRows, insertIndexColumns, type ResourceIndexRow } from './index-writer';
import { nextLastUpdated } from './versions';

/** A resource a bulk write stored, and whether it was new (or came back from deletion). */
export interface BulkWritten {
  resource: StoredRow;
  created: boolean;
}

/** Creates or replaces the resources (ids given, meta stamped) in the caller's transaction. */
export async function writeBulk(db: Database, resources: StoredRow[]): Promise<BulkWritten[]> {
  if (!resources.length) return [];
  // resources primary key (resource_type, id)
  const { rows: current } = await db.query<{
    resource_type: string;
    id: string;
    version_id: number;
    deleted: boolean;
    content: StoredRow;
  }>(
    `SELECT r.resource_type, r.id, r.version_id, r.deleted, r.content FROM resources r
     JOIN unnest($1::text[], $2::text[]) AS k(t, i) ON r.resource_type = k.t AND r.id = k.i FOR UPDATE OF r`,
    [resources.map((r) => r.resourceType), resources.map((r) => r.id)]
  );
  const existing = new Map(current.map((row) => [`${row.resource_type}/${row.id}`, row]));
  const lastUpdated = nextLastUpdated();
  const columns = { types: [] as string[], ids: [] as string[], versions: [] as number[], contents: [] as string[] };
  const compartments: string[] = [];
  const keys: string[] = [];
  const index: ResourceIndexRow[] = [];
  const out: BulkWritten[] = [];
  const seen = new Set<string>();
  for (const r of resources) {
    const key = `${r.resourceType}/${r.id}`;
    if (seen.has(key)) throw badRequest(`${key} appears twice in one bulk write`);
    seen.add(key);
    const before = existing.get(key);
    const versionId = (before?.version_id ?? 0) + 1;
    const meta: StoredMeta = { ...(r.meta ?? {}) };
    const previousAuthor = before && !before.deleted ? before.content?.meta?.author : undefined;
    if (previousAuthor && !meta.author) meta.author = previousAuthor;
    const stored: StoredRow = { ...r, meta: { ...meta, versionId: String(versionId), lastUpdated } };
    const rows = extractIndexRows(stored);
    for (const row of rows) index.push({ type: r.resourceType, id: r.id, row });
    columns.types.push(r.resourceType);
    columns.ids.push(r.id);
    columns.versions.push(versionId);
    columns.contents.push(JSON.stringify(stored));
    // A text[] per row does not unnest as rows; pass each as a JSON array and rebuild it in SQL.
    compartments.push(JSON.stringify(computeCompartments(stored)));
    keys.push(JSON.stringify(searchKeys(r.resourceType, rows)));
    out.push({ resource: stored, created: !before || before.deleted });
  }
  const params = [columns.types, columns.ids, columns.versions, lastUpdated, columns.contents, compartments];
  await db.query(
    `INSERT INTO resources (resource_type, id, version_id, last_updated, content, compartments, search_keys)
     SELECT t, i, v, $4::timestamptz, c::jsonb, ARRAY(SELECT jsonb_array_elements_text(k::jsonb))::text[],
       ARRAY(SELECT jsonb_array_elements_text(sk::jsonb))::text[]
     FROM unnest($1::text[], $2::text[], $3::int[], $5::text[], $6::text[], $7::text[]) AS x(t, i, v, c, k, sk)
     ON CONFLICT (resource_type, id) DO UPDATE SET version_id = EXCLUDED.version_id, last_updated = EXCLUDED.last_updated,
       deleted = FALSE, content = EXCLUDED.content, compartments = EXCLUDED.compartments,
       search_keys = EXCLUDED.search_keys`,
    [...params, keys]
  );
  await db.query(
    `INSERT INTO resource_history (resource_type, id, version_id, last_updated, content, compartments)
     SELECT t, i, v, $4::timestamptz AS lu, c::jsonb AS c, ARRAY(SELECT jsonb_array_elements_text(k::jsonb))::text[] AS k
     FROM unnest($1::text[], $2::text[], $3::int[], $5::text[], $6::text[]) AS x(t, i, v, c, k)`,
    params
  );
  await deleteIndexRows(
    db,
    current.map((row) => ({ type: row.resource_type, id: row.id }))
  );
  await insertIndexColumns(db, index);
  return out;
}
