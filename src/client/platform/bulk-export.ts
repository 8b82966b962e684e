import type { RequestOptions } from '../transport';
import type { PlatformClient } from './client';

/** Starts a bulk export ([type/]$export with _type and _since, Prefer: respond-async) and polls until the manifest is ready. */
export function bulkExport(
  client: PlatformClient,
  exportLevel = '',
  resourceTypes?: string,
  since?: string,
  options: RequestOptions = {}
): Promise<any> {
  const url = client.fhirUrl(`${exportLevel ? exportLevel + '/' : ''}$export`);
  if (resourceTypes) url.searchParams.set('_type', resourceTypes);
  if (since) url.searchParams.set('_since', since);
  return client.post(url, undefined, undefined, {
    ...options,
    pollStatusOnAccepted: true,
    headers: { ...options.headers, Prefer: 'respond-async' },
  });
}
