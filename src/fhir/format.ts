// Human text for the FHIR datatypes display.ts does not cover (Reference, Meta, Extension,
// Annotation, ContactPoint, Attachment, the primitives) and one dispatcher, formatTypedValue,
// that formats any value by its FHIR type name. Like display.ts, nothing here throws on odd data.

import { formatDate, formatDateTime, formatTime } from './dates';
import {
  defaultBooleanWords,
  formatAddress,
  formatCodeableConcept,
  formatCoding,
  formatHumanName,
  formatIdentifier,
  formatPeriod,
  formatQuantity,
  formatRange,
  formatRatio,
  type BooleanWords,
} from './display';
import { formatDosage, formatTiming } from './timing';
import type {
  Address,
  Annotation,
  Attachment,
  CodeableConcept,
  Coding,
  ContactPoint,
  Dosage,
  Extension,
  HumanName,
  Identifier,
  Meta,
  Period,
  Quantity,
  Range,
  Ratio,
  Reference,
  Timing,
} from './types';

/** A boolean as people read it: 'Yes' or 'No', or the `words` given. */
export function formatBoolean(value: boolean | undefined, words: BooleanWords = defaultBooleanWords): string {
  return value === undefined ? '' : value ? words.yes : words.no;
}

/** A decimal or integer through Intl.NumberFormat; every digit the value has is kept. */
export function formatNumber(value: number | undefined, locales?: Intl.LocalesArgument): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locales, { maximumFractionDigits: 20 }).format(value);
}

/** A byte count as text: '512 B', '12 KB', '3.4 MB'. */
export function formatBytes(bytes: number | undefined, locales?: Intl.LocalesArgument): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locales, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** A Reference as text: its display, else the reference string, else its identifier. */
export function formatReference(reference: Reference | undefined): string {
  if (!reference) return '';
  return reference.display?.trim() || reference.reference?.trim() || formatIdentifier(reference.identifier);
}

/** A ContactPoint as text: `555-0100 (home phone)`. */
export function formatContactPoint(contact: ContactPoint | undefined): string {
  if (!contact?.value) return '';
  const kind = [contact.use, contact.system].filter(Boolean).join(' ');
  return kind ? `${contact.value} (${kind})` : contact.value;
}

/** An Annotation as text: `Take with food. (Dr. Hibbert, May 1, 2024)`. */
export function formatAnnotation(annotation: Annotation | undefined, locales?: Intl.LocalesArgument): string {
  if (!annotation?.text) return '';
  const author = annotation.authorString ?? formatReference(annotation.authorReference);
  const time = formatDateTime(annotation.time, locales);
  const by = [author, time].filter(Boolean).join(', ');
  return by ? `${annotation.text} (${by})` : annotation.text;
}

/** The name an Attachment goes by: its title, else the last segment of its URL, else 'Attachment'. */
export function getAttachmentName(attachment: Attachment | undefined): string {
  if (attachment?.title?.trim()) return attachment.title.trim();
  const url = attachment?.url;
  if (url && !url.startsWith('data:')) {
    const last = url.split('?')[0].split('/').pop();
    if (last) return last;
  }
  return 'Attachment';
}

/** An Attachment as text: `report.pdf (application/pdf, 12 KB)`. */
export function formatAttachment(attachment: Attachment | undefined, locales?: Intl.LocalesArgument): string {
  if (!attachment) return '';
  const details = [attachment.contentType, formatBytes(attachment.size, locales)].filter(Boolean).join(', ');
  const name = getAttachmentName(attachment);
  return details ? `${name} (${details})` : name;
}

/** Meta as text: `Version 3, last updated May 1, 2024, 10:00 AM`, plus its tags. */
export function formatMeta(meta: Meta | undefined, locales?: Intl.LocalesArgument): string {
  if (!meta) return '';
  const parts: string[] = [];
  if (meta.versionId) parts.push(`Version ${meta.versionId}`);
  const updated = formatDateTime(meta.lastUpdated, locales);
  if (updated) parts.push(`${parts.length ? 'last' : 'Last'} updated ${updated}`);
  const tags = (meta.tag ?? []).map((t) => formatCoding(t)).filter(Boolean);
  if (tags.length) parts.push(`tags: ${tags.join(', ')}`);
  return parts.join(', ');
}

/** The value[x] of an element (Extension, Observation, answer): its type name and value, or undefined. */
export function getTypedValue(
  element: object | undefined,
  prefix = 'value'
): { type: string; value: unknown } | undefined {
  if (!element) return undefined;
  for (const [key, value] of Object.entries(element)) {
    if (key.length > prefix.length && key.startsWith(prefix) && value !== undefined) {
      const rest = key.slice(prefix.length);
      if (rest[0] >= 'A' && rest[0] <= 'Z') return { type: rest[0].toLowerCase() + rest.slice(1), value };
    }
  }
  return undefined;
}

