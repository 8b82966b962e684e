// Patient/$everything: the patient and every resource in their compartment the caller may read,
// one GIN lookup on the compartments column, paged by _count and _offset; every row passes the
// access decision as a read and leaves masked.
import type { Bundle } from '../../../src/fhir/types';
import { badRequest } from '../core/errors';
import type { StoredRow } from '../core/stored-resource';
import type { SearchScope } from './search-execution';
import { shownRow, type Found } from './shown';

/** $everything page limits. */
export const DEFAULT_EVERYTHING_COUNT = 1000;
export const MAX_EVERYTHING_COUNT = 5000;

function pageParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const value = query.has(name) ? Number(query.get(name)) : fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw badRequest(`Invalid value for ${name}: ${query.get(name)}`, name);
  return value;
}

/** The $everything Bundle of a patient the caller has already read (decided and masked). */
export async function patientEverything(
  { db, auth }: SearchScope,
  patient: StoredRow,
  query: URLSearchParams,
  asText: boolean
): Promise<Bundle<Found>> {
  const count = pageParam(query, '_count', DEFAULT_EVERYTHING_COUNT, 1, MAX_EVERYTHING_COUNT);
  const offset = pageParam(query, '_offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const ref = `Patient/${patient.id}`;
  // resources_compartments_gin_idx (GIN)
  const { rows } = await db.query<{ resource_type: string; id: string; content: unknown; compartments: string[] }>(
    `SELECT resource_type, id, ${asText ? 'content::text AS content' : 'content'}, compartments FROM resources
     WHERE compartments @> ARRAY[$1]::text[] AND NOT deleted
     AND NOT (resource_type = 'Patient' AND id = $2) ORDER BY resource_type, id LIMIT $3 OFFSET $4`,
    [ref, patient.id, count, offset]
  );
  const others: Found[] = [];
  for (const row of rows) {
    const shown = shownRow(auth, 'read', row.resource_type, row, asText);
    if (shown) others.push(shown);
  }
  const all: Found[] = offset === 0 ? [patient, ...others] : others;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: all.length,
    link: [{ relation: 'self', url: `Patient/${patient.id}/$everything` }],
    entry: all.map((r) => ({ fullUrl: `${r.resourceType}/${r.id}`, resource: r, search: { mode: 'match' } })),
  };
}
