// A search as the server runs it. The query is parsed by the library's parser
// (src/fhir/search.ts) against the shared parameter table; what this file adds is the server's
// strictness (an unknown parameter, modifier, sort or include is a 400 naming it, not an
// ignored filter) and its limits (_count, _offset). The SQL builder (query.ts) takes the result.
import {
  splitSearchOnComma,
  parseSearchUrl,
  searchValues,
  type Operator,
  type SortRule,
} from '../../../src/fhir/search';
import { badRequest } from '../core/errors';
import { isKnownResourceType } from '../core/resource-types';
import { indexPrefix, MAX_INDEXED_LENGTH } from './extract';
import { accountRecordParameter, searchParameter, type SearchParameterDetails } from './parameters';

/** Search result count limits. */
export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 1000;
const MAX_OFFSET = 1_000_000;

/** One parameter filter: all its comma-separated values OR-ed. */
export interface SearchFilter {
  code: string;
  operator: Operator;
  /** The OR values, unescaped and bounded like the index's values. */
  values: string[];
  /** A date, number or quantity filter's comparison for each value: its own prefix, else the operator. */
  prefixes?: Operator[];
  details: SearchParameterDetails;
}

/** One _include or _revinclude. */
export interface IncludeSpec {
  sourceType: string;
  code: string;
  targetType?: string;
}

/** One _sort key, with the parameter it sorts by (none for _id and _lastUpdated). */
export interface SortKey {
  code: string;
  desc: boolean;
  details?: SearchParameterDetails;
}

/** A checked search request. */
export interface SearchRequest {
  resourceType: string;
  filters: SearchFilter[];
  sort: SortKey[];
  count: number;
  offset: number;
  total: 'none' | 'estimate' | 'accurate';
  summaryCount: boolean;
  include: IncludeSpec[];
  revinclude: IncludeSpec[];
}

const PREFIXES: readonly Operator[] = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'];
const PREFIXED_TYPES: readonly string[] = ['date', 'number', 'quantity'];

/** The operators the SQL builder implements, by parameter type (the library parses more). */
const SUPPORTED: Record<string, readonly Operator[]> = {
  string: ['eq', 'exact', 'contains', 'missing'],
  token: ['eq', 'not', 'text', 'contains', 'missing'],
  reference: ['eq', 'missing'],
  date: [...PREFIXES, 'missing'],
  number: [...PREFIXES, 'missing'],
  quantity: [...PREFIXES, 'missing'],
  uri: ['eq', 'below', 'above', 'missing'],
};
const ID_OPERATORS: readonly Operator[] = ['eq', 'not', 'missing'];

/** Parameters that are not filters; an empty value of any other is refused. */
const RESULT_PARAMETERS = new Set([
  '_count',
  '_offset',
  '_sort',
  '_total',
  '_include',
  '_revinclude',
  '_include:iterate',
  '_revinclude:iterate',
  '_summary',
  '_elements',
  '_format',
  '_pretty',
]);

/** A search value as the index holds it: each part of `system|code` bounded on its own. */
function boundSearchValue(value: string): string {
  if (value.length <= MAX_INDEXED_LENGTH) return value;
  return value
    .split('|')
    .map((part) => indexPrefix(part))
    .join('|');
}

function checkedCount(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (value > max) throw badRequest(`Invalid value for ${name}: ${value} (allowed 0 to ${max})`, name);
  return value;
}

/** The 400 for a filter the library kept as opaque: chained, unknown or with an unknown modifier. */
function unknownFilter(resourceType: string, name: string): never {
  if (name.includes('.')) throw badRequest(`Chained search is not supported: ${name}`, name);
  const colon = name.indexOf(':');
  if (colon > 0 && searchParameter(resourceType, name.slice(0, colon)))
    throw badRequest(`Unknown modifier :${name.slice(colon + 1)} on ${name.slice(0, colon)}`, name);
  throw badRequest(`Unknown search parameter for ${resourceType}: ${name}`, name);
}

