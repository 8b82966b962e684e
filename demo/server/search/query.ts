// Parses a FHIR search query into a checked request, and builds its SQL. Every value condition
// runs against search_index through one of its indexes (named at each builder).
import { badRequest } from '../core/errors';
import { isKnownResourceType } from '../core/resource-types';
import { parseDateRange, type DateRange } from './dates';
import {
  indexPrefix,
  MAX_INDEXED_LENGTH,
  normalizeReference,
  normalizeString,
  referenceKey,
  tokenKey,
} from './extract';
import { RESULT_PARAMETERS, getSearchParameter, type SearchParameterDef } from './parameters';

/** Search result count limits. */
export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 1000;

const PREFIXES = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'] as const;
type Prefix = (typeof PREFIXES)[number];

/** A search value as the index holds it: each part of `system|code` bounded on its own. */
function boundSearchValue(value: string): string {
  if (value.length <= MAX_INDEXED_LENGTH) return value;
  return value
    .split('|')
    .map((part) => indexPrefix(part))
    .join('|');
}

/** One parameter filter: all its comma-separated values OR-ed. */
export interface Filter {
  code: string;
  modifier?: string;
  values: string[];
  def: SearchParameterDef | { code: '_id'; type: 'id' } | { code: '_lastUpdated'; type: 'lastUpdated' };
}

/** One _include or _revinclude. */
export interface IncludeSpec {
  sourceType: string;
  def: SearchParameterDef;
  targetType?: string;
}

/** A checked search request. */
export interface SearchRequest {
  resourceType: string;
  filters: Filter[];
  sort: { code: string; desc: boolean; def?: SearchParameterDef }[];
  count: number;
  offset: number;
  total: 'none' | 'estimate' | 'accurate';
  summaryCount: boolean;
  include: IncludeSpec[];
  revinclude: IncludeSpec[];
}

const MODIFIERS: Record<string, string[]> = {
  string: ['exact', 'contains', 'missing'],
  token: ['not', 'text', 'contains', 'missing'],
  reference: ['missing'],
  date: ['missing'],
  number: ['missing'],
  quantity: ['missing'],
  uri: ['below', 'above', 'missing'],
  id: ['not', 'missing'],
  lastUpdated: ['missing'],
};

function invalidFormat(type: string, name: string, value: string): never {
  throw badRequest(`Invalid format for ${type} search parameter: ${value}`, name);
}

function parseInteger(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value)) throw badRequest(`Invalid value for ${name}: ${value}`, name);
  const n = Number(value);
  if (n < min || n > max) throw badRequest(`Invalid value for ${name}: ${value} (allowed ${min} to ${max})`, name);
  return n;
}

function parseInclude(name: string, value: string, searchType: string, reverse: boolean): IncludeSpec {
  if (value === '*' || value.includes('*')) throw badRequest(`Invalid ${name}: '*' is not supported`, name);
  const [sourceType, code, targetType, ...rest] = value.split(':');
  if (!sourceType || !code || rest.length)
    throw badRequest(`Invalid ${name}: ${value} (expected Type:parameter[:TargetType])`, name);
  if (!isKnownResourceType(sourceType)) throw badRequest(`Invalid ${name}: unknown resource type ${sourceType}`, name);
  if (!reverse && sourceType !== searchType)
    throw badRequest(`Invalid ${name}: ${value} does not start with ${searchType}`, name);
  const def = getSearchParameter(sourceType, code);
  if (!def || def.type !== 'reference')
    throw badRequest(`Invalid ${name}: ${sourceType} has no reference parameter ${code}`, name);
  if (targetType && !isKnownResourceType(targetType))
    throw badRequest(`Invalid ${name}: unknown resource type ${targetType}`, name);
  return { sourceType, def, targetType };
}

