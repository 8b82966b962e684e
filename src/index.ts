// The framework-free entry: no React, no DOM access at module load.
export * from './fhir';
export * from './client';
export * from './questionnaire';
export * from './scheduler';
// The pseudo-locale's transform alone (no family's texts): an app's own texts in the
// pseudo-locale without the library's English defaults; `fhir-portal-kit/locales/pseudo` has those.
export { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoLocalize, pseudoText } from './locales/pseudo/pseudoLocalize';
