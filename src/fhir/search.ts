// Parse and format FHIR search requests (https://hl7.org/fhir/R4/search.html).
//
// Choices the spec leaves open, written down here:
// - Empty parameter names and empty values are ignored, as FHIR says servers should.
// - A parameter the library does not know (see search-parameters.ts), a chained parameter
//   (`subject.name`) and a parameter with an unknown modifier are kept as opaque string filters:
//   their value is not validated and the full name is the filter's code.
// - A reference type modifier (`subject:Patient=1`) becomes the value `Patient/1`.
// - Prefixes (eq, ne, gt, ...) are read only for number, date and quantity parameters. Each
//   comma-separated value has its own (`start=gt2026-01-01,lt2025-01-01` is the OR of the two, as
//   FHIR says); a value without one is `eq`. When every value has the same prefix it becomes the
//   filter's operator and the value is given without it; otherwise the operator is `eq` and each
//   value keeps its prefix, which searchValues reads.
// - `_include` and `_revinclude` values that are not `ResourceType:search-parameter[:TargetType]`
//   throw 'Invalid format for {_include|_revinclude} search parameter: {value}'.
// - A bad value is named as it was written, prefix included ('gt2030-13-45').
// - `:missing` takes `true` or `false` (a token); anything else is a bad token value.
// - `_format` and `_pretty` shape the response, not the search: they are read and dropped.
// - A server with resource types of its own (the reference server's account records) adds
//   their parameters through `parameters`; the library's table is consulted first.

import { throwError } from './outcomes';
import { getSearchParameterDetails, type SearchParameterDetails, type SearchParameterType } from './search-parameters';

/** Search prefixes and modifiers, as a filter's operator. */
export const Operator = {
  EQUALS: 'eq',
  NOT_EQUALS: 'ne',
  GREATER_THAN: 'gt',
  LESS_THAN: 'lt',
  GREATER_THAN_OR_EQUALS: 'ge',
  LESS_THAN_OR_EQUALS: 'le',
  STARTS_AFTER: 'sa',
  ENDS_BEFORE: 'eb',
  APPROXIMATELY: 'ap',
  MISSING: 'missing',
  EXACT: 'exact',
  CONTAINS: 'contains',
  NOT: 'not',
  TEXT: 'text',
  ABOVE: 'above',
  BELOW: 'below',
  IN: 'in',
  NOT_IN: 'not-in',
  IDENTIFIER: 'identifier',
  OF_TYPE: 'of-type',
} as const;

/** A search prefix or modifier. */
export type Operator = (typeof Operator)[keyof typeof Operator];

/** The prefixes a number, date or quantity value may start with. */
export const PREFIX_OPERATORS: readonly Operator[] = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'];

/** The modifiers a parameter name may end with (`name:exact`). */
export const MODIFIER_OPERATORS: readonly Operator[] = [
  'missing',
  'exact',
  'contains',
  'not',
  'text',
  'above',
  'below',
  'in',
  'not-in',
  'identifier',
  'of-type',
];

/** One search condition: parameter code, operator and raw value (comma-separated values mean OR). */
export interface Filter {
  code: string;
  operator: Operator;
  value: string;
}

/** One `_sort` entry. */
export interface SortRule {
  code: string;
  descending?: boolean;
}

/** One `_include` or `_revinclude` entry. */
export interface IncludeTarget {
  resourceType: string;
  searchParam: string;
  targetType?: string;
  modifier?: 'iterate';
}

/** The `_total` modes. */
export type TotalMode = 'none' | 'estimate' | 'accurate';

/** The `_summary` modes. */
export type SummaryMode = 'true' | 'text' | 'data' | 'count' | 'false';

/** A parsed FHIR search request. Optional parts are absent, not undefined, when not given. */
export interface SearchRequest {
  resourceType: string;
  filters?: Filter[];
  sortRules?: SortRule[];
  count?: number;
  offset?: number;
  total?: TotalMode;
  include?: IncludeTarget[];
  revInclude?: IncludeTarget[];
  fields?: string[];
  summary?: SummaryMode;
}

