// src/fhir: pure data helpers. Each module adds its exports here.
export * from './types';
export * from './outcomes';
export * from './references';
export * from './dates';
export * from './display';
export * from './status';
export * from './search-parameters';
export * from './search';
export * from './match';
export * from './access-policy';
export * from './answers';
export * from './vitals';
export * from './timing';
export * from './format';
export * from './diagnostic-report';
export * from './vital-observations';
