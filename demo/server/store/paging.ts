// Paging links of a searchset or history Bundle, relative to the FHIR base (the HTTP layer makes
// them absolute).
import type { BundleLink } from '../../../src/fhir/types';

/** self / next / previous links for one page of `returned` entries at `offset`. */
export function pageLinks(
  path: string,
  query: URLSearchParams,
  count: number,
  offset: number,
  total: number | undefined,
  returned: number
): BundleLink[] {
  const make = (newOffset: number) => {
    const q = new URLSearchParams(query);
    q.set('_count', String(count));
    q.set('_offset', String(newOffset));
    return `${path}?${q.toString()}`;
  };
  const self = query.toString() ? `${path}?${query.toString()}` : path;
  const links: BundleLink[] = [{ relation: 'self', url: self }];
  const hasNext = total !== undefined ? offset + count < total : returned === count && count > 0;
  if (hasNext) links.push({ relation: 'next', url: make(offset + count) });
  if (offset > 0) links.push({ relation: 'previous', url: make(Math.max(0, offset - count)) });
  return links;
}
