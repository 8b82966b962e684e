// POST to the FHIR base: a batch or transaction Bundle (bundle.ts runs it).
import type { Bundle } from '../../../src/fhir/types';
import { badRequest } from '../core/errors';
import { isJsonObject } from '../core/stored-resource';
import { processBundle } from './bundle';
import { FHIR_BASE, absoluteUrl, bundleEntryState, type FhirArea } from './route-kit';

/** POST /fhir/R4 with a batch or transaction Bundle. */
export const bundleRoutes: FhirArea = (fhir) => {
  fhir.router.add('POST', FHIR_BASE, async (req) => {
    if (bundleEntryState(req)) throw badRequest('A Bundle cannot be nested inside another Bundle');
    if (!isJsonObject(req.body) || req.body.resourceType !== 'Bundle')
      throw badRequest('Expected a Bundle', 'resourceType');
    // Its entries are checked one by one as they are dispatched (bundle.ts).
    const bundle = req.body as unknown as Bundle;
    const result = await processBundle(fhir.ctx, fhir.router, req, fhir.repoOf(req), bundle);
    return {
      status: 200,
      body: {
        ...result,
        entry: result.entry?.map((e) => (e.fullUrl ? { ...e, fullUrl: absoluteUrl(fhir, e.fullUrl) } : e)),
      },
    };
  });
};
