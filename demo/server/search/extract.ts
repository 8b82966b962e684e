// Turns a resource into search_index rows, one per value of each of its type's parameters
// (the shared table, parameters.ts), and its exact-match search keys.
import { getPathValues } from '../../../src/fhir/match';
import { badRequest } from '../core/errors';
import { parseDateRange } from './dates';
import { indexedParameters, searchParameter, type SearchParameterDetails } from './parameters';

/** One row of the search_index table (resource columns added by the writer). */
export interface IndexRow {
  code: string;
  value_string?: string | null;
  value_exact?: string | null;
  system?: string | null;
  value_code?: string | null;
  value_text?: string | null;
  ref_target?: string | null;
  date_start?: string | null;
  date_end?: string | null;
  num_value?: number | null;
}

/** Lower case without accents: the form string parameters are matched in. */
export function normalizeString(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const REF_RE = /(?:^|\/)([A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]+)?$/;

/** 'Patient/1' from 'Patient/1', 'http://host/fhir/R4/Patient/1' or 'Patient/1/_history/2'. */
export function normalizeReference(reference: string): string {
  const m = REF_RE.exec(reference);
  return m ? m[1] : reference;
}

/** A JSON object's member, whatever the object is. */
type JsonObject = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (!value || typeof value !== 'object') return [];
  const v = value as JsonObject;
  const out: unknown[] = [v.text];
  // HumanName
  out.push(v.family, ...list(v.given), ...list(v.prefix), ...list(v.suffix));
  // Address
  out.push(...list(v.line), v.city, v.district, v.state, v.postalCode, v.country);
  return out.filter((s): s is string => typeof s === 'string' && s.length > 0);
}

function tokenRows(code: string, value: unknown): IndexRow[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return [{ code, value_code: String(value) }];
  }
  if (!value || typeof value !== 'object') return [];
  const v = value as JsonObject;
  const rows: IndexRow[] = [];
  if (Array.isArray(v.coding)) {
    for (const item of v.coding) {
      if (item && typeof item === 'object') {
        const coding = item as JsonObject;
        rows.push({
          code,
          system: str(coding.system),
          value_code: str(coding.code),
          value_text: lower(coding.display ?? v.text),
        });
      }
    }
    if (typeof v.text === 'string') rows.push({ code, value_text: normalizeString(v.text) });
    return rows;
  }
  if ('code' in v || 'display' in v) {
    return [{ code, system: str(v.system), value_code: str(v.code), value_text: lower(v.display) }];
  }
  if ('value' in v) {
    // Identifier (system|value) and ContactPoint (value)
    const isContactPoint =
      typeof v.system === 'string' &&
      ['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other'].includes(v.system) &&
      !('type' in v);
    return [
      {
        code,
        system: isContactPoint ? null : str(v.system),
        value_code: str(v.value),
        value_text: lower((v.type as JsonObject | undefined)?.text),
      },
    ];
  }
  return [];
}

const str = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
const lower = (v: unknown): string | null => (typeof v === 'string' ? normalizeString(v) : null);

/** The date-typed choices of a choice element: occurrenceString or effectiveTiming are not dates. */
const DATE_CHOICES = ['DateTime', 'Date', 'Instant', 'Period'];

/** 'occurrence[x]' → the date-typed choices occurrenceDateTime, occurrenceDate, occurrenceInstant, occurrencePeriod. */
export function dateChoicePaths(path: string): string[] {
  const m = /^(.*?)([A-Za-z]+)\[x\](.*)$/.exec(path);
  return m ? DATE_CHOICES.map((t) => `${m[1]}${m[2]}${t}${m[3]}`) : [path];
}

function dateRow(code: string, value: unknown, where: string): IndexRow | undefined {
  if (typeof value === 'string') {
    const r = parseDateRange(value);
    if (!r) throw badRequest(`Invalid date for ${where}: ${value}`, where);
    return { code, date_start: new Date(r.start).toISOString(), date_end: new Date(r.end).toISOString() };
  }
  if (value && typeof value === 'object' && ('start' in value || 'end' in value)) {
    const p = value as { start?: string; end?: string };
    const s = p.start ? parseDateRange(p.start) : undefined;
    const e = p.end ? parseDateRange(p.end) : undefined;
    if ((p.start && !s) || (p.end && !e)) throw badRequest(`Invalid period for ${where}`, where);
    return {
      code,
      date_start: s ? new Date(s.start).toISOString() : '-infinity',
      date_end: e ? new Date(e.end).toISOString() : 'infinity',
    };
  }
  return undefined;
}

/** Every index row of a resource. Throws 400 when an indexed date is not a valid FHIR date. */
/**
 * Index values are bounded prefixes: btree and GIN entries have a size limit (about 2.7 KB), so
 * a long string is indexed by its first MAX_INDEXED_LENGTH characters (searches compare the
 * same prefix of their value), and the resource itself keeps the whole string.
 */
export const MAX_INDEXED_LENGTH = 256;

const BOUNDED_COLUMNS = ['value_string', 'value_exact', 'system', 'value_code', 'value_text', 'ref_target'] as const;

/** The first MAX_INDEXED_LENGTH characters, without splitting a surrogate pair. */
export function indexPrefix(value: string): string {
  if (value.length <= MAX_INDEXED_LENGTH) return value;
  const cut = value.charCodeAt(MAX_INDEXED_LENGTH - 1);
  return value.slice(0, cut >= 0xd800 && cut <= 0xdbff ? MAX_INDEXED_LENGTH - 1 : MAX_INDEXED_LENGTH);
}

