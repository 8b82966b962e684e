// History: GET /{type}/_history and /{type}/{id}/_history (a version itself is read in
// crud-routes.ts, or binary-routes.ts for a Binary's bytes).
import { FHIR_BASE, bundleResponse, idParam, typeParam, type FhirArea } from './route-kit';

/** Type and instance history. */
export const historyRoutes: FhirArea = (fhir) => {
  const { router, repoOf } = fhir;
  router.add('GET', `${FHIR_BASE}/:type/_history`, async (req) =>
    bundleResponse(fhir, await repoOf(req).readHistory(typeParam(req), undefined, req.query))
  );
  router.add('GET', `${FHIR_BASE}/:type/:id/_history`, async (req) =>
    bundleResponse(fhir, await repoOf(req).readHistory(typeParam(req), idParam(req), req.query))
  );
};
