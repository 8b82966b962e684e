// The FHIR REST API under /fhir/R4, one module per area. Handlers use the request's repository
// (in a transaction Bundle, the transaction's), so access rules apply the same on every path.
// A new area is one module exporting a FhirArea and one line in FHIR_AREAS.
import type { ServerContext } from '../context';
import type { Router } from '../http/router';
import { binaryRoutes } from './binary-routes';
import { bundleRoutes } from './bundle-routes';
import { crudRoutes } from './crud-routes';
import { historyRoutes } from './history-routes';
import { everythingRoutes, metadataRoutes, validateRoutes, valueSetRoutes } from './operation-routes';
import { fhirRoutes, type FhirArea } from './route-kit';
import { searchRoutes } from './search-routes';

export { FHIR_BASE } from './route-kit';
export { negotiateFhir } from './negotiate';
export { MAX_BINARY_BODY, MAX_BODY, fhirBodyLimit, maxResourceBytesFromEnv } from './resource-size';

/**
 * The areas, in the order their routes are tried: the router takes the first pattern that
 * matches, so literal paths ('ValueSet/$expand', '{type}/_history', 'Binary/...') come before
 * the generic '{type}/{id}' of crudRoutes, which stays last.
 */
const FHIR_AREAS: FhirArea[] = [
  metadataRoutes,
  bundleRoutes,
  valueSetRoutes,
  validateRoutes,
  everythingRoutes,
  historyRoutes,
  binaryRoutes,
  searchRoutes,
  crudRoutes,
];

/** Registers every FHIR route on the router. */
export function registerFhirRoutes(router: Router, ctx: ServerContext): void {
  const fhir = fhirRoutes(router, ctx);
  for (const area of FHIR_AREAS) area(fhir);
}