/** The search index rows of a resource, their text values bounded. */
export function extractIndexRows(resource: Record<string, unknown>): IndexRow[] {
  const rows = extractAllIndexRows(resource);
  for (const row of rows) {
    for (const column of BOUNDED_COLUMNS) {
      const v = row[column];
      if (typeof v === 'string' && v.length > MAX_INDEXED_LENGTH) row[column] = indexPrefix(v);
    }
  }
  return rows;
}

/** The values a parameter reads from a resource: its paths, a date's typed choices, a telecom's system. */
function parameterValues(resource: Record<string, unknown>, details: SearchParameterDetails): unknown[] {
  const paths = details.type === 'date' ? details.paths.flatMap(dateChoicePaths) : details.paths;
  const values = paths.flatMap((path) => getPathValues(resource, path));
  if (!details.telecomSystem) return values;
  // email and phone: the value of each ContactPoint of that system, as a plain token.
  return values.flatMap((v) => {
    const point = v as { system?: unknown; value?: unknown };
    return point?.system === details.telecomSystem && typeof point.value === 'string' ? [point.value] : [];
  });
}

/** The reference a value holds (a Reference or a canonical string). */
function referenceText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const ref = (value as { reference?: unknown } | null)?.reference;
  return typeof ref === 'string' ? ref : undefined;
}

/** False when a literal reference names a type the parameter does not allow (Appointment.patient holds Patients only). */
function allowedTarget(details: SearchParameterDetails, target: string): boolean {
  if (!details.targets) return true;
  const slash = target.indexOf('/');
  // A canonical URL or a urn is not Type/id: the type cannot be told, so it stays.
  if (slash < 0 || target.includes(':')) return true;
  return details.targets.includes(target.slice(0, slash));
}

function extractAllIndexRows(resource: Record<string, unknown>): IndexRow[] {
  const rows: IndexRow[] = [];
  const type = String(resource.resourceType);
  for (const { code, details } of indexedParameters(type)) {
    const where = `${type}.${details.paths.join('|')}`;
    for (const value of parameterValues(resource, details)) {
      switch (details.type) {
        case 'string':
          for (const s of stringValues(value)) rows.push({ code, value_string: normalizeString(s), value_exact: s });
          break;
        case 'token':
          rows.push(...tokenRows(code, value));
          break;
        case 'reference': {
          const ref = referenceText(value);
          if (!ref) break;
          const target = normalizeReference(ref);
          if (allowedTarget(details, target)) rows.push({ code, ref_target: target, value_exact: ref });
          break;
        }
        case 'date': {
          const row = dateRow(code, value, where);
          if (row) rows.push(row);
          break;
        }
        case 'number':
          if (typeof value === 'number') rows.push({ code, num_value: value });
          break;
        case 'quantity': {
          const q = value as { value?: unknown; system?: unknown; code?: unknown; unit?: unknown } | null;
          if (q && typeof q.value === 'number') {
            rows.push({
              code,
              num_value: q.value,
              system: str(q.system),
              value_code: str(q.code ?? q.unit),
              value_text: lower(q.unit),
            });
          }
          break;
        }
        case 'uri':
          if (typeof value === 'string') rows.push({ code, value_exact: value });
          break;
      }
    }
  }
  return rows;
}

// ---- exact-match keys (resources.search_keys, GIN) ----------------------------------------
//
// Every token and reference value of a resource also becomes a string key, so an equality
// search is one lookup in resources_search_keys_idx. A key starts with the resource type and
// the parameter code; then:
//   token, any system:    'Observation/code:8867-4'                  (code=8867-4)
//   token with system:    'Observation/code=http://loinc.org|8867-4' (code=http://loinc.org|8867-4)
//   token without system: 'Observation/code=|8867-4'                 (code=|8867-4)
//   token, any code:      'Observation/code=http://loinc.org|'       (code=http://loinc.org|)
//   reference:            'Observation/subject>Patient/123'          (subject=Patient/123)
// A '|' or '\' inside a system is escaped, so a system never runs into the code after it.

const escapeSystem = (system: string) => system.replace(/[\\|]/g, (c) => '\\' + c);

/** The key of a token search value ('code', 'system|code', '|code' or 'system|'). */
export function tokenKey(type: string, code: string, system: string | null | undefined, value: string | null): string {
  if (system === undefined) return `${type}/${code}:${value}`;
  return `${type}/${code}=${system === null ? '' : escapeSystem(system)}|${value ?? ''}`;
}

/** The key of a reference search value ('Patient/123'). */
export function referenceKey(type: string, code: string, target: string): string {
  return `${type}/${code}>${target}`;
}

/** The type of a parameter, by code, for the keys (the index rows carry only the code). */
function paramTypeOf(type: string, code: string): SearchParameterDetails['type'] | undefined {
  return searchParameter(type, code)?.type;
}

/** The search_keys of a resource, from its index rows (sorted, without duplicates). */
export function searchKeys(type: string, rows: IndexRow[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) {
    const kind = paramTypeOf(type, row.code);
    if (kind === 'reference') {
      if (row.ref_target) keys.add(referenceKey(type, row.code, row.ref_target));
    } else if (kind === 'token') {
      const system = row.system ?? null;
      const value = row.value_code ?? null;
      if (value !== null) {
        keys.add(tokenKey(type, row.code, undefined, value));
        keys.add(tokenKey(type, row.code, system, value));
      }
      if (system !== null) keys.add(tokenKey(type, row.code, system, null));
    }
  }
  return [...keys].sort();
}