/** The readable name of an extension: the last segment of its URL in sentence case ('patient-birthPlace' → 'Patient birth place'). */
export function getExtensionName(url: string | undefined): string {
  const last = (url ?? '').split('/').pop() ?? '';
  const words = last
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

/** An Extension as text: `Birth Place: Springfield, IL`; nested extensions are joined with '; '. */
export function formatExtension(
  extension: Extension | undefined,
  locales?: Intl.LocalesArgument,
  words?: BooleanWords
): string {
  if (!extension) return '';
  const name = getExtensionName(extension.url);
  const typed = getTypedValue(extension);
  const value = typed
    ? formatTypedValue(typed.type, typed.value, locales, words)
    : (extension.extension ?? [])
        .map((e) => formatExtension(e, locales, words))
        .filter(Boolean)
        .join('; ');
  if (!value) return name;
  return name ? `${name}: ${value}` : value;
}

/** The FHIR types formatTypedValue knows; any other type name answers undefined. */
export const FORMATTED_TYPES = [
  'boolean',
  'integer',
  'positiveInt',
  'unsignedInt',
  'integer64',
  'decimal',
  'string',
  'markdown',
  'code',
  'id',
  'uri',
  'url',
  'canonical',
  'oid',
  'uuid',
  'base64Binary',
  'date',
  'dateTime',
  'instant',
  'time',
  'Address',
  'Annotation',
  'Attachment',
  'CodeableConcept',
  'Coding',
  'ContactPoint',
  'Dosage',
  'Extension',
  'HumanName',
  'Identifier',
  'Meta',
  'Money',
  'Period',
  'Quantity',
  'Age',
  'Count',
  'Distance',
  'Duration',
  'SimpleQuantity',
  'Range',
  'Ratio',
  'Reference',
  'Timing',
] as const;

// Pure: an import that never formats (FhirClient alone, say) drops the list with the set.
const KNOWN = /* @__PURE__ */ new Set<string>(FORMATTED_TYPES);

/** True when formatTypedValue knows the type (case of the first letter ignored, as in value[x] names). */
export function isFormattedType(type: string): boolean {
  return KNOWN.has(type) || KNOWN.has(type.charAt(0).toUpperCase() + type.slice(1));
}

/**
 * Any value as text by its FHIR type name ('dateTime', 'Quantity', 'quantity' from valueQuantity);
 * booleans read 'Yes'/'No' or the `words` given. Answers undefined for a type it does not know,
 * so a view can say so rather than guess.
 */
export function formatTypedValue(
  type: string,
  value: unknown,
  locales?: Intl.LocalesArgument,
  words?: BooleanWords
): string | undefined {
  if (value === undefined || value === null) return '';
  const t = KNOWN.has(type) ? type : type.charAt(0).toUpperCase() + type.slice(1);
  switch (t) {
    case 'boolean':
      return typeof value === 'boolean' ? formatBoolean(value, words) : '';
    case 'integer':
    case 'positiveInt':
    case 'unsignedInt':
    case 'integer64':
    case 'decimal':
      return typeof value === 'number' ? formatNumber(value, locales) : String(value);
    case 'date':
      return formatDate(String(value), locales) || String(value);
    case 'dateTime':
    case 'instant':
      return formatDateTime(String(value), locales) || String(value);
    case 'time':
      return formatTime(String(value), locales) || String(value);
    case 'Address':
      return formatAddress(value as Address);
    case 'Annotation':
      return formatAnnotation(value as Annotation, locales);
    case 'Attachment':
      return formatAttachment(value as Attachment, locales);
    case 'CodeableConcept':
      return formatCodeableConcept(value as CodeableConcept);
    case 'Coding':
      return formatCoding(value as Coding);
    case 'ContactPoint':
      return formatContactPoint(value as ContactPoint);
    case 'Dosage':
      return formatDosage(value as Dosage, locales);
    case 'Extension':
      return formatExtension(value as Extension, locales, words);
    case 'HumanName':
      return formatHumanName(value as HumanName);
    case 'Identifier':
      return formatIdentifier(value as Identifier);
    case 'Meta':
      return formatMeta(value as Meta, locales);
    case 'Money': {
      const money = value as { value?: number; currency?: string };
      if (typeof money.value !== 'number') return '';
      return money.currency
        ? new Intl.NumberFormat(locales, { style: 'currency', currency: money.currency }).format(money.value)
        : formatNumber(money.value, locales);
    }
    case 'Period':
      return formatPeriod(value as Period, locales);
    case 'Quantity':
    case 'Age':
    case 'Count':
    case 'Distance':
    case 'Duration':
    case 'SimpleQuantity':
      return formatQuantity(value as Quantity);
    case 'Range':
      return formatRange(value as Range);
    case 'Ratio':
      return formatRatio(value as Ratio);
    case 'Reference':
      return formatReference(value as Reference);
    case 'Timing':
      return formatTiming(value as Timing, locales);
    default:
      // The string-like primitives (string, code, uri, url, markdown, id, oid, uuid, canonical, base64Binary).
      return KNOWN.has(t) ? String(value) : undefined;
  }
}
