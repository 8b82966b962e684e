import type { Resource } from '../../fhir';

/** One top-level field that differs between the two versions, each side as readable text (undefined: absent). */
export interface ChangedField {
  readonly name: string;
  readonly mine: string | undefined;
  readonly theirs: string | undefined;
}

// What the server stamps or derives, which says nothing about the patient's change.
const IGNORED = new Set(['resourceType', 'id', 'meta', 'text']);

/**
 * A value as a person reads it: a text, a code's display, a quantity with its unit, a reference's
 * display, lists joined; JSON only for shapes none of these fit.
 */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(readableValue).join('; ');
  const v = value as Record<string, unknown>;
  if (typeof v.text === 'string') return v.text;
  if (typeof v.display === 'string') return v.display;
  if (Array.isArray(v.coding)) return readableValue(v.coding);
  if (v.value !== undefined && (v.unit !== undefined || v.code !== undefined))
    return `${readableValue(v.value)} ${readableValue(v.unit ?? v.code)}`;
  if (typeof v.contentString === 'string') return v.contentString;
  if (Array.isArray(v.given) || typeof v.family === 'string')
    return [...((v.given as string[]) ?? []), v.family].filter(Boolean).join(' ');
  if (typeof v.reference === 'string') return v.reference;
  if (typeof v.code === 'string') return v.code;
  return JSON.stringify(value);
}

/** The top-level fields of the two versions that differ, in the local version's order, then the server's. */
export function changedFields(mine: Resource | undefined, theirs: Resource | undefined): ChangedField[] {
  const a = (mine ?? {}) as Record<string, unknown>;
  const b = (theirs ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => !IGNORED.has(name));
  return names
    .filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]))
    .map((name) => ({
      name,
      mine: a[name] === undefined ? undefined : readableValue(a[name]),
      theirs: b[name] === undefined ? undefined : readableValue(b[name]),
    }));
}
