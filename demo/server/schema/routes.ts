// The schema endpoints the client's requestSchema and requestProfileSchema call: POST $graphql
// (the StructureDefinition and SearchParameter lists only) and StructureDefinition/$expand-profile.
// Registered before the FHIR routes, so 'POST /fhir/R4/:type' does not take '$graphql' as a type.
import type { ServerContext } from '../context';
import { unauthorized } from '../core/errors';
import type { Router, ServerRequest } from '../http/router';
import { expandProfile } from './expand-profile';
import { runSchemaQuery } from './graphql';

/** Adds the schema routes; call before registerFhirRoutes. */
export function registerSchemaRoutes(router: Router, ctx: ServerContext): void {
  // No caller is no access (never the system's repository).
  const repoOf = (req: ServerRequest) => {
    if (!req.auth) throw unauthorized();
    return ctx.systemRepo.withAuth(req.auth);
  };
  router.add('POST', '/fhir/R4/$graphql', async (req) => ({
    status: 200,
    body: await runSchemaQuery(repoOf(req), (req.body ?? {}) as Record<string, unknown>),
  }));
  router.add('POST', '/fhir/R4/StructureDefinition/$expand-profile', async (req) => ({
    status: 200,
    body: await expandProfile(repoOf(req), req.query.get('url')),
  }));
}
