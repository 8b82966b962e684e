// The schema calls: a type's StructureDefinition and its search
// parameters through GraphQL, a profile through StructureDefinition/$expand-profile. Loaded on
// first use (FhirClient imports it dynamically), and each answer is kept per client, since
// definitions do not change while a page is open.
import { throwError } from '../fhir/outcomes';
import { SCHEMA_NOT_FOUND, SCHEMA_TYPE_MISSING, parseStructureDefinition, type TypeSchema } from '../fhir/schema';
import type { Bundle, StructureDefinition } from '../fhir/types';
import type { RequestOptions } from './transport';

/** How many search parameters the GraphQL query asks for. */
export const SCHEMA_SEARCH_PARAMETER_COUNT = 100;

/** The client calls the schema requests use; FhirClient has them. */
export interface SchemaClient {
  graphql(query: string, operationName?: string | null, variables?: any, options?: RequestOptions): Promise<any>;
  post<T = any>(url: URL | string, body?: any, contentType?: string, options?: RequestOptions): Promise<T>;
  fhirUrl(...path: string[]): URL;
}

// A type name is what GraphQL inlines: letters only, so a name never changes the query's shape.
const TYPE_NAME = /^[A-Z][A-Za-z0-9]{0,63}$/;

/** The GraphQL query for a type's definition and search parameters (whitespace collapsed, as sent). */
export function schemaQuery(resourceType: string): string {
  return `{
    StructureDefinitionList(name: "${resourceType}") {
      resourceType, name, type, kind, url, description,
      snapshot { element { id, path, short, min, max, contentReference,
        type { code, targetProfile }, binding { strength, valueSet } } }
    }
    SearchParameterList(base: "${resourceType}", _count: ${SCHEMA_SEARCH_PARAMETER_COUNT}) {
      base, code, type, expression, target
    }
  }`.replace(/\s+/g, ' ');
}

const cache = new WeakMap<SchemaClient, Map<string, Promise<TypeSchema>>>();

function remember(client: SchemaClient, key: string, load: () => Promise<TypeSchema>): Promise<TypeSchema> {
  let byKey = cache.get(client);
  if (!byKey) cache.set(client, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  const promise = load();
  byKey.set(key, promise);
  // A failure is not kept: the next call asks again.
  promise.catch(() => byKey.delete(key));
  return promise;
}

/**
 * The schema of a resource or data type from the server's StructureDefinition (GraphQL), with
 * its search parameters. Fails 'StructureDefinition type missing' without a type and
 * 'StructureDefinition not found' when the server holds none for it.
 */
export async function requestSchema(
  client: SchemaClient,
  resourceType: string,
  options?: RequestOptions
): Promise<TypeSchema> {
  if (!resourceType || !TYPE_NAME.test(resourceType)) throwError(SCHEMA_TYPE_MISSING, 'invalid');
  return remember(client, resourceType, async () => {
    const answer = await client.graphql(schemaQuery(resourceType), null, undefined, options);
    const definitions: Partial<StructureDefinition>[] = answer?.data?.StructureDefinitionList ?? [];
    const definition = definitions.find((sd) => sd.name === resourceType);
    if (!definition) throwError(SCHEMA_NOT_FOUND, 'not-found');
    return parseStructureDefinition(definition, answer.data.SearchParameterList ?? []);
  });
}

/**
 * The schema of a profile by its canonical URL (POST StructureDefinition/$expand-profile?url=),
 * which the server answers with a Bundle holding the profile and the profiles it uses.
 */
export async function requestProfileSchema(
  client: SchemaClient,
  url: string,
  options?: RequestOptions
): Promise<TypeSchema> {
  if (!url) throwError(SCHEMA_TYPE_MISSING, 'invalid');
  return remember(client, `profile:${url}`, async () => {
    const endpoint = client.fhirUrl('StructureDefinition', '$expand-profile');
    endpoint.searchParams.set('url', url);
    const bundle: Bundle | undefined = await client.post(endpoint, {}, undefined, options);
    const definition = bundle?.entry
      ?.map((e) => e.resource as Partial<StructureDefinition> | undefined)
      .find((r) => r?.resourceType === 'StructureDefinition' && r.url === url);
    if (!definition) throwError(SCHEMA_NOT_FOUND, 'not-found');
    return parseStructureDefinition(definition);
  });
}
