// What a search table's cell shows: the value at a column's path, formatted in the table's locale
// (a date in a <time> element), or the column's own render.
import type { ReactNode } from 'react';
import {
  formatAddress,
  formatCodeableConcept,
  formatDateTime,
  formatHumanName,
  formatNumber,
  formatPeriod,
  formatUnit,
  isValidDateTime,
  type Resource,
} from '../../fhir';

/** A column with its label, path and sort parameter filled in (resolveColumns). */
export interface ResolvedColumn {
  key: string;
  label: string;
  path: string;
  system?: string;
  sort?: string;
  render?: (resource: Resource) => ReactNode;
}

/**
 * The value at a dotted path: the first of a list, or with `system` the first ContactPoint of that
 * system ('phone': a phone number, never the email listed before it).
 */
function valueAtPath(resource: Resource, path: string, system?: string): unknown {
  let value: any = resource;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) value = value[0];
    if (value === null || typeof value !== 'object') return undefined;
    // A choice element (value[x]) is stored under valueQuantity, valueString...
    const key =
      part in value ? part : Object.keys(value).find((k) => k.startsWith(part) && /^[A-Z]/.test(k.slice(part.length)));
    value = key ? value[key] : undefined;
  }
  if (Array.isArray(value) && system) return value.find((v) => v?.system === system);
  if (Array.isArray(value)) return value[0];
  if (system && value?.system !== system) return undefined;
  return value;
}

/** A date or dateTime (a day at least: a bare year could as well be a code), shown as a date. */
function isDateValue(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && isValidDateTime(value);
}

/** A value as text in `locale`: names, concepts, addresses and references formatted, dates and numbers through Intl. */
function formatValue(value: any, locale?: string): string {
  if (value === undefined || value === null) return '';
  if (isDateValue(value)) return formatDateTime(value, locale) || value;
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value !== 'object') return String(value);
  if ('family' in value || 'given' in value) return formatHumanName(value);
  if ('coding' in value || 'text' in value) return formatCodeableConcept(value);
  if ('city' in value || 'line' in value || 'postalCode' in value) return formatAddress(value);
  if ('display' in value || 'reference' in value) return value.display ?? value.reference ?? '';
  if ('start' in value || 'end' in value) return formatPeriod(value, locale);
  if ('value' in value) {
    // A ContactPoint's value is its text; a number is a Quantity's, with its unit as people write it.
    if (typeof value.value !== 'number') return String(value.value ?? '');
    const number = (value.comparator ?? '') + formatNumber(value.value, locale);
    const unit = formatUnit(value);
    return !unit ? number : unit === '%' ? number + unit : `${number} ${unit}`;
  }
  return '';
}

/**
 * The text of the value at a dotted path, formatted in `locale` (dates and numbers): names,
 * concepts, addresses and references formatted; the first of a list, or with `system` the first
 * ContactPoint of that system ('phone': a phone number, never the email listed before it).
 */
export function formatPath(resource: Resource, path: string, system?: string, locale?: string): string {
  return formatValue(valueAtPath(resource, path, system), locale);
}

/** A cell's content: a date in a `<time>` element, so its machine-readable value stays on the page. */
export function cellOf(resource: Resource, column: ResolvedColumn, locale: string): ReactNode {
  if (column.render) return column.render(resource);
  const value = valueAtPath(resource, column.path, column.system);
  const text = formatValue(value, locale);
  return isDateValue(value) && text ? <time dateTime={value}>{text}</time> : text;
}