const TOTAL_MODES: readonly string[] = ['none', 'estimate', 'accurate'];
const SUMMARY_MODES: readonly string[] = ['true', 'text', 'data', 'count', 'false'];
const PREFIXED_TYPES: readonly SearchParameterType[] = ['number', 'date', 'quantity'];
const RESOURCE_TYPE_RE = /^[A-Z][A-Za-z]*$/;
const SEARCH_CODE_RE = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE_RE =
  /^(\d{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3])(:[0-5]\d(:([0-5]\d|60)(\.\d+)?)?)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))?)?)?)?$/;

/** True when the text is a FHIR date, dateTime or instant, possibly partial (`2024`, `2024-05`, `2024-05-01T10:00`). */
export function isValidSearchDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  if (m[5]) {
    // The regex allows day 31 in every month; the calendar decides (no 30 February).
    const year = Number(m[1]);
    const month = Number(m[3]);
    const day = Number(m[5]);
    const date = new Date(Date.UTC(2000, month - 1, day));
    date.setUTCFullYear(year);
    if (date.getUTCDate() !== day) return false;
  }
  return true;
}

function invalidFormat(type: string, value: string): never {
  throwError(`Invalid format for ${type} search parameter: ${value}`, 'invalid');
}

/**
 * Splits a parameter value into its OR values. A backslash escapes the character after it, so `\,`
 * is a comma inside a value and `\\,` a backslash ending one; the escapes are left in. One pass.
 */
export function splitSearchOnComma(value: string): string[] {
  const values: string[] = [];
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') i++;
    else if (value[i] === ',') {
      values.push(value.slice(start, i));
      start = i + 1;
    }
  }
  values.push(value.slice(start));
  return values;
}

/** The prefix a number, date or quantity value starts with, if any. */
function ownPrefix(value: string): Operator | undefined {
  const prefix = value.slice(0, 2) as Operator;
  return PREFIX_OPERATORS.includes(prefix) ? prefix : undefined;
}

/** One OR value of a filter with the comparison it asks for. */
export interface SearchValue {
  operator: Operator;
  value: string;
}

/**
 * The OR values of a number, date or quantity filter, each with its comparison: its own prefix
 * (`start=gt2026-01-01,lt2025-01-01`), else the filter's operator.
 */
export function searchValues(filter: Pick<Filter, 'operator' | 'value'>): SearchValue[] {
  return splitSearchOnComma(filter.value).map((value) => {
    const prefix = ownPrefix(value);
    return prefix ? { operator: prefix, value: value.slice(2) } : { operator: filter.operator, value };
  });
}

/** Checks each OR value against its type; a bad one is named by `written`, the value as given. */
function validateValue(type: SearchParameterType, values: string[], written: string): void {
  for (const v of values) {
    switch (type) {
      case 'number':
        if (!NUMBER_RE.test(v)) invalidFormat(type, written);
        break;
      case 'date':
        if (!isValidSearchDate(v)) invalidFormat(type, written);
        break;
      case 'quantity': {
        // number|system|code, system and code optional.
        const parts = v.split('|');
        if (parts.length > 3 || !NUMBER_RE.test(parts[0])) invalidFormat(type, written);
        break;
      }
      case 'reference':
      case 'uri':
        if (!/^\S+$/.test(v)) invalidFormat(type, written);
        break;
      case 'string':
      case 'token':
        break;
      default:
        throwError('Unknown data type', 'not-supported');
    }
  }
}

/** The type a value is validated as: a modifier may change what the value means. */
function valueTypeFor(type: SearchParameterType, operator: Operator): SearchParameterType | undefined {
  switch (operator) {
    case 'missing':
    case 'text':
    case 'contains':
    case 'exact':
      return undefined;
    case 'identifier':
    case 'of-type':
      return 'token';
    case 'in':
    case 'not-in':
      return 'uri';
    default:
      return type;
  }
}

/** Options of {@link parseSearchUrl}. */
export interface ParseSearchOptions {
  /** Parameters of types the library's table does not hold (a server's own records); asked after the table. */
  parameters?: (resourceType: string, code: string) => SearchParameterDetails | undefined;
}

