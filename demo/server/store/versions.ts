// Storage and versions: the current row of a resource (resources), every version of it
// (resource_history), its index rows and, for a Binary, its bytes, written together in the
// caller's transaction. Each version gets the next versionId and a lastUpdated that never repeats.
import { computeCompartments } from '../access/compartment';
import { projectCompartment } from '../access/policy';
import { isKnownResourceType } from '../core/resource-types';
import { referenceOf, type StoredResource, type StoredRow } from '../core/stored-resource';
import type { Database } from '../db/database';
import { extractIndexRows, normalizeReference, searchKeys } from '../search/extract';
import { writeBinaryBytes } from './binary-store';
import { replaceIndexRows } from './index-writer';

/** A resources or resource_history row as the store reads it. */
export interface StoredVersionRow {
  content: StoredRow;
  deleted: boolean;
  version_id: number;
  compartments: string[];
  last_updated?: Date | string;
  resource_type?: string;
  id?: string;
}

/**
 * meta.lastUpdated of a new version: now, but always after the last one this server wrote. A
 * write takes well under a millisecond, and two writes in a row must still sort in the order
 * they happened (_sort=_lastUpdated, _since).
 */
let lastStamp = 0;
export function nextLastUpdated(): string {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1;
  return new Date(lastStamp).toISOString();
}

/** The current row of a resource (locked for the transaction when forUpdate). */
export async function loadRow(
  db: Database,
  type: string,
  id: string,
  forUpdate = false
): Promise<StoredVersionRow | undefined> {
  // resources primary key (resource_type, id)
  const { rows } = await db.query<StoredVersionRow>(
    `SELECT content, deleted, version_id, compartments FROM resources WHERE resource_type = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [type, id]
  );
  return rows[0];
}

/** One version from the history. */
export async function loadVersion(
  db: Database,
  type: string,
  id: string,
  versionId: number
): Promise<StoredVersionRow | undefined> {
  // resource_history primary key (resource_type, id, version_id)
  const { rows } = await db.query<StoredVersionRow>(
    'SELECT content, deleted, version_id, compartments FROM resource_history WHERE resource_type = $1 AND id = $2 AND version_id = $3',
    [type, id, versionId]
  );
  return rows[0];
}

/** The 'Type/id' a Binary's securityContext points at, when it is a literal reference. */
export function securityContextTarget(binary: StoredResource): { type: string; id: string } | undefined {
  const ref = referenceOf(binary.securityContext);
  if (!ref) return undefined;
  const [type, id, ...rest] = normalizeReference(ref).split('/');
  return type && id && !rest.length && isKnownResourceType(type) ? { type, id } : undefined;
}

/**
 * The compartments a Binary's securityContext resolves to: the patients of the resource it
 * points at (a Patient is its own), so the Binary is read with that resource. Nothing for a
 * context that does not resolve.
 */
export async function securityContextCompartments(db: Database, binary: StoredResource): Promise<string[]> {
  return targetPatients(db, binary, securityContextTarget(binary));
}

/** The 'Type/id' a reference points at, when it is a literal reference to a known type. */
function literalTarget(value: unknown): { type: string; id: string } | undefined {
  const ref = referenceOf(value);
  if (!ref) return undefined;
  const [type, id, ...rest] = normalizeReference(ref).split('/');
  return type && id && !rest.length && isKnownResourceType(type) ? { type, id } : undefined;
}

/** The patients of the resource a target names (a Patient is its own), never across projects. */
async function targetPatients(
  db: Database,
  resource: StoredResource,
  target: { type: string; id: string } | undefined
): Promise<string[]> {
  if (!target) return [];
  if (target.type === 'Patient') return [`Patient/${target.id}`];
  const row = await loadRow(db, target.type, target.id);
  if (!row || row.deleted) return [];
  // Never across projects: a target in another project gives the resource no patient of it.
  const project = resource.meta?.project;
  if (project && !row.compartments.includes(projectCompartment(project))) return [];
  return row.compartments.filter((c) => c.startsWith('Patient/'));
}

/**
 * The compartments a PaymentNotice takes from what it is about: the patients of the resource
 * its `request` and `response` point at (the patient's Coverage, Claim or ClaimResponse).
 *
 * FHIR R4's Patient compartment does not list PaymentNotice: its references name the payee
 * and recipient organisations, never the patient. A patient still has to see the payments
 * made for their own coverage (Membership & Billing), so this server puts a notice in the
 * compartment of the patient whose resource it pays for, as it does for a Binary through its
 * securityContext. Resolved when the notice is written: a Coverage that later changes its
 * beneficiary does not move the notices already written.
 */
export async function paymentNoticeCompartments(db: Database, notice: StoredResource): Promise<string[]> {
  const out: string[] = [];
  for (const element of ['request', 'response'] as const)
    out.push(...(await targetPatients(db, notice, literalTarget(notice[element]))));
  return out;
}

/** Writes one version: resource row, history row, index rows (and a Binary's bytes). Returns the stored resource. */
export async function writeVersion(
  db: Database,
  resource: StoredRow,
  versionId: number,
  deleted: boolean
): Promise<StoredRow> {
  const type = resource.resourceType;
  const id = resource.id;
  const lastUpdated = nextLastUpdated();
  let stored = resource;
  if (!deleted) {
    stored = { ...resource, meta: { ...(resource.meta ?? {}), versionId: String(versionId), lastUpdated } };
    // Binary data lives in the binary store, not in the JSONB row.
    if (type === 'Binary' && (typeof stored.data === 'string' || Buffer.isBuffer(stored.data))) {
      const data = Buffer.isBuffer(stored.data) ? stored.data : Buffer.from(stored.data, 'base64');
      delete stored.data;
      await writeBinaryBytes(db, id, versionId, data);
    }
  }
  const index = deleted ? [] : extractIndexRows(stored);
  const extra =
    type === 'Binary'
      ? await securityContextCompartments(db, stored)
      : type === 'PaymentNotice'
        ? await paymentNoticeCompartments(db, stored)
        : [];
  const compartments = computeCompartments(stored, extra);
  const contentJson = JSON.stringify(stored);
  // resources primary key (resource_type, id)
  await db.query(
    `INSERT INTO resources (resource_type, id, version_id, last_updated, deleted, content, compartments, search_keys)
     VALUES ($1, $2, $3, $4::timestamptz, $5, $6::jsonb, $7::text[], $8::text[])
     ON CONFLICT (resource_type, id) DO UPDATE SET version_id = EXCLUDED.version_id, last_updated = EXCLUDED.last_updated,
       deleted = EXCLUDED.deleted, content = EXCLUDED.content, compartments = EXCLUDED.compartments,
       search_keys = EXCLUDED.search_keys`,
    [type, id, versionId, lastUpdated, deleted, contentJson, compartments, searchKeys(type, index)]
  );
  await db.query(
    `INSERT INTO resource_history (resource_type, id, version_id, last_updated, deleted, content, compartments)
     VALUES ($1, $2, $3, $4::timestamptz, $5, $6::jsonb, $7::text[])`,
    [type, id, versionId, lastUpdated, deleted, contentJson, compartments]
  );
  await replaceIndexRows(db, type, id, index);
  return stored;
}
