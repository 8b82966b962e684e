// Ordered schema migrations; `schema_migrations` records which ran. Append, never edit.
import type { Database } from './database';

/** One migration: a stable id and the SQL statements it runs. */
export interface Migration {
  id: string;
  statements: string[];
}

/** Every migration, in order. */
export const migrations: Migration[] = [
  {
    id: '001-resources',
    statements: [
      // Current version of every resource; deleted rows stay (deleted = true) so reads say 410.
      `CREATE TABLE IF NOT EXISTS resources (
        resource_type TEXT NOT NULL,
        id TEXT NOT NULL,
        version_id INTEGER NOT NULL,
        last_updated TIMESTAMPTZ NOT NULL,
        deleted BOOLEAN NOT NULL DEFAULT FALSE,
        content JSONB,
        compartments TEXT[] NOT NULL DEFAULT '{}',
        PRIMARY KEY (resource_type, id)
      )`,
      `CREATE INDEX IF NOT EXISTS resources_last_updated_idx ON resources (resource_type, last_updated)`,
      `CREATE INDEX IF NOT EXISTS resources_compartments_idx ON resources USING GIN (compartments)`,
      // Every version, including deletes (content of the deleted version kept for access checks).
      `CREATE TABLE IF NOT EXISTS resource_history (
        resource_type TEXT NOT NULL,
        id TEXT NOT NULL,
        version_id INTEGER NOT NULL,
        last_updated TIMESTAMPTZ NOT NULL,
        deleted BOOLEAN NOT NULL DEFAULT FALSE,
        content JSONB,
        compartments TEXT[] NOT NULL DEFAULT '{}',
        PRIMARY KEY (resource_type, id, version_id)
      )`,
      `CREATE INDEX IF NOT EXISTS resource_history_type_idx ON resource_history (resource_type, last_updated)`,
      // One row per indexed value of a search parameter of the current version.
      `CREATE TABLE IF NOT EXISTS search_index (
        resource_type TEXT NOT NULL,
        resource_id TEXT NOT NULL,
        code TEXT NOT NULL,
        value_string TEXT,
        value_exact TEXT,
        system TEXT,
        value_code TEXT,
        value_text TEXT,
        ref_target TEXT,
        date_start TIMESTAMPTZ,
        date_end TIMESTAMPTZ,
        num_value DOUBLE PRECISION
      )`,
      `CREATE INDEX IF NOT EXISTS search_index_resource_idx ON search_index (resource_type, resource_id)`,
      `CREATE INDEX IF NOT EXISTS search_index_string_idx ON search_index (resource_type, code, value_string text_pattern_ops)`,
      `CREATE INDEX IF NOT EXISTS search_index_exact_idx ON search_index (resource_type, code, value_exact)`,
      `CREATE INDEX IF NOT EXISTS search_index_token_idx ON search_index (resource_type, code, value_code, system)`,
      `CREATE INDEX IF NOT EXISTS search_index_ref_idx ON search_index (resource_type, code, ref_target)`,
      `CREATE INDEX IF NOT EXISTS search_index_date_idx ON search_index (resource_type, code, date_start, date_end)`,
      `CREATE INDEX IF NOT EXISTS search_index_number_idx ON search_index (resource_type, code, num_value)`,
      // Binary content kept out of JSONB, one row per Binary version.
      `CREATE TABLE IF NOT EXISTS binary_content (
        id TEXT NOT NULL,
        version_id INTEGER NOT NULL,
        data BYTEA NOT NULL,
        PRIMARY KEY (id, version_id)
      )`,
      // Server settings (the JWT key) kept across restarts.
      `CREATE TABLE IF NOT EXISTS server_config (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    ],
  },
  {
    id: '002-search-keys',
    statements: [
      // Exact-match token and reference values of the current version as one array per
      // resource (format in search/extract.ts, searchKeys): an equality search is a GIN lookup
      // on the resource row, and two of them intersect inside one index scan. NULL until the
      // server backfills a row written before this migration (store/repository.ts,
      // backfillSearchKeys); '{}' for deleted rows.
      `ALTER TABLE resources ADD COLUMN IF NOT EXISTS search_keys TEXT[]`,
      // fastupdate off: PGlite runs no autovacuum, so GIN's pending list would never be merged
      // and every lookup would scan it whole (3 ms per compartment lookup at 100,000 rows).
      `CREATE INDEX IF NOT EXISTS resources_search_keys_idx ON resources USING GIN (search_keys) WITH (fastupdate = off)`,
      `DROP INDEX IF EXISTS resources_compartments_idx`,
      `CREATE INDEX IF NOT EXISTS resources_compartments_gin_idx ON resources USING GIN (compartments) WITH (fastupdate = off)`,
      // Per-resource lookups that name a parameter (_include, _sort values) stay in the index.
      `DROP INDEX IF EXISTS search_index_resource_idx`,
      `CREATE INDEX IF NOT EXISTS search_index_resource_code_idx ON search_index (resource_type, resource_id, code)`,
    ],
  },
  {
    id: '003-spent-tokens',
    statements: [
      // Single-use credentials already used (bot-check solutions, websocket binding tokens), by
      // a digest, until they would have expired anyway: the primary key makes a second use fail
      // across every process that shares the database (auth/spent-tokens.ts).
      `CREATE TABLE IF NOT EXISTS spent_tokens (id TEXT PRIMARY KEY, expires_at TIMESTAMPTZ NOT NULL)`,
      `CREATE INDEX IF NOT EXISTS spent_tokens_expires_idx ON spent_tokens (expires_at)`,
    ],
  },
  {
    id: '004-attempt-counts',
    statements: [
      // Failed sign-in attempts (and registrations) per key, shared by every process on the
      // database so N processes allow no more guesses than one (auth/attempt-limiter.ts). The key
      // is a rule's name and a digest of what it counts (an address, an account); times are epoch
      // milliseconds of the server's clock. A row is forgotten once quiet past its window.
      `CREATE TABLE IF NOT EXISTS attempt_counts (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_failure DOUBLE PRECISION NOT NULL,
        held_until DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS attempt_counts_expires_idx ON attempt_counts (expires_at)`,
    ],
  },
  {
    id: '005-password-resets',
    statements: [
      // Password reset links (auth/password-reset.ts): a SHA-256 digest of the link's secret,
      // never the secret; expiry in epoch milliseconds of the server's clock; a link is spent by
      // setting used_at, which one request alone can do.
      `CREATE TABLE IF NOT EXISTS password_resets (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        secret_digest TEXT NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL,
        used_at DOUBLE PRECISION
      )`,
      `CREATE INDEX IF NOT EXISTS password_resets_user_idx ON password_resets (user_id)`,
      `CREATE INDEX IF NOT EXISTS password_resets_expires_idx ON password_resets (expires_at)`,
    ],
  },
];

/** Runs every migration not yet recorded in schema_migrations, each in its own transaction. */
export async function runMigrations(db: Database): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`
  );
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [migration.id]);
    });
  }
}
