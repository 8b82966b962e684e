import type { FhirClient } from '../../client';
import type { Reference, Resource } from '../../fhir';
import { withSignal } from '../primitives/request';

// What useResourceState and useSuspenseResource share: which resource a value names and how
// it is read.

/** A resource, a Reference or a reference string, as the resource hooks take it. */
type ResourceValue = Resource | Reference | string | undefined;

/** Splits a relative literal reference 'Type/id' or 'Type/id/_history/vid'. */
export function parseReference(reference: string): { type: string; id: string; vid?: string } | undefined {
  const match = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/([A-Za-z0-9\-.]{1,64}))?$/.exec(reference);
  return match ? { type: match[1], id: match[2], vid: match[3] } : undefined;
}

export function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && typeof (value as Resource).resourceType === 'string';
}

/**
 * The cache key ('Type/id') of the value, when it names the current version of one resource.
 * A versioned reference names a fixed past version, which the cache does not hold.
 */
export function keyOf(value: ResourceValue): string | undefined {
  if (!value) return undefined;
  if (isResource(value)) return value.id ? `${value.resourceType}/${value.id}` : undefined;
  const reference = typeof value === 'string' ? value : value.reference;
  const parsed = reference ? parseReference(reference) : undefined;
  return parsed && !parsed.vid ? reference : undefined;
}

export function lastUpdated(resource: Resource | undefined): number {
  const time = resource?.meta?.lastUpdated ? Date.parse(resource.meta.lastUpdated) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

/** Reads what a reference string names: a version, a 'Type/id', or anything else through readReference. */
export function readReferenced(
  client: FhirClient,
  refString: string,
  signal: AbortSignal,
  reload: boolean
): Promise<Resource> {
  const parsed = parseReference(refString);
  const options = reload ? { signal, cache: 'reload' as const } : { signal };
  return withSignal<Resource>((signal) => {
    if (parsed?.vid) return client.readVersion(parsed.type as any, parsed.id, parsed.vid, { ...options, signal });
    if (parsed) return client.readResource(parsed.type as any, parsed.id, { ...options, signal });
    return client.readReference({ reference: refString }, { ...options, signal });
  }, signal);
}
