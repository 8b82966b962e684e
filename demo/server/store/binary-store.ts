// The bytes of Binary versions, apart from their JSONB rows: files under the data folder for
// PGlite on disk (PGlite moves large bytea values through WASM very slowly), the
// binary_content table otherwise. Access is checked by the caller (Repository.readBinaryData).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';

function blobPath(blobDir: string, id: string, versionId: number): string {
  // The prefix keeps ids like '..' (valid FHIR ids) inside the folder.
  return path.join(blobDir, `b-${id}`, String(versionId));
}

/** Stores the bytes of one Binary version (inside the version's transaction when in SQL). */
export async function writeBinaryBytes(db: Database, id: string, versionId: number, data: Buffer): Promise<void> {
  if (db.blobDir) {
    // Written before the row commits; a rolled-back version leaves an unreferenced file only.
    await mkdir(path.dirname(blobPath(db.blobDir, id, versionId)), { recursive: true });
    await writeFile(blobPath(db.blobDir, id, versionId), data);
    return;
  }
  // Base64 text moves much faster than bytea parameters; binary_content primary key (id, version_id)
  await db.query(
    `INSERT INTO binary_content (id, version_id, data) VALUES ($1, $2, decode($3, 'base64'))
     ON CONFLICT (id, version_id) DO UPDATE SET data = EXCLUDED.data`,
    [id, versionId, data.toString('base64')]
  );
}

/** The bytes of a Binary version: the newest stored at or before it (an update without data keeps the old bytes). */
export async function readBinaryBytes(db: Database, id: string, versionId: number): Promise<Buffer | undefined> {
  if (db.blobDir) {
    for (let v = versionId; v >= 1; v--) {
      try {
        return await readFile(blobPath(db.blobDir, id, v));
      } catch (err) {
        if ((err as NodeJS.ErrnoException)?.code !== 'ENOENT') throw err;
      }
    }
    return undefined;
  }
  const { rows } = await db.query<{ data: string }>(
    // binary_content primary key (id, version_id)
    `SELECT encode(data, 'base64') AS data FROM binary_content WHERE id = $1 AND version_id <= $2 ORDER BY version_id DESC LIMIT 1`,
    [id, versionId]
  );
  return rows[0] ? Buffer.from(rows[0].data.replace(/\s+/g, ''), 'base64') : undefined;
}
