// ValueSet/$expand over stored ValueSets and CodeSystems: compose.include concepts, whole code
// systems, nested value sets, excludes; then filter, offset and count.
import { randomUUID } from 'node:crypto';
import type { CodeSystem, CodeSystemConcept, ValueSet, ValueSetExpansionContains } from '../../../src/fhir/types';
import { badRequest, notFound } from '../core/errors';
import type { Repository } from '../store/repository';

/** Parameters of $expand. */
export interface ExpandParams {
  url?: string;
  id?: string;
  filter?: string;
  count?: number;
  offset?: number;
}

/** The most codes one expansion returns. */
export const MAX_EXPANSION = 1000;

function flattenCodeSystem(
  system: string,
  concepts: CodeSystemConcept[] | undefined,
  out: ValueSetExpansionContains[]
): void {
  for (const c of concepts ?? []) {
    out.push({ system, code: c.code, ...(c.display ? { display: c.display } : {}) });
    flattenCodeSystem(system, c.concept, out);
  }
}

function flattenContains(contains: ValueSetExpansionContains[] | undefined, out: ValueSetExpansionContains[]): void {
  for (const c of contains ?? []) {
    if (c.code)
      out.push({
        ...(c.system ? { system: c.system } : {}),
        code: c.code,
        ...(c.display ? { display: c.display } : {}),
      });
    flattenContains(c.contains, out);
  }
}

async function findValueSet(repo: Repository, url: string): Promise<ValueSet | undefined> {
  const [plain, version] = url.split('|');
  return repo.searchOne<ValueSet>('ValueSet', version ? { url: plain, version } : { url: plain });
}

async function conceptsOf(repo: Repository, vs: ValueSet, depth: number): Promise<ValueSetExpansionContains[]> {
  if (depth > 5) throw badRequest('ValueSet nesting is too deep');
  const out: ValueSetExpansionContains[] = [];
  if (!vs.compose) {
    flattenContains(vs.expansion?.contains, out);
    return out;
  }
  for (const include of vs.compose.include ?? []) {
    if (include.concept?.length) {
      for (const c of include.concept)
        out.push({
          ...(include.system ? { system: include.system } : {}),
          code: c.code,
          ...(c.display ? { display: c.display } : {}),
        });
    } else if (include.system) {
      const cs = await repo.searchOne<CodeSystem>('CodeSystem', { url: include.system });
      if (cs) flattenCodeSystem(include.system, cs.concept, out);
    }
    for (const nestedUrl of include.valueSet ?? []) {
      const nested = await findValueSet(repo, nestedUrl);
      if (nested) out.push(...(await conceptsOf(repo, nested, depth + 1)));
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
  let concepts = await conceptsOf(repo, vs, 0);
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
  };
}
