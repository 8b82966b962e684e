// Single use for credentials that are checked without being stored first (a bot-check solution
// is signed, not issued from a table) or that must not be used twice (a websocket binding
// token). Spending one inserts its digest; the table's primary key lets exactly one request win,
// in this process or any other on the same database. Rows live until the credential would have
// expired anyway, so the table holds at most what is still valid.
import { createHash } from 'node:crypto';
import type { Database } from './database';

/** How often (in spends) expired rows are swept. */
const SWEEP_EVERY = 200;
let spendsSinceSweep = 0;

/**
 * Marks the credential used; true when this call was the first use. `kind` keeps the spaces of
 * different credentials apart; only a SHA-256 digest of the value is stored.
 */
export async function spendOnce(db: Database, kind: string, value: string, expiresAt: Date): Promise<boolean> {
  const id = `${kind}:${createHash('sha256').update(value).digest('base64url')}`;
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO spent_tokens (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
    [id, expiresAt.toISOString()]
  );
  if (++spendsSinceSweep >= SWEEP_EVERY) {
    spendsSinceSweep = 0;
    await db.query('DELETE FROM spent_tokens WHERE expires_at < now()');
  }
  return rows.length === 1;
}
