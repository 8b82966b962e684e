// The framework-free entry: no React, no DOM access at module load.
export * from './fhir';
export * from './client';
export * from './questionnaire';
export * from './scheduler';