function checkInclude(name: string, spec: IncludeSpec, searchType: string, reverse: boolean): IncludeSpec {
  const written = [spec.sourceType, spec.code, spec.targetType].filter(Boolean).join(':');
  if (!isKnownResourceType(spec.sourceType))
    throw badRequest(`Invalid ${name}: unknown resource type ${spec.sourceType}`, name);
  if (!reverse && spec.sourceType !== searchType)
    throw badRequest(`Invalid ${name}: ${written} does not start with ${searchType}`, name);
  if (searchParameter(spec.sourceType, spec.code)?.type !== 'reference')
    throw badRequest(`Invalid ${name}: ${spec.sourceType} has no reference parameter ${spec.code}`, name);
  if (spec.targetType && !isKnownResourceType(spec.targetType))
    throw badRequest(`Invalid ${name}: unknown resource type ${spec.targetType}`, name);
  return spec;
}

function sortKey(resourceType: string, rule: SortRule): SortKey {
  const desc = Boolean(rule.descending);
  if (rule.code === '_id' || rule.code === '_lastUpdated') return { code: rule.code, desc };
  const details = searchParameter(resourceType, rule.code);
  if (!details || details.type === 'composite' || details.type === 'special')
    throw badRequest(`Unknown sort parameter for ${resourceType}: ${rule.code}`, '_sort');
  return { code: rule.code, desc, details };
}

/** Parses and checks a search query; throws 400 naming the first unknown parameter or bad value. */
export function parseSearchRequest(resourceType: string, query: URLSearchParams): SearchRequest {
  // FHIR lets a server ignore an empty parameter; this one says so, as a typo usually is one.
  for (const [name, value] of query) {
    if (value === '' && !RESULT_PARAMETERS.has(name))
      throw badRequest(`Missing value for search parameter ${name}`, name);
  }
  const parsed = parseSearchUrl(resourceType, query, { parameters: accountRecordParameter });
  const req: SearchRequest = {
    resourceType,
    filters: [],
    sort: (parsed.sortRules ?? []).map((rule) => sortKey(resourceType, rule)),
    count: checkedCount('_count', parsed.count, DEFAULT_COUNT, MAX_COUNT),
    offset: checkedCount('_offset', parsed.offset, 0, MAX_OFFSET),
    total: parsed.total ?? 'estimate',
    summaryCount: parsed.summary === 'count',
    include: (parsed.include ?? []).map((t) =>
      checkInclude(
        '_include',
        { sourceType: t.resourceType, code: t.searchParam, targetType: t.targetType },
        resourceType,
        false
      )
    ),
    revinclude: (parsed.revInclude ?? []).map((t) =>
      checkInclude(
        '_revinclude',
        { sourceType: t.resourceType, code: t.searchParam, targetType: t.targetType },
        resourceType,
        true
      )
    ),
  };
  for (const filter of parsed.filters ?? []) {
    const details = searchParameter(resourceType, filter.code);
    if (!details) unknownFilter(resourceType, filter.code);
    const supported = filter.code === '_id' ? ID_OPERATORS : (SUPPORTED[details.type] ?? []);
    if (!supported.includes(filter.operator))
      throw badRequest(`Unknown modifier :${filter.operator} on ${filter.code}`, `${filter.code}:${filter.operator}`);
    // `start=gt2026-01-01,lt2025-01-01`: each value has its own prefix, and the values are OR-ed.
    const prefixed =
      filter.operator !== 'missing' && PREFIXED_TYPES.includes(details.type) ? searchValues(filter) : undefined;
    const values =
      filter.operator === 'missing'
        ? [filter.value]
        : (prefixed?.map((v) => v.value) ?? splitSearchOnComma(filter.value)).map((v) =>
            boundSearchValue(v.replace(/\\,/g, ','))
          );
    if (values.some((v) => v === ''))
      throw badRequest(`Missing value for search parameter ${filter.code}`, filter.code);
    const searchFilter: SearchFilter = { code: filter.code, operator: filter.operator, values, details };
    if (prefixed) searchFilter.prefixes = prefixed.map((v) => v.operator);
    req.filters.push(searchFilter);
  }
  return req;
}
