// Which navigations the service worker must leave to the network: the API paths serve.mjs
// forwards, and the demo SMART app (a third party's pages, under its own CSP).
import { API_PREFIXES } from '../../api-prefixes.mjs';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Workbox's NavigationRoute denylist, tested against path + query. A prefix ending in '/' also
 * covers its bare path ('/fhir' as well as '/fhir/…'), as serve.mjs forwards both.
 */
export function navigationDenylist(): RegExp[] {
  return [...API_PREFIXES, '/smart-app/'].map((prefix) =>
    prefix.endsWith('/') ? new RegExp(`^${escape(prefix.slice(0, -1))}(?:[/?]|$)`) : new RegExp(`^${escape(prefix)}`)
  );
}

/** True when the worker answers this navigation with the cached index.html. */
export function isShellNavigation(pathAndQuery: string): boolean {
  return !navigationDenylist().some((pattern) => pattern.test(pathAndQuery));
}
