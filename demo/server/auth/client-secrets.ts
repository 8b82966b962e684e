/**
 * How a client application's secret is kept: only its SHA-256 digest (base64url) is stored, as
 * `secretDigest`, so a copy of the database holds no client credential. A presented secret is
 * hashed and the two digests compared in constant time. Records written before digests (with
 * `secret` in plain text) still sign in until the start-up rewrite (rewritePlainClientSecrets)
 * has turned them into digests.
 */
import type { Database } from '../db/database';
import type { ClientApplicationRecord } from '../core/account-records';
import { digest } from './login-secrets';
import { safeEqual } from './safe-equal';

type ClientSecretFields = Pick<ClientApplicationRecord, 'secretDigest' | 'secret'>;

/**
 * The digest stored for a client secret. A fast, unsalted hash is right here, unlike for
 * passwords: registered secrets are 32 random bytes (registerClientApplication), far beyond any
 * guessing, so stretching would buy nothing. The seeded demo client's secret is the one guessable
 * value, and it is published in the README anyway.
 */
export function clientSecretDigest(secret: string): string {
  return digest(secret);
}

/** The digest a record registers: its `secretDigest`, or that of a plain `secret` not yet rewritten. */
function registeredDigest(client: ClientSecretFields | undefined): string | undefined {
  if (client?.secretDigest) return client.secretDigest;
  return client?.secret ? clientSecretDigest(client.secret) : undefined;
}

/** A confidential client: a secret is registered, so the code exchange must present it. */
export function isConfidentialClient(client: ClientSecretFields | undefined): boolean {
  return registeredDigest(client) !== undefined;
}

/** Whether `presented` is the client's secret (digests of equal length, compared in constant time). */
export function clientSecretMatches(client: ClientSecretFields | undefined, presented: string): boolean {
  const registered = registeredDigest(client);
  return registered !== undefined && safeEqual(registered, clientSecretDigest(presented));
}

/**
 * Rewrites every ClientApplication stored with a plain `secret` (current rows and every version in
 * the history, where an old copy would otherwise stay readable) into `secretDigest` without it.
 * In place, not as a new version: the record means the same, only the way its secret is kept
 * changes (as store/project-backfill.ts does for projects). Idempotent; one transaction.
 * Returns how many rows were rewritten.
 */
export async function rewritePlainClientSecrets(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let rewritten = 0;
    for (const table of ['resources', 'resource_history']) {
      const { rows } = await tx.query<{ id: string; version_id: number; secret: string | null }>(
        `SELECT id, version_id, content->>'secret' AS secret FROM ${table}
         WHERE resource_type = 'ClientApplication' AND content->'secret' IS NOT NULL`
      );
      for (const row of rows) {
        const replacement = row.secret ? { secretDigest: clientSecretDigest(row.secret) } : {};
        await tx.query(
          `UPDATE ${table} SET content = (content - 'secret') || $3::jsonb
           WHERE resource_type = 'ClientApplication' AND id = $1 AND version_id = $2`,
          [row.id, row.version_id, JSON.stringify(replacement)]
        );
        rewritten++;
      }
    }
    return rewritten;
  });
}