function parseFilter(
  resourceType: string,
  key: string,
  rawValue: string,
  options: ParseSearchOptions
): Filter | undefined {
  if (key.includes('.')) return { code: key, operator: 'eq', value: rawValue };
  const colon = key.indexOf(':');
  const code = colon === -1 ? key : key.slice(0, colon);
  const modifier = colon === -1 ? undefined : key.slice(colon + 1);
  if (!code) return undefined;
  const details = getSearchParameterDetails(resourceType, code) ?? options.parameters?.(resourceType, code);
  if (!details) return { code: key, operator: 'eq', value: rawValue };

  let operator: Operator = 'eq';
  // A literal '+' of a time zone arrives as a space when the query was not percent-encoded.
  let value = details.type === 'date' ? rawValue.replace(/ /g, '+') : rawValue;
  let values: string[] | undefined;
  if (modifier !== undefined) {
    if ((MODIFIER_OPERATORS as readonly string[]).includes(modifier)) {
      operator = modifier as Operator;
    } else if (details.type === 'reference' && RESOURCE_TYPE_RE.test(modifier)) {
      // A type modifier names the target type; fold it into each value.
      value = splitSearchOnComma(value)
        .map((v) => (v.includes('/') ? v : `${modifier}/${v}`))
        .join(',');
    } else {
      return { code: key, operator: 'eq', value: rawValue };
    }
  } else if (PREFIXED_TYPES.includes(details.type)) {
    const prefixed = searchValues({ operator, value });
    values = prefixed.map((v) => v.value);
    if (prefixed.every((v) => v.operator === prefixed[0].operator)) {
      operator = prefixed[0].operator;
      value = values.join(',');
    }
  }
  const valueType = valueTypeFor(details.type, operator);
  if (valueType) validateValue(valueType, values ?? splitSearchOnComma(value), rawValue);
  else if (details.type === 'composite' || details.type === 'special') throwError('Unknown data type', 'not-supported');
  if (operator === 'missing' && value !== 'true' && value !== 'false') invalidFormat('token', rawValue);
  return { code, operator, value };
}

function parseNonNegativeInteger(value: string): number {
  if (!/^\d{1,15}$/.test(value)) invalidFormat('number', value);
  return Number(value);
}

function parseInclude(key: string, value: string): IncludeTarget {
  const parts = value.split(':');
  if (
    parts.length < 2 ||
    parts.length > 3 ||
    !RESOURCE_TYPE_RE.test(parts[0]) ||
    !SEARCH_CODE_RE.test(parts[1]) ||
    (parts.length === 3 && !RESOURCE_TYPE_RE.test(parts[2]))
  ) {
    invalidFormat(key.split(':')[0], value);
  }
  const target: IncludeTarget = { resourceType: parts[0], searchParam: parts[1] };
  if (parts[2]) target.targetType = parts[2];
  if (key.endsWith(':iterate') || key.endsWith(':recurse')) target.modifier = 'iterate';
  return target;
}

/** The query part of a search as key/value pairs, whatever form it was given in. */
export type SearchQuery = string | URLSearchParams | Record<string, string | string[] | undefined>;

function toEntries(query: SearchQuery): [string, string][] {
  if (typeof query === 'string') {
    return [...new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).entries()];
  }
  if (query instanceof URLSearchParams) return [...query.entries()];
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) entries.push([key, v]);
  }
  return entries;
}

