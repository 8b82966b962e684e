// The client calls the staff tools hand to the library's styled components, which never call
// the client themselves: searches, the schema loader and value set expansion.
import type { FhirClient, Resource } from 'fhir-portal-kit';
import type { BundleSearch, ResourceSearch, SchemaLoader, ValueSetExpander } from 'fhir-portal-kit/react';

/** The calls a staff page needs, bound to the signed-in client. */
export function staffCalls(client: FhirClient) {
  const search: BundleSearch = (type, query, { signal }) => client.search(type as never, query, { signal });
  const searchResources: ResourceSearch = async (type, query, { signal }) =>
    (await client.searchResources(type as never, query, { signal })) as Resource[];
  const loadSchema: SchemaLoader = (type) => client.requestSchema(type);
  const expand: ValueSetExpander = async (url, filter, { signal }) =>
    (await client.valueSetExpand({ url, filter, count: 50 }, { signal })).expansion?.contains ?? [];
  return { search, searchResources, loadSchema, expand };
}
