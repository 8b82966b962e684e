// A Subscription's criteria ('Communication?recipient=Patient/1'), parsed and matched by the
// library (src/fhir/search.ts, src/fhir/match.ts), so a notification matches exactly what the
// client's matcher and the access policies match. Whether the owner may read the resource is
// the repository's question, asked separately.
import { matchesSearchRequest } from '../../../src/fhir/match';
import { parseSearchUrl, type SearchRequest } from '../../../src/fhir/search';
import type { Resource } from '../../../src/fhir/types';

/** A Subscription's criteria as the library parsed it. */
export type ParsedCriteria = SearchRequest;

/** Parses a criteria string; undefined when it does not start with a resource type or a value is bad. */
export function parseCriteria(criteria: unknown): ParsedCriteria | undefined {
  if (typeof criteria !== 'string') return undefined;
  const trimmed = criteria.trim();
  const q = trimmed.indexOf('?');
  const resourceType = q < 0 ? trimmed : trimmed.slice(0, q);
  if (!/^[A-Z][A-Za-z]+$/.test(resourceType)) return undefined;
  try {
    return parseSearchUrl(resourceType, q < 0 ? '' : trimmed.slice(q + 1));
  } catch {
    return undefined;
  }
}

/** True when the resource matches the criteria (a parameter the library does not know never matches). */
export function matchesCriteria(criteria: ParsedCriteria, resource: Resource): boolean {
  return matchesSearchRequest(resource, criteria);
}

/** The websocket address for a server base ('http://h/' → 'ws://h/ws/subscriptions-r4'). */
export function websocketUrl(baseUrl: string): string {
  const url = new URL('ws/subscriptions-r4', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
