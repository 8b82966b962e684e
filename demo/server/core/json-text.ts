// Resources that go from the database to the response as JSON text. A search page or a
// $everything Bundle carries up to a thousand stored resources; parsing each row only to
// serialise it again took a fifth of the server's time under load.
import type { Bundle } from '../../../src/fhir/types';

/** A stored resource as JSON text, with the two fields the server reads from it. */
export class ResourceJson {
  constructor(
    readonly resourceType: string,
    readonly id: string,
    readonly text: string
  ) {}
}

/** A response body that is JSON text already. */
export class JsonBody {
  constructor(readonly text: string) {}
}

/** The JSON text of a Bundle whose entry resources may be ResourceJson (spliced in as they are). */
export function bundleJson(bundle: Bundle<unknown>): string {
  const { entry, ...head } = bundle;
  const headJson = JSON.stringify(head);
  if (!entry) return headJson;
  const entries = entry.map(({ resource, ...rest }) => {
    const restJson = JSON.stringify(rest);
    if (resource === undefined) return restJson;
    const resourceText = resource instanceof ResourceJson ? resource.text : JSON.stringify(resource);
    return `${restJson.slice(0, -1)}${restJson === '{}' ? '' : ','}"resource":${resourceText}}`;
  });
  return `${headJson.slice(0, -1)}${headJson === '{}' ? '' : ','}"entry":[${entries.join(',')}]}`;
}
