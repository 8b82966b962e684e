// The SQL of a checked search (request.ts): the WHERE and ORDER BY clauses over the resources
// table. Every value condition runs against search_index or resources.search_keys through one of
// their indexes (named at each builder).
import type { Operator } from '../../../src/fhir/search';
import { parseDateRange, type DateRange } from './dates';
import { normalizeReference, normalizeString, referenceKey, tokenKey } from './extract';
import type { SearchFilter, SearchRequest } from './request';

type Prefix = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb' | 'ap';

/** The comparison of a date, number or quantity value: its own prefix (request.ts), else the filter's operator. */
function prefixOf(operator: Operator): Prefix {
  return (['ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'] as const).find((p) => p === operator) ?? 'eq';
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

/** The condition on one search_index row (alias si) for one value; `own` is its prefix, when it has one. */
function valueCondition(filter: SearchFilter, value: string, p: SqlParams, own?: Operator): string {
  const { operator, details } = filter;
  const prefix = prefixOf(own ?? operator);
  switch (details.type) {
    case 'string':
      // search_index_exact_idx (exact) / search_index_string_idx (prefix, text_pattern_ops);
      // :contains cannot use a b-tree and scans the (resource_type, code) range of the string index.
      if (operator === 'exact') return `si.value_exact = ${p.add(value)}`;
      if (operator === 'contains')
        return `si.value_string LIKE ${p.add('%' + escapeLike(normalizeString(value)) + '%')}`;
      return `si.value_string LIKE ${p.add(escapeLike(normalizeString(value)) + '%')}`;
    case 'token': {
      // search_index_token_idx (resource_type, code, value_code, system); :text scans value_text.
      if (operator === 'text') return `si.value_text LIKE ${p.add('%' + escapeLike(normalizeString(value)) + '%')}`;
      // :contains (the reference picker's email:contains) is a case-insensitive substring of the code.
      if (operator === 'contains')
        return `lower(si.value_code) LIKE ${p.add('%' + escapeLike(value.toLowerCase()) + '%')}`;
      const { system, code } = splitToken(value);
      if (system === undefined) return `si.value_code = ${p.add(code)}`;
      if (system === null) return `(si.system IS NULL AND si.value_code = ${p.add(code)})`;
      if (code === null) return `si.system = ${p.add(system)}`;
      return `(si.value_code = ${p.add(code)} AND si.system = ${p.add(system)})`;
    }
    case 'reference': {
      // search_index_ref_idx (resource_type, code, ref_target); canonical URLs via search_index_exact_idx.
      if (BARE_ID.test(value)) {
        const targets = details.targets ?? [];
        if (!targets.length) return `si.ref_target LIKE ${p.add('%/' + escapeLike(value))}`;
        return `si.ref_target = ANY(${p.add(targets.map((t) => `${t}/${value}`))}::text[])`;
      }
      if (/^https?:/.test(value)) {
        const withoutVersion = value.split('|')[0];
        return `(si.value_exact = ${p.add(withoutVersion)} OR si.ref_target = ${p.add(normalizeReference(withoutVersion))})`;
      }
      return `si.ref_target = ${p.add(normalizeReference(value))}`;
    }
    case 'date':
      // search_index_date_idx (resource_type, code, date_start, date_end)
      return dateCondition(prefix, parseDateRange(value)!, 'si.date_start', 'si.date_end', p);
    case 'number':
      // search_index_number_idx (resource_type, code, num_value)
      return numberCondition(prefix, value, 'si.num_value', p);
    case 'quantity': {
      // search_index_number_idx (resource_type, code, num_value), then system/unit on the row
      const [num, system, code] = value.split('|');
      const parts = [numberCondition(prefix, num, 'si.num_value', p)];
      if (system) parts.push(`si.system = ${p.add(system)}`);
      if (code) parts.push(`si.value_code = ${p.add(code)}`);
      return `(${parts.join(' AND ')})`;
    }
    case 'uri':
      // search_index_exact_idx (resource_type, code, value_exact)
      if (operator === 'below') return `si.value_exact LIKE ${p.add(escapeLike(value) + '%')}`;
      if (operator === 'above') return `${p.add(value)} LIKE si.value_exact || '%'`;
      return `si.value_exact = ${p.add(value)}`;
    default:
      // request.ts admits no other type; a composite or special parameter never gets here.
      throw new Error(`No SQL for ${details.type} parameters`);
  }
}

/** A reference value that is a bare id (no type): matched against every target type. */
const BARE_ID = /^[A-Za-z0-9\-.]{1,64}$/;

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
 * value is not an exact match a key can answer (modifiers other than :not, a bare id of a
 * reference without known targets, a canonical URL): those go through search_index.
 */
function exactKeys(filter: SearchFilter, type: string): string[] | undefined {
  const { details, operator, code } = filter;
  if (operator !== 'eq' && operator !== 'not') return undefined;
  if (details.type === 'token') {
    return filter.values.map((value) => {
      const token = splitToken(value);
      return tokenKey(type, code, token.system, token.code);
    });
  }
  if (details.type === 'reference') {
    const keys: string[] = [];
    for (const value of filter.values) {
      if (/^https?:/.test(value)) return undefined;
      if (BARE_ID.test(value)) {
        if (!details.targets?.length) return undefined;
        for (const target of details.targets) keys.push(referenceKey(type, code, `${target}/${value}`));
      } else {
        keys.push(referenceKey(type, code, normalizeReference(value)));
      }
    }
    return keys;
  }
  return undefined;
}

/** The WHERE condition of one filter on the resources row (alias r). */
function filterCondition(filter: SearchFilter, type: string, p: SqlParams): string {
  const { operator } = filter;
  if (filter.code === '_id') {
    // resources primary key (resource_type, id)
    if (operator === 'missing') return filter.values[0] === 'true' ? 'FALSE' : 'TRUE';
    const cond = `r.id = ANY(${p.add(filter.values)}::text[])`;
    return operator === 'not' ? `NOT (${cond})` : cond;
  }
  if (filter.code === '_lastUpdated') {
    // resources_last_updated_idx (resource_type, last_updated)
    if (operator === 'missing') return filter.values[0] === 'true' ? 'FALSE' : 'TRUE';
    return `(${filter.values
      .map((v, i) =>
        dateCondition(
          prefixOf(filter.prefixes?.[i] ?? operator),
          parseDateRange(v)!,
          'r.last_updated',
          'r.last_updated',
          p
        )
      )
      .join(' OR ')})`;
  }
  const keys = exactKeys(filter, type);
  if (keys) {
    // resources_search_keys_idx (GIN on search_keys): equality on tokens and references.
    const cond =
      keys.length === 1
        ? `r.search_keys @> ARRAY[${p.add(keys[0])}]::text[]`
        : `r.search_keys && ${p.add(keys)}::text[]`;
    return operator === 'not' ? `NOT (${cond})` : cond;
  }
  const base = `SELECT si.resource_id FROM search_index si WHERE si.resource_type = ${p.add(type)} AND si.code = ${p.add(filter.code)}`;
  if (operator === 'missing') {
    return filter.values[0] === 'true' ? `r.id NOT IN (${base})` : `r.id IN (${base})`;
  }
  const conds = filter.values.map((v, i) => valueCondition(filter, v, p, filter.prefixes?.[i])).join(' OR ');
  const sub = `r.id IN (${base} AND (${conds}))`;
  return operator === 'not' ? `NOT ${sub}` : sub;
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
    const col = SORT_COLUMN[s.details!.type];
    // search_index_resource_code_idx (resource_type, resource_id, code) for the per-row sort value
    const agg = s.desc ? 'max' : 'min';
    return `(SELECT ${agg}(si.${col}) FROM search_index si WHERE si.resource_type = r.resource_type AND si.resource_id = r.id AND si.code = ${p.add(s.code)}) ${dir} NULLS LAST`;
  });
  if (!req.sort.length) keys.push('r.last_updated DESC');
  keys.push('r.id ASC');
  return keys.join(', ');
}
