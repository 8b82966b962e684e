// FHIR R4 resource and data types come from @types/fhir (generated from the FHIR spec), so we
// never hand-maintain them. Re-exported here so the rest of the library imports from one place.
export type * from 'fhir/r4';
export type { FhirResource as Resource } from 'fhir/r4';

import type { FhirResource, Meta, Reference } from 'fhir/r4';

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