/** Parses and checks a search query; throws 400 naming the first unknown parameter or bad value. */
export function parseSearchRequest(resourceType: string, query: URLSearchParams): SearchRequest {
  const req: SearchRequest = {
    resourceType,
    filters: [],
    sort: [],
    count: DEFAULT_COUNT,
    offset: 0,
    total: 'estimate',
    summaryCount: false,
    include: [],
    revinclude: [],
  };
  for (const [rawName, value] of query) {
    const [code, modifier, ...extra] = rawName.split(':');
    if (RESULT_PARAMETERS.has(rawName) || RESULT_PARAMETERS.has(code)) {
      switch (code) {
        case '_count':
          req.count = parseInteger('_count', value, 0, MAX_COUNT);
          break;
        case '_offset':
          req.offset = parseInteger('_offset', value, 0, 1_000_000);
          break;
        case '_total':
          if (!['none', 'estimate', 'accurate'].includes(value))
            throw badRequest(`Invalid value for _total: ${value}`, '_total');
          req.total = value as SearchRequest['total'];
          break;
        case '_summary':
          if (!['true', 'false', 'text', 'data', 'count'].includes(value))
            throw badRequest(`Invalid value for _summary: ${value}`, '_summary');
          req.summaryCount = value === 'count';
          break;
        case '_format':
          if (!['json', 'application/json', 'application/fhir+json'].includes(value))
            throw badRequest(`Unsupported _format: ${value}`, '_format');
          break;
        case '_sort':
          for (const key of value.split(',')) {
            const desc = key.startsWith('-');
            const sortCode = desc ? key.slice(1) : key;
            if (sortCode === '_id' || sortCode === '_lastUpdated') {
              req.sort.push({ code: sortCode, desc });
              continue;
            }
            const def = getSearchParameter(resourceType, sortCode);
            if (!def) throw badRequest(`Unknown sort parameter for ${resourceType}: ${sortCode}`, '_sort');
            req.sort.push({ code: sortCode, desc, def });
          }
          break;
        case '_include':
          req.include.push(parseInclude('_include', value, resourceType, false));
          break;
        case '_revinclude':
          req.revinclude.push(parseInclude('_revinclude', value, resourceType, true));
          break;
        default:
          break; // _elements, _pretty: accepted, no effect on the result set
      }
      continue;
    }
    if (extra.length) throw badRequest(`Unknown search parameter for ${resourceType}: ${rawName}`, rawName);
    let def: Filter['def'] | undefined;
    if (code === '_id') def = { code: '_id', type: 'id' };
    else if (code === '_lastUpdated') def = { code: '_lastUpdated', type: 'lastUpdated' };
    else def = getSearchParameter(resourceType, code);
    if (!def) {
      throw badRequest(
        code.includes('.')
          ? `Chained search is not supported: ${rawName}`
          : `Unknown search parameter for ${resourceType}: ${rawName}`,
        rawName
      );
    }
    if (modifier !== undefined) {
      const allowed = MODIFIERS[def.type] ?? [];
      const isTypeModifier = def.type === 'reference' && isKnownResourceType(modifier);
      if (!allowed.includes(modifier) && !isTypeModifier)
        throw badRequest(`Unknown modifier :${modifier} on ${code}`, rawName);
    }
    if (modifier === 'missing' && value !== 'true' && value !== 'false') invalidFormat('missing', rawName, value);
    // Compared with the bounded prefixes the index holds (extract.ts, MAX_INDEXED_LENGTH).
    const values = modifier === 'missing' ? [value] : splitValues(value).map(boundSearchValue);
    if (!values.length || values.some((v) => v === ''))
      throw badRequest(`Missing value for search parameter ${rawName}`, rawName);
    const filter: Filter = { code, modifier, values, def };
    if (modifier !== 'missing') for (const v of values) checkValue(filter, v, rawName);
    req.filters.push(filter);
  }
  return req;
}

/** Splits on commas that are not escaped with a backslash. */
function splitValues(value: string): string[] {
  return value.split(/(?<!\\),/).map((v) => v.replace(/\\,/g, ','));
}

function splitPrefix(value: string): [Prefix, string] {
  const p = value.slice(0, 2) as Prefix;
  return PREFIXES.includes(p) && !/^\d/.test(p) ? [p, value.slice(2)] : ['eq', value];
}

