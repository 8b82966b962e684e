// The client calls the staff tools hand to the library's styled components, which never call
// the client themselves: searches, the schema loader and value set expansion; and the EHR
// launch of a SMART app for the patient on screen (issue 22).
import type { FhirClient, Resource } from 'fhir-portal-kit';
import type { BundleSearch, ResourceSearch, SchemaLoader, ValueSetExpander } from 'fhir-portal-kit/react';

/** A registered SMART app a practitioner can open for a patient (an entry of GET auth/launch/apps). */
export interface LaunchableApp {
  client_id: string;
  name: string;
  launch_uri: string;
}

/** The server's answer to POST auth/launch. */
interface LaunchCreated {
  launch: string;
  launch_url: string;
}

/**
 * The launch address, checked: the tab it is opened in shares nothing with the portal, but a
 * `javascript:` or `data:` address must not be opened at all, whatever a registration holds.
 */
export function launchUrlOf(created: Partial<LaunchCreated> | undefined): string {
  let url: URL | undefined;
  try {
    url = new URL(String(created?.launch_url));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error('The server did not answer with a web address for the app');
  return url.toString();
}

/** The calls a staff page needs, bound to the signed-in client. */
export function staffCalls(client: FhirClient) {
  const search: BundleSearch = (type, query, { signal }) => client.search(type as never, query, { signal });
  const searchResources: ResourceSearch = async (type, query, { signal }) =>
    (await client.searchResources(type as never, query, { signal })) as Resource[];
  const loadSchema: SchemaLoader = (type) => client.requestSchema(type);
  const expand: ValueSetExpander = async (url, filter, { signal }) =>
    (await client.valueSetExpand({ url, filter, count: 50 }, { signal })).expansion?.contains ?? [];
  /** The apps this practitioner may open (kept in the client's cache: registrations rarely change). */
  const launchApps = (options: { signal?: AbortSignal } = {}): Promise<LaunchableApp[]> =>
    client.get<LaunchableApp[]>(new URL('auth/launch/apps', client.getBaseUrl()), options);
  /** A single-use EHR launch of the app for the patient; resolves with the address to open. */
  const launchApp = async (clientId: string, patient: string): Promise<string> =>
    launchUrlOf(
      await client.post<LaunchCreated>(
        new URL('auth/launch', client.getBaseUrl()),
        { client_id: clientId, patient },
        'application/json'
      )
    );
  return { search, searchResources, loadSchema, expand, launchApps, launchApp };
}
