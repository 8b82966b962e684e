import type { Bundle, Resource } from '../fhir/types';

/** Search parameters: a query string, URLSearchParams, pairs, or an object whose arrays repeat the parameter. */
export type QueryTypes =
  | string
  | URLSearchParams
  | string[][]
  | Record<string, string | number | boolean | undefined | (string | number | boolean)[]>;

/** An array of resources that also carries the Bundle it came from. */
export type ResourceArray<T extends Resource = Resource> = T[] & { bundle: Bundle<T> };

/** The query string (without '?') for any QueryTypes value. */
export function getQueryString(query: QueryTypes | undefined): string {
  if (!query) return '';
  if (typeof query === 'string') return query.replace(/^\?/, '');
  if (query instanceof URLSearchParams || Array.isArray(query)) return new URLSearchParams(query).toString();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return params.toString();
}

/** The entries of a Bundle as a ResourceArray. */
export function toResourceArray<T extends Resource>(bundle: Bundle<T>): ResourceArray<T> {
  const resources = (bundle.entry ?? []).map((e) => e.resource).filter(Boolean) as T[];
  return Object.defineProperty(resources, 'bundle', { value: bundle, enumerable: false }) as ResourceArray<T>;
}
