// The schema endpoints the client's requestSchema and requestProfileSchema call: POST $graphql
// (the StructureDefinition and SearchParameter lists only) and StructureDefinition/$expand-profile.
// Registered before the FHIR routes, so 'POST /fhir/R4/:type' does not take '$graphql' as a type.
import type { ServerContext } from '../context';
import type { Router } from '../http/router';
import { expandProfile } from './expand-profile';
import { runSchemaQuery } from './graphql';

/** Adds the schema routes; call before registerFhirRoutes. */
export function registerSchemaRoutes(router: Router, ctx: ServerContext): void {
  const repoOf = (auth: Parameters<typeof ctx.systemRepo.withAuth>[0]) => ctx.systemRepo.withAuth(auth);
  router.add('POST', '/fhir/R4/$graphql', async (req) => ({
    status: 200,
    body: await runSchemaQuery(repoOf(req.auth), (req.body ?? {}) as Record<string, unknown>),
  }));
  router.add('POST', '/fhir/R4/StructureDefinition/$expand-profile', async (req) => ({
    status: 200,
    body: await expandProfile(repoOf(req.auth), req.query.get('url')),
  }));
}
