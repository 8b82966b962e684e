// A resource as the server stores it. The library's `Resource` is the union of the FHIR R4
// types; the server also stores its account records (User, Login, ...), and it reads only a few
// elements of any resource itself (id, meta, the compartment references), so storage code works
// on this open shape and narrows an element when it reads one.

/** The meta elements the server writes and reads. */
export interface StoredMeta {
  versionId?: string;
  lastUpdated?: string;
  /** Who wrote the version ('Patient/1'); a patient reaches the Binary and Subscriptions they wrote. */
  author?: { reference?: string };
  /** The project the resource belongs to (its data partition). */
  project?: string;
}

/** Any stored resource: a FHIR resource or an account record, elements as JSON. */
export interface StoredResource {
  resourceType: string;
  id?: string;
  meta?: StoredMeta;
  [element: string]: unknown;
}

/** A stored resource with its id, as every row holds it. */
export type StoredRow = StoredResource & { id: string };

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reference text of a Reference-like value ('Patient/1'), else undefined. */
export function referenceOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const ref = isJsonObject(value) ? value.reference : undefined;
  return typeof ref === 'string' ? ref : undefined;
}