function checkValue(filter: Filter, value: string, name: string): void {
  switch (filter.def.type) {
    case 'date':
    case 'lastUpdated':
      if (!parseDateRange(splitPrefix(value)[1])) invalidFormat('date', name, value);
      break;
    case 'number':
      if (!Number.isFinite(Number(splitPrefix(value)[1])) || splitPrefix(value)[1].trim() === '')
        invalidFormat('number', name, value);
      break;
    case 'quantity': {
      const n = splitPrefix(value)[1].split('|')[0];
      if (!Number.isFinite(Number(n)) || n.trim() === '') invalidFormat('quantity', name, value);
      break;
    }
    case 'id':
      if (!/^[A-Za-z0-9\-.]{1,64}$/.test(value)) invalidFormat('id', name, value);
      break;
    default:
      break;
  }
}

/** Collects SQL parameters as $1, $2, ... */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A date condition between a stored range [startCol, endCol] and the searched range. */
function dateCondition(prefix: Prefix, range: DateRange, startCol: string, endCol: string, p: SqlParams): string {
  // Parameters are added only when used: PostgreSQL rejects unused (untyped) ones.
  const ps = () => `${p.add(iso(range.start))}::timestamptz`;
  const pe = () => `${p.add(iso(range.end))}::timestamptz`;
  switch (prefix) {
    case 'eq':
      return `(${startCol} >= ${ps()} AND ${endCol} <= ${pe()})`;
    case 'ne':
      return `NOT (${startCol} >= ${ps()} AND ${endCol} <= ${pe()})`;
    case 'gt':
      return `${endCol} > ${pe()}`;
    case 'lt':
      return `${startCol} < ${ps()}`;
    case 'ge':
      return `${endCol} >= ${ps()}`;
    case 'le':
      return `${startCol} <= ${pe()}`;
    case 'sa':
      return `${startCol} > ${pe()}`;
    case 'eb':
      return `${endCol} < ${ps()}`;
    case 'ap': {
      // Approximately: within 10% of the distance to now, at least a day either side.
      const margin = Math.max(86_400_000, Math.abs(Date.now() - range.start) * 0.1);
      return `(${startCol} <= ${p.add(iso(range.end + margin))}::timestamptz AND ${endCol} >= ${p.add(iso(range.start - margin))}::timestamptz)`;
    }
  }
}

function numberCondition(prefix: Prefix, text: string, col: string, p: SqlParams): string {
  const n = Number(text);
  const decimals = text.includes('.') ? text.split('.')[1].replace(/e.*$/i, '').length : 0;
  const half = 0.5 * 10 ** -decimals;
  switch (prefix) {
    case 'eq':
      return `(${col} >= ${p.add(n - half)} AND ${col} < ${p.add(n + half)})`;
    case 'ne':
      return `NOT (${col} >= ${p.add(n - half)} AND ${col} < ${p.add(n + half)})`;
    case 'gt':
    case 'sa':
      return `${col} > ${p.add(n)}`;
    case 'lt':
    case 'eb':
      return `${col} < ${p.add(n)}`;
    case 'ge':
      return `${col} >= ${p.add(n)}`;
    case 'le':
      return `${col} <= ${p.add(n)}`;
    case 'ap':
      return `(${col} >= ${p.add(Math.min(n * 0.9, n * 1.1))} AND ${col} <= ${p.add(Math.max(n * 0.9, n * 1.1))})`;
  }
}

