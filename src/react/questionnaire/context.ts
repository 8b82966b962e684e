import { createContext, useContext } from 'react';
import type { QuestionnaireStore } from '../../questionnaire';
import type { Reference } from '../../fhir';
import type { QuestionnaireFormMessages } from './messages';

/** What every item of one form shares: the engine, texts, heading level and search context. */
export interface QuestionnaireFormContextValue {
  store: QuestionnaireStore;
  messages: QuestionnaireFormMessages;
  /** Locale of the dates and numbers an item shows (the form's `locale`, else the provider's or browser's). */
  locale: string;
  /** Heading level of the form's top-level groups. */
  headingLevel: number;
  subject?: Reference;
  encounter?: Reference;
  /** Prefix for element ids, unique per form. */
  idPrefix: string;
  /** Id of the <form> every control names in its form attribute (the controls are not inside it). */
  formId: string;
  /** A submit was attempted: every error shows, touched or not. */
  submitAttempted: boolean;
}

export const QuestionnaireFormContext = /* @__PURE__ */ createContext<QuestionnaireFormContextValue | undefined>(
  undefined
);

/** The enclosing form's shared values; items render only inside a QuestionnaireForm. */
export function useQuestionnaireFormContext(): QuestionnaireFormContextValue {
  const value = useContext(QuestionnaireFormContext);
  if (!value) throw new Error('Questionnaire items must be rendered inside <QuestionnaireForm>.');
  return value;
}

/** The start of every DOM id of an item instance: the form's prefix and the key (which contains '/', '[' and ']') made safe. */
export function itemIdStem(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}-`;
}

/** A DOM id for an item instance key. */
export function itemId(prefix: string, key: string, part = 'input'): string {
  return itemIdStem(prefix, key) + part;
}
