// FHIR R4 resource and data types come from @types/fhir (generated from the FHIR spec), so we
// never hand-maintain them. Re-exported here so the rest of the library imports from one place.
export type * from 'fhir/r4';
export type { FhirResource as Resource } from 'fhir/r4';

import type { FhirResource, Meta, Reference as R4Reference } from 'fhir/r4';

declare const referencedType: unique symbol;

/**
 * A FHIR Reference that says what it points to (`Reference<Patient>`), as @medplum/fhirtypes' does.
 * The type parameter exists only for the compiler (hooks such as useResource infer the resource
 * from it); the JSON is a plain R4 Reference, and any R4 Reference is a `Reference`.
 */
// `reference` stays a string: an absolute URL, '#contained' or 'urn:uuid:…' is as valid as 'Patient/1'.
export type Reference<T extends FhirResource = FhirResource> = R4Reference & { readonly [referencedType]?: T };

/** Any R4 resource type name. */
export type ResourceType = FhirResource['resourceType'];

/** The resource type for a resource type name. */
export type ExtractResource<K extends ResourceType> = Extract<FhirResource, { resourceType: K }>;

/** Meta with the extra fields the platform's server adds. */
export type ExtendedMeta = Meta & {
  project?: string;
  author?: Reference;
  onBehalfOf?: Reference;
  account?: Reference;
  accounts?: Reference[];
  compartment?: Reference[];
};
