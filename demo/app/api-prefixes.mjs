// The paths the portal's server forwards to the reference server (serve.mjs) and which the
// service worker (src/offline/sw.ts) never answers nor caches: one list, so the two cannot
// disagree about what is the API.

/** Paths forwarded to the reference server; a prefix ending in '/' also names its bare path. */
export const API_PREFIXES = [
  '/fhir/',
  '/auth/',
  '/oauth2/',
  '/.well-known/',
  '/healthcheck',
  '/keyvalue/',
  '/email/',
  '/admin/',
  '/ws/',
  '/fhircast/',
  '/ccda/',
];

/** True when serve.mjs forwards this path to the reference server. */
export function isApiPath(path) {
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}
