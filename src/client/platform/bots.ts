import type { Identifier } from '../../fhir/types';
import type { RequestOptions } from '../transport';
import type { PlatformClient } from './client';

/** Runs a Bot by id (POST Bot/{id}/$execute), or by identifier (Bot/$execute?identifier=system|value). */
export function executeBot(
  client: PlatformClient,
  idOrIdentifier: string | Identifier,
  body: any,
  contentType?: string,
  options?: RequestOptions
): Promise<any> {
  let url: URL;
  if (typeof idOrIdentifier === 'string') {
    url = client.fhirUrl('Bot', idOrIdentifier, '$execute');
  } else {
    url = client.fhirUrl('Bot', '$execute');
    url.searchParams.set('identifier', `${idOrIdentifier.system ?? ''}|${idOrIdentifier.value ?? ''}`);
  }
  return client.post(url, body, contentType, options);
}
