// The GraphQL the client's requestSchema sends (client-layer.md section 7), and only that:
// StructureDefinitionList by name or url and SearchParameterList by base or code, with the
// fields a form reads. graphql-js parses, validates and runs it against this small schema; any
// other query is refused by validation with a message naming what is unknown.
import {
  GraphQLBoolean,
  GraphQLInt,
  GraphQLList,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  execute,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { OperationOutcomeError, errorOutcome } from '../../../src/fhir/outcomes';
import { getSearchParameterCodes, getSearchParameterDetails } from '../../../src/fhir/search-parameters';
import type { SearchParameter, StructureDefinition } from '../../../src/fhir/types';
import { decideAccess } from '../access/decide';
import { callerOf } from '../store/shown';
import { badRequest } from '../core/errors';
import type { Repository } from '../store/repository';
import { coreDefinitionByName, coreDefinitionByUrl } from './core-definitions';

/** A query longer than this is refused before it is parsed. */
export const MAX_QUERY_LENGTH = 10_000;
/** At most this many tokens are parsed (graphql-js stops there), and this many fields at the root. */
const MAX_TOKENS = 2_000;
const MAX_ROOT_FIELDS = 10;
/** The most search parameters one list answers. */
const MAX_COUNT = 1_000;

const string = { type: GraphQLString };
const strings = { type: new GraphQLList(GraphQLString) };
const object = (name: string, fields: GraphQLFieldConfigMap<unknown, SchemaContext>) =>
  new GraphQLObjectType({ name, fields });

const ElementDefinition = object('ElementDefinition', {
  id: string,
  path: string,
  short: string,
  definition: string,
  min: { type: GraphQLInt },
  max: string,
  contentReference: string,
  isModifier: { type: GraphQLBoolean },
  isSummary: { type: GraphQLBoolean },
  base: { type: object('ElementDefinitionBase', { path: string, min: { type: GraphQLInt }, max: string }) },
  type: {
    type: new GraphQLList(object('ElementDefinitionType', { code: string, profile: strings, targetProfile: strings })),
  },
  binding: { type: object('ElementDefinitionBinding', { strength: string, valueSet: string, description: string }) },
});

const StructureDefinitionType = object('StructureDefinition', {
  resourceType: string,
  id: string,
  url: string,
  name: string,
  title: string,
  status: string,
  type: string,
  kind: string,
  abstract: { type: GraphQLBoolean },
  description: string,
  baseDefinition: string,
  snapshot: { type: object('StructureDefinitionSnapshot', { element: { type: new GraphQLList(ElementDefinition) } }) },
});

const SearchParameterType = object('SearchParameter', {
  resourceType: string,
  id: string,
  url: string,
  name: string,
  code: string,
  base: strings,
  type: string,
  expression: string,
  target: strings,
  description: string,
});

/** What a resolver needs: the caller's repository (their project's own definitions). */
interface SchemaContext {
  repo: Repository;
}

/**
 * Definitions the server holds in memory (the core StructureDefinitions, the SearchParameters of
 * its table) belong to no project and no patient: the access decision on their type, and its
 * mask, say what the caller gets of them. Stored ones are decided row by row by the repository.
 */
function decidedDefinitions<T extends StructureDefinition | SearchParameter>(repo: Repository, list: T[]): T[] {
  if (!list.length) return list;
  const decision = decideAccess(callerOf(repo.auth), 'search', list[0]!.resourceType);
  if (!decision.allow) throw decision.outcome;
  return list.map((resource) => decision.mask.apply(resource));
}

/** The project's own definitions first (a project may define its own profiles), then the core one. */
async function definitions(repo: Repository, by: 'name' | 'url', value: string): Promise<StructureDefinition[]> {
  const own = await repo.searchResources<StructureDefinition>('StructureDefinition', { [by]: value, _count: '20' });
  const core = by === 'name' ? coreDefinitionByName(value) : coreDefinitionByUrl(value);
  return core && !own.some((sd) => sd.url === core.url) ? [...own, ...decidedDefinitions(repo, [core])] : own;
}

/** The server's search parameters of a type (those its searches understand), as SearchParameter resources. */
export function searchParametersOf(base: string): SearchParameter[] {
  return getSearchParameterCodes(base)
    .filter((code) => !code.startsWith('_'))
    .map((code) => {
      const details = getSearchParameterDetails(base, code)!;
      return {
        resourceType: 'SearchParameter',
        name: code,
        code,
        base: [base],
        type: details.type,
        status: 'active',
        url: `http://hl7.org/fhir/SearchParameter/${base}-${code}`,
        description: `${base} ${code}`,
        expression: details.paths.map((p) => `${base}.${p.replace(/\[x\]$/, '')}`).join(' | '),
      } as SearchParameter;
    });
}

const schema = new GraphQLSchema({
  query: object('Query', {
    StructureDefinitionList: {
      type: new GraphQLList(StructureDefinitionType),
      args: { name: string, url: string },
      resolve: (_root, args: { name?: string; url?: string }, { repo }: SchemaContext) => {
        if (args.name) return definitions(repo, 'name', args.name);
        if (args.url) return definitions(repo, 'url', args.url);
        throw new Error('StructureDefinitionList needs name or url');
      },
    },
    SearchParameterList: {
      type: new GraphQLList(SearchParameterType),
      args: { base: string, code: string, _count: { type: GraphQLInt } },
      resolve: (_root, args: { base?: string; code?: string; _count?: number }, { repo }: SchemaContext) => {
        if (!args.base) throw new Error('SearchParameterList needs base');
        const count = Math.min(Math.max(args._count ?? 20, 0), MAX_COUNT);
        const found = searchParametersOf(args.base)
          .filter((sp) => !args.code || sp.code === args.code)
          .slice(0, count);
        return decidedDefinitions(repo, found);
      },
    },
  }),
});

function refuse(text: string): never {
  throw new OperationOutcomeError(errorOutcome(text, 'invalid'));
}

/** Runs a schema query for the caller; a malformed or unknown query is a 400 saying why. */
export async function runSchemaQuery(
  repo: Repository,
  body: { query?: unknown; operationName?: unknown; variables?: unknown }
): Promise<{ data: unknown }> {
  if (typeof body?.query !== 'string' || !body.query.trim()) throw badRequest('Missing GraphQL query', 'query');
  if (body.query.length > MAX_QUERY_LENGTH) refuse(`GraphQL query is longer than ${MAX_QUERY_LENGTH} characters`);
  let document: DocumentNode;
  try {
    document = parse(body.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    refuse(`Invalid GraphQL query: ${(error as Error).message}`);
  }
  const errors = validate(schema, document);
  if (errors.length) refuse(`Invalid GraphQL query: ${errors[0]!.message}`);
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition' && definition.selectionSet.selections.length > MAX_ROOT_FIELDS) {
      refuse(`A GraphQL query may ask for at most ${MAX_ROOT_FIELDS} lists`);
    }
  }
  const variables = body.variables && typeof body.variables === 'object' ? body.variables : undefined;
  const result = await execute({
    schema,
    document,
    contextValue: { repo } satisfies SchemaContext,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
    variableValues: variables as Record<string, unknown> | undefined,
  });
  if (result.errors?.length) {
    const original = result.errors[0]!.originalError;
    if (original instanceof OperationOutcomeError) throw original;
    refuse(result.errors[0]!.message);
  }
  return { data: result.data };
}
