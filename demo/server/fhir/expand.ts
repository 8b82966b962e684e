// ValueSet/$expand over stored ValueSets and CodeSystems: compose.include concepts, whole code
// systems, nested value sets, excludes; displays in displayLanguage where a concept has a
// designation in it; then filter, offset and count.
import { randomUUID } from 'node:crypto';
import type {
  CodeSystem,
  CodeSystemConcept,
  ValueSet,
  ValueSetComposeIncludeConceptDesignation,
  ValueSetExpansionContains,
} from '../../../src/fhir/types';
import { badRequest, notFound } from '../core/errors';
import type { Repository } from '../store/repository';

/** Parameters of $expand. */
export interface ExpandParams {
  url?: string;
  id?: string;
  filter?: string;
  count?: number;
  offset?: number;
  /** The language of the displays: a concept's designation in it replaces its display. */
  displayLanguage?: string;
}

/**
 * A concept's display in `language`: the designation with that exact tag, else one in its base
 * language ('es' for 'es-MX'), else the concept's own display.
 */
function displayIn(
  display: string | undefined,
  designations: ValueSetComposeIncludeConceptDesignation[] | undefined,
  language: string | undefined
): string | undefined {
  if (!language || !designations?.length) return display;
  const wanted = language.toLowerCase();
  const base = wanted.split('-')[0];
  const exact = designations.find((d) => d.language?.toLowerCase() === wanted);
  const sameBase = designations.find((d) => d.language?.toLowerCase() === base);
  return (exact ?? sameBase)?.value ?? display;
}

/** A concept as an expansion entry, its display in `language` where it has a designation in it. */
function entryOf(
  system: string | undefined,
  concept: { code: string; display?: string; designation?: ValueSetComposeIncludeConceptDesignation[] },
  language: string | undefined
): ValueSetExpansionContains {
  const display = displayIn(concept.display, concept.designation, language);
  return { ...(system ? { system } : {}), code: concept.code, ...(display ? { display } : {}) };
}

/** The most codes one expansion returns. */
export const MAX_EXPANSION = 1000;

function flattenCodeSystem(
  system: string,
  concepts: CodeSystemConcept[] | undefined,
  language: string | undefined,
  out: ValueSetExpansionContains[]
): void {
  for (const c of concepts ?? []) {
    out.push(entryOf(system, c, language));
    flattenCodeSystem(system, c.concept, language, out);
  }
}

function flattenContains(
  contains: ValueSetExpansionContains[] | undefined,
  language: string | undefined,
  out: ValueSetExpansionContains[]
): void {
  for (const c of contains ?? []) {
    if (c.code) out.push(entryOf(c.system, { ...c, code: c.code }, language));
    flattenContains(c.contains, language, out);
  }
}

async function findValueSet(repo: Repository, url: string): Promise<ValueSet | undefined> {
  const [plain, version] = url.split('|');
  return repo.searchOne<ValueSet>('ValueSet', version ? { url: plain, version } : { url: plain });
}

async function conceptsOf(
  repo: Repository,
  vs: ValueSet,
  depth: number,
  language: string | undefined
): Promise<ValueSetExpansionContains[]> {
  if (depth > 5) throw badRequest('ValueSet nesting is too deep');
  const out: ValueSetExpansionContains[] = [];
  if (!vs.compose) {
    flattenContains(vs.expansion?.contains, language, out);
    return out;
  }
  for (const include of vs.compose.include ?? []) {
    if (include.concept?.length) {
      for (const c of include.concept) out.push(entryOf(include.system, c, language));
    } else if (include.system) {
      const cs = await repo.searchOne<CodeSystem>('CodeSystem', { url: include.system });
      if (cs) flattenCodeSystem(include.system, cs.concept, language, out);
    }
    for (const nestedUrl of include.valueSet ?? []) {
      const nested = await findValueSet(repo, nestedUrl);
      if (nested) out.push(...(await conceptsOf(repo, nested, depth + 1, language)));
    }
  }
  const excluded = new Set<string>();
  for (const exclude of vs.compose.exclude ?? []) {
    for (const c of exclude.concept ?? []) excluded.add(`${exclude.system ?? ''}|${c.code}`);
  }
  const seen = new Set<string>();
  return out.filter((c) => {
    const key = `${c.system ?? ''}|${c.code}`;
    if (excluded.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Expands a stored ValueSet (by url or id); 404 when there is none. */
export async function expandValueSet(repo: Repository, params: ExpandParams): Promise<ValueSet> {
  if (!params.url && !params.id) throw badRequest('Missing url parameter', 'url');
  const vs = params.id
    ? await repo.readResource<ValueSet>('ValueSet', params.id)
    : await findValueSet(repo, params.url!);
  if (!vs) throw notFound(`ValueSet not found: ${params.url}`);
  // The filter matches the displays as the user reads them: in displayLanguage.
  let concepts = await conceptsOf(repo, vs, 0, params.displayLanguage);
  if (params.filter) {
    const words = params.filter.toLowerCase().split(/\s+/).filter(Boolean);
    concepts = concepts.filter((c) => {
      const text = `${c.display ?? ''} ${c.code ?? ''}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }
  const offset = params.offset ?? 0;
  const count = Math.min(params.count ?? MAX_EXPANSION, MAX_EXPANSION);
  const contains = concepts.slice(offset, offset + count);
  const { compose: _compose, expansion: _expansion, meta: _meta, text: _text, ...rest } = vs;
  return {
    ...rest,
    expansion: {
      identifier: `urn:uuid:${randomUUID()}`,
      timestamp: new Date().toISOString(),
      total: concepts.length,
      offset,
      parameter: [
        ...(params.filter ? [{ name: 'filter', valueString: params.filter }] : []),
        ...(params.displayLanguage ? [{ name: 'displayLanguage', valueCode: params.displayLanguage }] : []),
        { name: 'count', valueInteger: count },
        { name: 'offset', valueInteger: offset },
      ],
      contains,
    },
  };
}

/** Reads $expand parameters from a query; 400 on a bad count or offset. */
export function expandParamsFrom(query: URLSearchParams): ExpandParams {
  const num = (name: string, min: number): number | undefined => {
    const v = query.get(name);
    if (v === null) return undefined;
    if (!/^\d+$/.test(v) || Number(v) < min) throw badRequest(`Invalid value for ${name}: ${v}`, name);
    return Number(v);
  };
  for (const key of query.keys()) {
    if (
      ![
        'url',
        'filter',
        'count',
        'offset',
        '_format',
        '_pretty',
        'valueSetVersion',
        'displayLanguage',
        'includeDesignations',
        'activeOnly',
      ].includes(key)
    ) {
      throw badRequest(`Unknown $expand parameter: ${key}`, key);
    }
  }
  return {
    url: query.get('url') ?? undefined,
    filter: query.get('filter') ?? undefined,
    count: num('count', 0),
    offset: num('offset', 0),
    displayLanguage: query.get('displayLanguage') || undefined,
  };
}