/** The condition on one search_index row (alias si) for one value. */
function valueCondition(filter: Filter, value: string, p: SqlParams): string {
  const def = filter.def as SearchParameterDef;
  switch (def.type) {
    case 'string':
      // search_index_exact_idx (exact) / search_index_string_idx (prefix, text_pattern_ops);
      // :contains cannot use a b-tree and scans the (resource_type, code) range of the string index.
      if (filter.modifier === 'exact') return `si.value_exact = ${p.add(value)}`;
      if (filter.modifier === 'contains')
        return `si.value_string LIKE ${p.add('%' + escapeLike(normalizeString(value)) + '%')}`;
      return `si.value_string LIKE ${p.add(escapeLike(normalizeString(value)) + '%')}`;
    case 'token': {
      // search_index_token_idx (resource_type, code, value_code, system); :text scans value_text.
      if (filter.modifier === 'text')
        return `si.value_text LIKE ${p.add('%' + escapeLike(normalizeString(value)) + '%')}`;
      // :contains (the reference picker's email:contains) is a case-insensitive substring of the code.
      if (filter.modifier === 'contains')
        return `lower(si.value_code) LIKE ${p.add('%' + escapeLike(value.toLowerCase()) + '%')}`;
      const { system, code } = splitToken(value);
      if (system === undefined) return `si.value_code = ${p.add(code)}`;
      if (system === null) return `(si.system IS NULL AND si.value_code = ${p.add(code)})`;
      if (code === null) return `si.system = ${p.add(system)}`;
      return `(si.value_code = ${p.add(code)} AND si.system = ${p.add(system)})`;
    }
    case 'reference': {
      // search_index_ref_idx (resource_type, code, ref_target); canonical URLs via search_index_exact_idx.
      let v = value;
      if (filter.modifier && filter.modifier !== 'missing') v = `${filter.modifier}/${value}`;
      if (/^[A-Za-z0-9\-.]{1,64}$/.test(v)) {
        const targets = def.targets?.length ? def.targets : [];
        if (!targets.length) return `si.ref_target LIKE ${p.add('%/' + escapeLike(v))}`;
        return `si.ref_target = ANY(${p.add(targets.map((t) => `${t}/${v}`))}::text[])`;
      }
      const withoutVersion = /^https?:/.test(v) ? v.split('|')[0] : v;
      if (/^https?:/.test(v)) {
        return `(si.value_exact = ${p.add(withoutVersion)} OR si.ref_target = ${p.add(normalizeReference(withoutVersion))})`;
      }
      return `si.ref_target = ${p.add(normalizeReference(v))}`;
    }
    case 'date': {
      // search_index_date_idx (resource_type, code, date_start, date_end)
      const [prefix, text] = splitPrefix(value);
      return dateCondition(prefix, parseDateRange(text)!, 'si.date_start', 'si.date_end', p);
    }
    case 'number': {
      // search_index_number_idx (resource_type, code, num_value)
      const [prefix, text] = splitPrefix(value);
      return numberCondition(prefix, text, 'si.num_value', p);
    }
    case 'quantity': {
      // search_index_number_idx (resource_type, code, num_value), then system/unit on the row
      const [prefix, rest] = splitPrefix(value);
      const [num, system, code] = rest.split('|');
      const parts = [numberCondition(prefix, num, 'si.num_value', p)];
      if (system) parts.push(`si.system = ${p.add(system)}`);
      if (code) parts.push(`si.value_code = ${p.add(code)}`);
      return `(${parts.join(' AND ')})`;
    }
    case 'uri':
      // search_index_exact_idx (resource_type, code, value_exact)
      if (filter.modifier === 'below') return `si.value_exact LIKE ${p.add(escapeLike(value) + '%')}`;
      if (filter.modifier === 'above') return `${p.add(value)} LIKE si.value_exact || '%'`;
      return `si.value_exact = ${p.add(value)}`;
  }
}

/**
 * A token search value's parts: 'code' (any system: system undefined), '|code' (no system: null),
 * 'system|' (any code: code null) or 'system|code'.
 */
function splitToken(value: string): { system: string | null | undefined; code: string | null } {
  const bar = value.indexOf('|');
  if (bar < 0) return { system: undefined, code: value };
  return { system: value.slice(0, bar) || null, code: value.slice(bar + 1) || null };
}

/**
 * The search_keys that match a token or reference filter (any of them), or undefined when a
 * value is not an exact match a key can answer (modifiers other than :not and a type, a bare id
 * of a reference without known targets, a canonical URL): those go through search_index.
 */
function exactKeys(filter: Filter, type: string): string[] | undefined {
  const def = filter.def as SearchParameterDef;
  if (def.type === 'token') {
    if (filter.modifier !== undefined && filter.modifier !== 'not') return undefined;
    return filter.values.map((value) => {
      const { system, code } = splitToken(value);
      return tokenKey(type, def.code, system, code);
    });
  }
  if (def.type === 'reference') {
    if (filter.modifier !== undefined && !isKnownResourceType(filter.modifier)) return undefined;
    const keys: string[] = [];
    for (const value of filter.values) {
      const v = filter.modifier ? `${filter.modifier}/${value}` : value;
      if (/^https?:/.test(v)) return undefined;
      if (/^[A-Za-z0-9\-.]{1,64}$/.test(v)) {
        if (!def.targets?.length) return undefined;
        for (const target of def.targets) keys.push(referenceKey(type, def.code, `${target}/${v}`));
      } else {
        keys.push(referenceKey(type, def.code, normalizeReference(v)));
      }
    }
    return keys;
  }
  return undefined;
}

