// Type-level tests: tsc checks them (npm run typecheck); vitest runs them as no-ops.
import { describe, expectTypeOf, it } from 'vitest';
import type { Observation, Patient, Reference, Resource } from '../../fhir';
import type { Reference as MainEntryReference } from '../../index';
import { useResource, useResourceState, type ResourceOfReference } from './useResource';

// Never called (expectTypeOf only reads their types): hooks in name so the lint rules hold.
declare const anyString: string;
declare const plainReference: Reference;
declare const observationReference: Reference<Observation>;

const useProbeLiteral = () => useResource('Patient/1');
const useProbeTypedReference = () => useResource(observationReference);
const useProbeExplicit = () => useResource<Patient>(plainReference);
const useProbePlain = () => useResource(plainReference);
const useProbeAnyString = () => useResource(anyString);
const useProbeResource = () => useResource({ resourceType: 'Patient', id: '1' } as Patient);
const useProbeState = () => useResourceState('Patient/1');

describe('useResource types', () => {
  it('infers the resource from a reference string literal', () => {
    expectTypeOf(useProbeLiteral).returns.toEqualTypeOf<Patient | undefined>();
    expectTypeOf<ResourceOfReference<'Observation/x/_history/2'>>().toEqualTypeOf<Observation>();
  });

  it('infers the resource from Reference<T>', () => {
    expectTypeOf(useProbeTypedReference).returns.toEqualTypeOf<Observation | undefined>();
  });

  it('keeps the existing forms: an explicit type, a plain Reference, any string', () => {
    expectTypeOf(useProbeExplicit).returns.toEqualTypeOf<Patient | undefined>();
    expectTypeOf(useProbePlain).returns.toEqualTypeOf<Resource | undefined>();
    expectTypeOf(useProbeAnyString).returns.toEqualTypeOf<Resource | undefined>();
    expectTypeOf(useProbeResource).returns.toEqualTypeOf<Patient | undefined>();
  });

  it('types useResourceState the same way', () => {
    expectTypeOf(useProbeState).returns.toHaveProperty('data').toEqualTypeOf<Patient | undefined>();
  });

  it('exports Reference<T> from the main entry, distinct per resource type', () => {
    expectTypeOf<MainEntryReference<Patient>>().toEqualTypeOf<Reference<Patient>>();
    expectTypeOf<Reference<Observation>>().not.toMatchTypeOf<Reference<Patient>>();
    // Any R4 Reference (a resource's field) is a Reference<T>; the type parameter is compile-time only.
    expectTypeOf<{ reference: string }>().toMatchTypeOf<Reference<Patient>>();
  });
});
