// The fields of a resource type as a form needs them, read from a StructureDefinition's snapshot
// (the server's definitions, asked for through GraphQL or
// StructureDefinition/$expand-profile). Pure data: FhirClient fetches, ResourceForm renders.
import { throwError } from './outcomes';
import type { ElementDefinition, SearchParameter, StructureDefinition } from './types';

/** The text of an answer without the definition's type. */
export const SCHEMA_TYPE_MISSING = 'StructureDefinition type missing';
/** The text of an answer that holds no definition for the type or profile asked for. */
export const SCHEMA_NOT_FOUND = 'StructureDefinition not found';

/** One element of a type: where it sits, how many values it takes, its types and binding. */
export interface ElementSchema {
  /** The element path, e.g. 'Patient.contact.name' or 'Observation.value[x]'. */
  readonly path: string;
  readonly min: number;
  /** The most values it takes; `Infinity` for '*'. */
  readonly max: number;
  /** Its data types; a choice element (`value[x]`) has several. */
  readonly types: readonly { readonly code: string; readonly targetProfile?: readonly string[] }[];
  readonly binding?: { readonly strength?: string; readonly valueSet?: string };
  /** The short description (a field's hint). */
  readonly short?: string;
  /** For an element defined elsewhere in the type ('#Questionnaire.item'), that element's path. */
  readonly contentReference?: string;
}

/** A type's fields (and, from GraphQL, its search parameters). */
export interface TypeSchema {
  /** The type's name, e.g. 'Patient'. */
  readonly name: string;
  /** The type it constrains; the name for a base definition. */
  readonly type: string;
  readonly url?: string;
  readonly kind?: string;
  readonly description?: string;
  /** Every element of the snapshot below the root, in order. */
  readonly elements: readonly ElementSchema[];
  /** Search parameters whose base is the type (GraphQL, at most 100). */
  readonly searchParameters: readonly Pick<SearchParameter, 'code' | 'type' | 'expression' | 'target' | 'base'>[];
}

function elementSchema(e: ElementDefinition): ElementSchema {
  return {
    path: e.path,
    min: e.min ?? 0,
    max: e.max === undefined || e.max === '*' ? Infinity : Number(e.max),
    types: (e.type ?? []).map((t) => ({
      // FHIRPath primitives (System.String) stand for the FHIR primitive of an id or extension url.
      code: t.code.startsWith('http://hl7.org/fhirpath/System.') ? 'string' : t.code,
      ...(t.targetProfile?.length ? { targetProfile: t.targetProfile } : {}),
    })),
    ...(e.binding ? { binding: { strength: e.binding.strength, valueSet: e.binding.valueSet } } : {}),
    ...(e.short ? { short: e.short } : {}),
    ...(e.contentReference ? { contentReference: e.contentReference.replace(/^.*#/, '') } : {}),
  };
}

/**
 * The schema of a StructureDefinition. Throws 'StructureDefinition type missing' when the
 * definition has no type (nothing to build a form for).
 */
export function parseStructureDefinition(
  sd: Partial<StructureDefinition> | undefined,
  searchParameters: TypeSchema['searchParameters'] = []
): TypeSchema {
  if (!sd?.type) throwError(SCHEMA_TYPE_MISSING, 'invalid');
  const [root, ...rest] = sd.snapshot?.element ?? [];
  return {
    name: sd.name ?? sd.type,
    type: sd.type,
    ...(sd.url ? { url: sd.url } : {}),
    ...(sd.kind ? { kind: sd.kind } : {}),
    ...(sd.description ? { description: sd.description } : {}),
    elements: (root?.path.includes('.') ? [root, ...rest] : rest).map(elementSchema),
    searchParameters,
  };
}

/**
 * The direct children of an element: `parentPath` 'Patient' gives name, telecom, contact...
 * (for an element with a contentReference, ask for the children of the element it names).
 */
export function childElements(schema: TypeSchema, parentPath: string): ElementSchema[] {
  const prefix = parentPath + '.';
  return schema.elements.filter((e) => e.path.startsWith(prefix) && !e.path.includes('.', prefix.length));
}

/** The element name of a path, without a choice's `[x]`: 'Observation.value[x]' gives 'value'. */
export function elementName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1).replace(/\[x\]$/, '');
}
