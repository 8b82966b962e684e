// src/client/fhircast: FHIRcast hub client and event validation.
export * from '../../fhir/fhircast-events';
export * from './hub-client';
export * from './connection';
