import type { FhirClient } from '../../client';

/** Search parameters as the client takes them: a query string, URLSearchParams, pairs or a record. */
export type SearchQuery = Parameters<FhirClient['search']>[1];

/** A stable text for a query, so an object literal rebuilt on every render is the same query. */
export function queryKey(query: SearchQuery): string {
  if (query === undefined || query === null) return '';
  if (typeof query === 'string') return query;
  if (query instanceof URLSearchParams) return query.toString();
  if (Array.isArray(query)) return new URLSearchParams(query as string[][]).toString();
  return JSON.stringify(query);
}