/** The WHERE condition of one filter on the resources row (alias r). */
function filterCondition(filter: Filter, type: string, p: SqlParams): string {
  if (filter.def.type === 'id') {
    // resources primary key (resource_type, id)
    if (filter.modifier === 'missing') return filter.values[0] === 'true' ? 'FALSE' : 'TRUE';
    const cond = `r.id = ANY(${p.add(filter.values)}::text[])`;
    return filter.modifier === 'not' ? `NOT (${cond})` : cond;
  }
  if (filter.def.type === 'lastUpdated') {
    // resources_last_updated_idx (resource_type, last_updated)
    if (filter.modifier === 'missing') return filter.values[0] === 'true' ? 'FALSE' : 'TRUE';
    return `(${filter.values
      .map((v) => {
        const [prefix, text] = splitPrefix(v);
        return dateCondition(prefix, parseDateRange(text)!, 'r.last_updated', 'r.last_updated', p);
      })
      .join(' OR ')})`;
  }
  const keys = exactKeys(filter, type);
  if (keys) {
    // resources_search_keys_idx (GIN on search_keys): equality on tokens and references.
    const cond =
      keys.length === 1
        ? `r.search_keys @> ARRAY[${p.add(keys[0])}]::text[]`
        : `r.search_keys && ${p.add(keys)}::text[]`;
    return filter.modifier === 'not' ? `NOT (${cond})` : cond;
  }
  const base = `SELECT si.resource_id FROM search_index si WHERE si.resource_type = ${p.add(type)} AND si.code = ${p.add(filter.code)}`;
  if (filter.modifier === 'missing') {
    return filter.values[0] === 'true' ? `r.id NOT IN (${base})` : `r.id IN (${base})`;
  }
  const conds = filter.values.map((v) => valueCondition(filter, v, p)).join(' OR ');
  const sub = `r.id IN (${base} AND (${conds}))`;
  return filter.modifier === 'not' ? `NOT ${sub}` : sub;
}

/**
 * The WHERE clause (without the word) for a search, restricted to rows whose compartments hold
 * every key of `required` (the caller's project, a patient's own compartment).
 */
export function buildWhere(req: SearchRequest, p: SqlParams, required?: string[]): string {
  // resources primary key (resource_type, id) for the type; resources_compartments_gin_idx (GIN) for the partition.
  const parts = [`r.resource_type = ${p.add(req.resourceType)}`, 'NOT r.deleted'];
  if (required?.length) parts.push(`r.compartments @> ${p.add(required)}::text[]`);
  for (const filter of req.filters) parts.push(filterCondition(filter, req.resourceType, p));
  return parts.join(' AND ');
}

const SORT_COLUMN: Record<string, string> = {
  string: 'value_string',
  token: 'value_code',
  reference: 'ref_target',
  date: 'date_start',
  number: 'num_value',
  quantity: 'num_value',
  uri: 'value_exact',
};

/** The ORDER BY clause (without the words); ties broken by id so pages are stable. */
export function buildOrderBy(req: SearchRequest, p: SqlParams): string {
  const keys = req.sort.map((s) => {
    const dir = s.desc ? 'DESC' : 'ASC';
    if (s.code === '_id') return `r.id ${dir}`;
    if (s.code === '_lastUpdated') return `r.last_updated ${dir}`;
    const col = SORT_COLUMN[s.def!.type];
    // search_index_resource_code_idx (resource_type, resource_id, code) for the per-row sort value
    const agg = s.desc ? 'max' : 'min';
    return `(SELECT ${agg}(si.${col}) FROM search_index si WHERE si.resource_type = r.resource_type AND si.resource_id = r.id AND si.code = ${p.add(s.code)}) ${dir} NULLS LAST`;
  });
  if (!req.sort.length) keys.push('r.last_updated DESC');
  keys.push('r.id ASC');
  return keys.join(', ');
}
