// The search-index writer: a resource's search_index rows and its search_keys, written with
// each version, in bulk for many resources, and filled in at start for databases from before
// search_keys. Also keeps the planner's statistics fresh (ANALYZE), which PGlite never does.
import type { Database } from '../db/database';
import { extractIndexRows, searchKeys, type IndexRow } from '../search/extract';
import { SqlParams } from '../search/query';

/** The search_index columns after (resource_type, resource_id), in table order. */
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

/** One resource's index row, for bulk writes. */
export interface ResourceIndexRow {
  type: string;
  id: string;
  row: IndexRow;
}

/** Replaces the index rows of one resource (none for a deletion). */
export async function replaceIndexRows(db: Database, type: string, id: string, rows: IndexRow[]): Promise<void> {
  // search_index_resource_code_idx (resource_type, resource_id, code)
  await db.query('DELETE FROM search_index WHERE resource_type = $1 AND resource_id = $2', [type, id]);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const p = new SqlParams();
    const values = chunk.map((row) => {
      const cols = [p.add(type), p.add(id), ...INDEX_COLUMNS.map((c) => p.add(row[c] ?? null))];
      cols[9] = `${cols[9]}::timestamptz`; // date_start
      cols[10] = `${cols[10]}::timestamptz`; // date_end
      cols[11] = `${cols[11]}::double precision`;
      return `(${cols.join(', ')})`;
    });
    await db.query(
      `INSERT INTO search_index (resource_type, resource_id, ${INDEX_COLUMNS.join(', ')}) VALUES ${values.join(', ')}`,
      p.values
    );
  }
}

/** Deletes the index rows of many resources (before their new versions' rows go in). */
export async function deleteIndexRows(db: Database, keys: { type: string; id: string }[]): Promise<void> {
  if (!keys.length) return;
  // search_index_resource_code_idx (resource_type, resource_id, code)
  await db.query(
    `DELETE FROM search_index s USING unnest($1::text[], $2::text[]) AS k(t, i) WHERE s.resource_type = k.t AND s.resource_id = k.i`,
    [keys.map((k) => k.type), keys.map((k) => k.id)]
  );
}

/** Inserts index rows of many resources, one column array per column (a few statements for thousands of rows). */
export async function insertIndexColumns(db: Database, index: ResourceIndexRow[]): Promise<void> {
  for (let i = 0; i < index.length; i += 5000) {
    const chunk = index.slice(i, i + 5000);
    const col = (c: (typeof INDEX_COLUMNS)[number]) => chunk.map((x) => x.row[c] ?? null);
    await db.query(
      `INSERT INTO search_index (resource_type, resource_id, ${INDEX_COLUMNS.join(', ')})
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::float8[])`,
      [chunk.map((x) => x.type), chunk.map((x) => x.id), ...INDEX_COLUMNS.map(col)]
    );
  }
}

/**
 * Fills search_keys of rows stored before migration 002-search-keys (NULL there), 500 at a
 * time, from the same index rows a write extracts. Runs at start, before requests.
 */
export async function backfillSearchKeys(db: Database): Promise<void> {
  await db.query(`UPDATE resources SET search_keys = '{}' WHERE search_keys IS NULL AND deleted`);
  for (;;) {
    const { rows } = await db.query<{ resource_type: string; id: string; content: Record<string, unknown> }>(
      'SELECT resource_type, id, content FROM resources WHERE search_keys IS NULL LIMIT 500'
    );
    if (!rows.length) return;
    const keys = rows.map((row) => {
      try {
        return JSON.stringify(searchKeys(row.resource_type, extractIndexRows(row.content)));
      } catch (err) {
        console.error(`[index] ${row.resource_type}/${row.id} cannot be indexed:`, (err as Error).message);
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

const ANALYZED_TABLES = ['resources', 'search_index', 'resource_history'];

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

/** Counts committed writes, and runs ANALYZE in the background when the data grew by half. */
export function noteWrites(db: Database, count: number): void {
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
      for (const table of ANALYZED_TABLES) await db.query(`ANALYZE ${table}`);
    } catch {
      // The database closed meanwhile; the next writes try again.
    } finally {
      done.running = false;
    }
  })();
}

/** Runs ANALYZE now (after a bulk load, before measuring). */
export async function analyzeTables(db: Database): Promise<void> {
  for (const table of ANALYZED_TABLES) await db.query(`ANALYZE ${table}`);
}
