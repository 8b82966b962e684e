// Matches a resource against a parsed search request without a FHIRPath engine: each search
// parameter of search-parameters.ts names the element paths it reads, and the value is compared by
// the parameter's type with FHIR's search semantics. Used by access-policy criteria and
// subscriptions, where a false "no match" is the safe answer: a filter on a parameter the library
// does not know, or a value-set modifier (:in, :not-in, :above/:below on tokens), never matches.

import { throwError } from './outcomes';
import { searchValues, splitSearchOnComma, type Filter, type SearchRequest } from './search';
import { getSearchParameterDetails, type SearchParameterDetails } from './search-parameters';
import type { Resource } from './types';

/** The values at a dotted element path of a resource; arrays are flattened, `name[x]` matches any choice type. */
export function getPathValues(resource: unknown, path: string): unknown[] {
  let current: unknown[] = [resource];
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      if (typeof value !== 'object' || value === null) continue;
      const record = value as Record<string, unknown>;
      if (segment.endsWith('[x]')) {
        const base = segment.slice(0, -3);
        for (const key of Object.keys(record)) {
          if (key.startsWith(base) && /^[A-Z]/.test(key.slice(base.length))) next.push(record[key]);
        }
      } else if (Object.hasOwn(record, segment)) {
        next.push(record[segment]);
      }
    }
    current = next.flat().filter((v) => v !== undefined && v !== null);
  }
  return current;
}

/** True when the resource matches every filter of the search request (sort, paging and includes are ignored). */
export function matchesSearchRequest(resource: Resource, request: SearchRequest): boolean {
  if (request.resourceType !== resource.resourceType) return false;
  return (request.filters ?? []).every((filter) => matchesFilter(resource, filter));
}

const PREFIXED: readonly string[] = ['number', 'date', 'quantity'];

/** True when the resource matches one search filter. */
export function matchesFilter(resource: Resource, filter: Filter): boolean {
  const details = getSearchParameterDetails(resource.resourceType, filter.code);
  if (!details) return false;
  const values = details.paths.flatMap((path) => getPathValues(resource, path));
  if (filter.operator === 'missing') return (filter.value === 'true') === (values.length === 0);

  const negated = filter.operator === 'ne' || filter.operator === 'not';
  if (!negated && PREFIXED.includes(details.type)) {
    // Each value with its own prefix (`gt2026-01-01,lt2025-01-01`): any one of them matching is enough.
    return searchValues(filter).some(({ operator, value }) =>
      operator === 'ne'
        ? !values.some((v) => matchesValue(details, 'eq', v, value))
        : values.some((v) => matchesValue(details, operator, v, value))
    );
  }
  const operator = negated ? 'eq' : filter.operator;
  const wanted = splitSearchOnComma(filter.value).map((v) => v.replace(/\\,/g, ','));
  const any = wanted.some((w) => values.some((v) => matchesValue(details, operator, v, w)));
  return negated ? !any : any;
}

function matchesValue(details: SearchParameterDetails, operator: string, element: unknown, wanted: string): boolean {
  switch (details.type) {
    case 'token':
      return matchesToken(details, operator, element, wanted);
    case 'string':
      return matchesString(operator, element, wanted);
    case 'reference':
      return matchesReference(details, operator, element, wanted);
    case 'uri':
      return matchesUri(operator, element, wanted);
    case 'date':
      return matchesDate(operator, element, wanted);
    case 'number':
      return typeof element === 'number' && compareNumbers(operator, element, Number(wanted));
    case 'quantity':
      return matchesQuantity(operator, element, wanted);
    default:
      return throwError(`${details.type} not implemented`, 'not-supported');
  }
}

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function stringsOf(element: unknown): string[] {
  if (typeof element === 'string') return [element];
  if (typeof element !== 'object' || element === null) return [];
  // HumanName, Address and the like: every string or string-array part.
  return Object.values(element as Record<string, unknown>).flatMap((v) =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  );
}

function matchesString(operator: string, element: unknown, wanted: string): boolean {
  return stringsOf(element).some((text) => {
    if (operator === 'exact') return text === wanted;
    if (operator === 'contains') return normalize(text).includes(normalize(wanted));
    if (operator === 'eq' || operator === 'text') return normalize(text).startsWith(normalize(wanted));
    return false;
  });
}

function splitToken(wanted: string): { system?: string; code: string } {
  const bar = wanted.indexOf('|');
  return bar === -1 ? { code: wanted } : { system: wanted.slice(0, bar), code: wanted.slice(bar + 1) };
}

function matchesSystemCode(system: string | undefined, code: string | undefined, wanted: string): boolean {
  const token = splitToken(wanted);
  if (token.system !== undefined && (token.system || undefined) !== (system || undefined)) return false;
  return token.code === '' ? token.system !== undefined : token.code === code;
}

