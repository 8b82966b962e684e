'use client';
// The React entry: provider, hooks, headless hooks and styled components.
// Each component family (src/react/<family>/index.ts) adds one line here.
export * from './FhirProvider';
export * from './hooks';
export { DEFAULT_LOCALE, useLocale } from './locale/LocaleContext';
export { LocaleProvider, type LocaleProviderProps } from './locale/LocaleProvider';
export type { LocaleMessages, MessageFamilies, MessageFamily } from './locale/LocaleMessages';
export { useMessages } from './locale/MessagesContext';
export { plural, formatCount } from './locale/plural';
export { localeDirection } from './locale/direction';
export { defaultErrorOutcomeMessages, issueTranslator, type ErrorOutcomeMessages } from './locale/outcomeMessages';
export { useErrorText, useOutcomeMessages } from './locale/useErrorText';
export * from './display';
export * from './errors';
export * from './notifications';
export * from './questionnaire';
export * from './scheduler';
export * from './auth';
export * from './inputs';
export * from './chat';
export * from './offline';
