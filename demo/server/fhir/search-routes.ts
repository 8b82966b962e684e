// Search: GET /{type}?query and POST /{type}/_search with a form body.
import { unsupportedMediaType } from '../core/errors';
import type { ServerRequest } from '../http/router';
import { mediaType } from '../http/server';
import { FHIR_BASE, bundleResponse, typeParam, type FhirArea } from './route-kit';

/** The search query of a POST _search: the URL's parameters and the form body's. */
function postedQuery(req: ServerRequest): URLSearchParams {
  const query = new URLSearchParams(req.query);
  if (!req.rawBody.length) return query;
  if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded')
    throw unsupportedMediaType('POST _search takes an application/x-www-form-urlencoded body');
  for (const [k, v] of new URLSearchParams(req.rawBody.toString('utf8'))) query.append(k, v);
  return query;
}

/** GET /{type} and POST /{type}/_search. */
export const searchRoutes: FhirArea = (fhir) => {
  const search = async (req: ServerRequest, query: URLSearchParams) =>
    bundleResponse(fhir, await fhir.repoOf(req).search(typeParam(req), query, { asText: true }));
  fhir.router.add('GET', `${FHIR_BASE}/:type`, (req) => search(req, req.query));
  fhir.router.add('POST', `${FHIR_BASE}/:type/_search`, (req) => search(req, postedQuery(req)));
};