function matchesToken(details: SearchParameterDetails, operator: string, element: unknown, wanted: string): boolean {
  if (operator === 'text') {
    const e = element as Record<string, any>;
    const texts = [e?.text, e?.display, ...(Array.isArray(e?.coding) ? e.coding.map((c: any) => c?.display) : [])];
    return texts.some((t) => typeof t === 'string' && normalize(t).startsWith(normalize(wanted)));
  }
  if (operator === 'of-type') {
    // system|code|value on an Identifier's type.
    const [system, code, value] = wanted.split('|');
    const e = element as { type?: { coding?: { system?: string; code?: string }[] }; value?: string };
    return e?.value === value && !!e.type?.coding?.some((c) => c.system === system && c.code === code);
  }
  if (operator !== 'eq') return false;
  if (typeof element === 'string' || typeof element === 'boolean' || typeof element === 'number') {
    return matchesSystemCode(undefined, String(element), wanted);
  }
  if (typeof element !== 'object' || element === null) return false;
  const e = element as Record<string, any>;
  if (Array.isArray(e.coding)) return e.coding.some((c: any) => matchesToken(details, operator, c, wanted));
  if (details.telecomSystem && e.system !== details.telecomSystem) return false;
  if ('value' in e && !('code' in e))
    return matchesSystemCode(
      details.telecomSystem ? undefined : e.system,
      e.value,
      details.telecomSystem ? splitToken(wanted).code : wanted
    );
  return matchesSystemCode(e.system, e.code, wanted);
}

function referenceOf(element: unknown): string | undefined {
  if (typeof element === 'string') return element.split('|')[0];
  const ref = (element as { reference?: unknown } | null)?.reference;
  return typeof ref === 'string' ? ref : undefined;
}

function matchesReference(
  details: SearchParameterDetails,
  operator: string,
  element: unknown,
  wanted: string
): boolean {
  if (operator === 'identifier') {
    const identifier = (element as { identifier?: { system?: string; value?: string } } | null)?.identifier;
    return !!identifier && matchesSystemCode(identifier.system, identifier.value, wanted);
  }
  if (operator === 'text') {
    const display = (element as { display?: unknown } | null)?.display;
    return typeof display === 'string' && normalize(display).startsWith(normalize(wanted));
  }
  if (operator !== 'eq') return false;
  const reference = referenceOf(element);
  if (!reference) return false;
  const path = reference.split('/_history/')[0];
  if (
    details.targets &&
    !details.targets.some((t) => path === t || path.startsWith(t + '/') || path.includes('/' + t + '/'))
  ) {
    return false;
  }
  const target = wanted.split('/_history/')[0];
  if (path === target) return true;
  // A bare id, or a relative reference against an absolute one, matches on the trailing segments.
  return path.endsWith('/' + target);
}

function matchesUri(operator: string, element: unknown, wanted: string): boolean {
  if (typeof element !== 'string') return false;
  if (operator === 'eq') return element === wanted;
  if (operator === 'below') return element.startsWith(wanted);
  if (operator === 'above') return wanted.startsWith(element);
  return false;
}

const DATE_PARTS_RE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** The instant range [start, end) a FHIR date or dateTime stands for, by its precision; dates without a zone are UTC. */
export function getDateRange(value: string): [number, number] | undefined {
  const m = DATE_PARTS_RE.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  if (h === undefined) {
    const year = Number(y);
    if (mo === undefined) return [utc(year, 0, 1), utc(year + 1, 0, 1)];
    if (d === undefined) return [utc(year, Number(mo) - 1, 1), utc(year, Number(mo), 1)];
    return [utc(year, Number(mo) - 1, Number(d)), utc(year, Number(mo) - 1, Number(d) + 1)];
  }
  const start = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${tz ?? 'Z'}`);
  if (Number.isNaN(start)) return undefined;
  return [start, start + (s === undefined ? 60_000 : frac === undefined ? 1000 : 1)];
}

function utc(year: number, month: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are; it rolls months and days over.
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

function elementRange(element: unknown): [number, number] | undefined {
  if (typeof element === 'string') return getDateRange(element);
  if (typeof element === 'object' && element !== null) {
    const { start, end } = element as { start?: string; end?: string };
    if (start === undefined && end === undefined) return undefined;
    const s = start ? getDateRange(start) : undefined;
    const e = end ? getDateRange(end) : undefined;
    return [s ? s[0] : -Infinity, e ? e[1] : Infinity];
  }
  return undefined;
}

function compareRanges(operator: string, [rs, re]: [number, number], [vs, ve]: [number, number]): boolean {
  const contained = rs >= vs && re <= ve;
  switch (operator) {
    case 'eq':
      return contained;
    case 'gt':
      return re > ve;
    case 'lt':
      return rs < vs;
    case 'ge':
      return re > ve || contained;
    case 'le':
      return rs < vs || contained;
    case 'sa':
      return rs >= ve;
    case 'eb':
      return re <= vs;
    case 'ap':
      return rs < ve && re > vs;
    default:
      return false;
  }
}

function matchesDate(operator: string, element: unknown, wanted: string): boolean {
  const range = elementRange(element);
  const target = getDateRange(wanted);
  return !!range && !!target && compareRanges(operator, range, target);
}

function compareNumbers(operator: string, actual: number, wanted: number): boolean {
  if (Number.isNaN(wanted)) return false;
  switch (operator) {
    case 'eq':
      return actual === wanted;
    case 'gt':
    case 'sa':
      return actual > wanted;
    case 'lt':
    case 'eb':
      return actual < wanted;
    case 'ge':
      return actual >= wanted;
    case 'le':
      return actual <= wanted;
    case 'ap':
      return Math.abs(actual - wanted) <= Math.abs(wanted) * 0.1;
    default:
      return false;
  }
}

function matchesQuantity(operator: string, element: unknown, wanted: string): boolean {
  const q = element as { value?: unknown; system?: string; code?: string; unit?: string } | null;
  if (typeof q?.value !== 'number') return false;
  const [number, system, code] = wanted.split('|');
  if (system && q.system !== system) return false;
  if (code && q.code !== code && q.unit !== code) return false;
  return compareNumbers(operator, q.value, Number(number));
}