/** Parses the query of a search on a resource type: `parseSearchUrl('Patient', 'name=Alice&_count=10')`. */
export function parseSearchUrl(
  resourceType: string,
  query: SearchQuery = '',
  options: ParseSearchOptions = {}
): SearchRequest {
  const request: SearchRequest = { resourceType };
  for (const [key, value] of toEntries(query)) {
    if (!key || value === '') continue;
    switch (key) {
      case '_format':
      case '_pretty':
        break;
      case '_count':
        request.count = parseNonNegativeInteger(value);
        break;
      case '_offset':
        request.offset = parseNonNegativeInteger(value);
        break;
      case '_total':
        if (!TOTAL_MODES.includes(value)) invalidFormat('token', value);
        request.total = value as TotalMode;
        break;
      case '_summary':
        if (!SUMMARY_MODES.includes(value)) invalidFormat('token', value);
        request.summary = value as SummaryMode;
        break;
      case '_sort':
        for (const item of value.split(',')) {
          const descending = item.startsWith('-');
          const code = descending ? item.slice(1) : item;
          if (!code) continue;
          (request.sortRules ??= []).push(descending ? { code, descending } : { code });
        }
        break;
      case '_elements':
      case '_fields':
        for (const field of value.split(',').map((f) => f.trim())) {
          if (field) (request.fields ??= []).push(field);
        }
        break;
      case '_include':
      case '_include:iterate':
      case '_include:recurse':
        (request.include ??= []).push(parseInclude(key, value));
        break;
      case '_revinclude':
      case '_revinclude:iterate':
      case '_revinclude:recurse':
        (request.revInclude ??= []).push(parseInclude(key, value));
        break;
      default: {
        const filter = parseFilter(resourceType, key, value, options);
        if (filter) (request.filters ??= []).push(filter);
      }
    }
  }
  return request;
}

/** Parses a search URL, absolute or relative: `Patient?name=Alice`, `https://example.com/fhir/R4/Observation?code=1`. */
export function parseSearchRequest(url: string | URL, options: ParseSearchOptions = {}): SearchRequest {
  let pathname: string;
  let search: string;
  if (url instanceof URL) {
    pathname = url.pathname;
    search = url.search;
  } else if (typeof url === 'string') {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    search = q === -1 ? '' : url.slice(q);
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      try {
        pathname = new URL(path).pathname;
      } catch {
        return throwError('Invalid search URL', 'invalid');
      }
    } else {
      pathname = path;
    }
  } else {
    return throwError('Invalid search URL', 'invalid');
  }
  const segments = pathname.split('/').filter(Boolean);
  const resourceType = segments[segments.length - 1];
  if (!resourceType || !RESOURCE_TYPE_RE.test(resourceType)) throwError('Invalid search URL', 'invalid');
  return parseSearchUrl(resourceType, search, options);
}

function encode(text: string): string {
  // Keep the separators FHIR gives meaning to readable; they decode the same either way.
  return encodeURIComponent(text).replace(/%2C/g, ',').replace(/%7C/g, '|').replace(/%3A/g, ':').replace(/%2F/g, '/');
}

function formatFilter(filter: Filter): string {
  const { code, operator, value } = filter;
  if ((MODIFIER_OPERATORS as readonly string[]).includes(operator)) {
    return `${encode(code)}:${operator}=${encode(value)}`;
  }
  if (operator === 'eq') return `${encode(code)}=${encode(value)}`;
  // Each OR value has its own prefix: one written once would apply to the first value only.
  return `${encode(code)}=${splitSearchOnComma(value)
    .map((v) => operator + encode(v))
    .join(',')}`;
}

function formatInclude(key: string, target: IncludeTarget): string {
  const value = [target.resourceType, target.searchParam, target.targetType].filter(Boolean).join(':');
  return `${key}${target.modifier ? ':iterate' : ''}=${encode(value)}`;
}

/** The query string of a search request, starting with '?', or '' when it has no parameters. */
export function formatSearchQuery(request: SearchRequest): string {
  const params: string[] = [];
  for (const filter of request.filters ?? []) params.push(formatFilter(filter));
  if (request.sortRules?.length) {
    params.push('_sort=' + request.sortRules.map((r) => (r.descending ? '-' : '') + encode(r.code)).join(','));
  }
  if (request.count !== undefined) params.push(`_count=${request.count}`);
  if (request.offset !== undefined) params.push(`_offset=${request.offset}`);
  if (request.total) params.push(`_total=${request.total}`);
  if (request.summary) params.push(`_summary=${request.summary}`);
  for (const target of request.include ?? []) params.push(formatInclude('_include', target));
  for (const target of request.revInclude ?? []) params.push(formatInclude('_revinclude', target));
  if (request.fields?.length) params.push('_elements=' + request.fields.map(encode).join(','));
  return params.length ? '?' + params.join('&') : '';
}

/** The relative URL of a search request: `Patient?name=Alice`. */
export function formatSearchUrl(request: SearchRequest): string {
  return request.resourceType + formatSearchQuery(request);
}
