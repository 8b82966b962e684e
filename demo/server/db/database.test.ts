import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/test-server';
import { openDatabase, type Database, type OpenDatabaseOptions } from './database';
import { migrations } from './migrations';

describe.each(backends())('database (%s)', (backend) => {
  let opts: OpenDatabaseOptions;
  let db: Database;
  let dir: string | undefined;

  beforeAll(async () => {
    if (backend === 'postgres') {
      opts = { databaseUrl: process.env.DATABASE_URL, schema: `fpk_db_${randomUUID().replace(/-/g, '').slice(0, 12)}` };
    } else {
      dir = await mkdtemp(path.join(os.tmpdir(), 'fpk-db-'));
      opts = { dataDir: dir };
    }
    db = await openDatabase(opts);
  });
  afterAll(async () => {
    if (opts.schema) await db.query(`DROP SCHEMA IF EXISTS "${opts.schema}" CASCADE`);
    await db.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs every migration once and records it', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('commits a transaction, and rolls back everything on a throw', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO server_config (key, value) VALUES ('a', '1')");
      await tx.transaction((inner) => inner.query("INSERT INTO server_config (key, value) VALUES ('b', '2')"));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO server_config (key, value) VALUES ('c', '3')");
        throw new Error('boom');
      })
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ key: string }>(
      "SELECT key FROM server_config WHERE key IN ('a', 'b', 'c') ORDER BY key"
    );
    expect(rows.map((r) => r.key)).toEqual(['a', 'b']);
  });

  it('keeps concurrent transactions apart', async () => {
    await db.query("INSERT INTO server_config (key, value) VALUES ('counter', '0')");
    const bump = () =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ value: string }>(
          "SELECT value FROM server_config WHERE key = 'counter' FOR UPDATE"
        );
        await tx.query("UPDATE server_config SET value = $1 WHERE key = 'counter'", [
          String(Number(rows[0].value) + 1),
        ]);
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    const { rows } = await db.query<{ value: string }>("SELECT value FROM server_config WHERE key = 'counter'");
    expect(rows[0].value).toBe('10');
  });

  it('keeps data when closed and opened again, without re-running migrations', async () => {
    await db.query("INSERT INTO server_config (key, value) VALUES ('persist', 'yes')");
    await db.close();
    db = await openDatabase(opts);
    const { rows } = await db.query<{ value: string }>("SELECT value FROM server_config WHERE key = 'persist'");
    expect(rows[0].value).toBe('yes');
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(Number(count.rows[0].n)).toBe(migrations.length);
  });
});
