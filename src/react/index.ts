'use client';
// The React entry: provider, hooks, headless hooks and styled components.
// Each component family (src/react/<family>/index.ts) adds one line here.
export * from './FhirProvider';
export * from './hooks';
export { DEFAULT_LOCALE, useLocale } from './locale/LocaleContext';
export * from './display';
export * from './errors';
export * from './notifications';
export * from './questionnaire';
export * from './scheduler';
export * from './auth';
export * from './inputs';
export * from './chat';
