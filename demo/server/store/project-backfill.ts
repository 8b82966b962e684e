// Databases written before data was partitioned by project hold resources without
// meta.project, which no signed-in caller could reach any more. At start they join the
// default project (the demo's), in both the current rows and their history.
import type { Database } from '../db/database';
import { INTERNAL_RESOURCE_TYPES } from '../core/resource-types';

/** Puts every resource without a project (account records aside) into `projectId`. */
export async function assignProjectToOrphans(db: Database, projectId: string | undefined): Promise<void> {
  if (!projectId) return;
  const internal = [...INTERNAL_RESOURCE_TYPES];
  for (const table of ['resources', 'resource_history']) {
    await db.query(
      `UPDATE ${table} SET
         content = jsonb_set(content, '{meta}', COALESCE(content->'meta', '{}'::jsonb) || jsonb_build_object('project', $1::text)),
         compartments = array_append(compartments, 'Project/' || $1::text)
       WHERE content->'meta'->>'project' IS NULL AND NOT (resource_type = ANY($2::text[]))`,
      [projectId, internal]
    );
  }
}
