// src/fhir: pure data helpers. Each module adds its exports here.
export * from './types';
export * from './outcomes';
