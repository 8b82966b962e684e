// src/client/fhircast: FHIRcast hub client and event validation.
export * from './events';
export * from './hub-client';
export * from './connection';
