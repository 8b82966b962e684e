import { throwError } from './outcomes';
import type { Reference, Resource } from './types';

/** A resource or a reference to one. */
export type ResourceOrReference = Resource | Reference;

/** A reference to a resource, with its display text when the resource has one. */
export function createReference<T extends Resource>(resource: T, display?: string): Reference {
  const reference = getReferenceString(resource);
  return display ? { reference, display } : { reference };
}

/** The `Type/id` string of a resource, or the reference string of a reference. */
export function getReferenceString(value: ResourceOrReference): string {
  if (isReference(value)) return value.reference;
  return `${(value as Resource).resourceType}/${(value as Resource).id ?? ''}`;
}

/** True when the value is a Reference with a string reference. */
export function isReference(value: unknown): value is Reference & { reference: string } {
  return typeof value === 'object' && value !== null && typeof (value as Reference).reference === 'string';
}

/** True when the value looks like a resource (has a string resourceType). */
export function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && typeof (value as Resource).resourceType === 'string';
}

/**
 * Splits a reference into resource type and id.
 * Throws 'Missing reference' when there is none and 'Invalid reference' when it is not `Type/id`.
 */
export function parseReference(reference: Reference | string | undefined): [resourceType: string, id: string] {
  const text = typeof reference === 'string' ? reference : reference?.reference;
  if (typeof text !== 'string' || text === '') throwError('Missing reference', 'invalid');
  let path = text.split('/_history/')[0];
  // An absolute reference names Type/id as its last two path segments.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) path = path.split('/').slice(-2).join('/');
  const parts = path.split('/');
  if (parts.length !== 2 || !/^[A-Z][A-Za-z]*$/.test(parts[0]) || !/^[A-Za-z0-9.-]{1,64}$/.test(parts[1])) {
    throwError('Invalid reference', 'invalid');
  }
  return [parts[0], parts[1]];
}

/** The id of a resource or reference, or undefined when it has none. */
export function resolveId(value: ResourceOrReference | undefined): string | undefined {
  if (!value) return undefined;
  if (isReference(value)) {
    const path = value.reference.split('/_history/')[0].split('?')[0];
    const id = path.split('/').pop();
    return id || undefined;
  }
  return (value as Resource).id;
}

/** The link path of a resource or reference: `/{type}/{id}`; absolute and slash-led references are kept. */
export function getReferenceHref(value: ResourceOrReference): string {
  const reference = getReferenceString(value);
  if (/^([a-z][a-z0-9+.-]*:|\/)/i.test(reference)) return reference;
  return '/' + reference;
}
