import type { Extension, QuestionnaireResponse, QuestionnaireResponseItem } from '../fhir/types';
import type { ItemDef } from './definitions';
import type { AnswerOptionView, QuestionnaireAnswer, QuestionnaireItemState } from './types';

/** Options of a choice item instance as last loaded or computed. */
export interface OptionsState {
  options: AnswerOptionView[];
  loading: boolean;
  error?: string;
  truncated: boolean;
}

/** One instance of an item (each repeat is its own node): the engine's mutable state. */
export interface Node {
  key: string;
  def: ItemDef;
  parent: Node | undefined;
  children: Node[];
  childKeys: readonly string[];
  answers: QuestionnaireAnswer[];
  /** Set by the user or a loaded response: kept in the response even when empty (cleared choices). */
  touched: boolean;
  ownEnabled: boolean;
  enabled: boolean;
  hidden: boolean;
  errors: readonly string[];
  /** Error texts from a questionnaire-validationError extension of the loaded response; cleared on edit. */
  externalErrors: readonly string[];
  responseExtensions?: Extension[];
  responseId?: string;
  responseRequired?: boolean;
  /** Failed expressions of this instance by kind; created on the first failure. */
  expressionErrors?: Map<string, string>;
  optionsState?: OptionsState;
  /** The latest reference search; results of an earlier one are dropped. */
  searchSeq?: number;
  /** An attachment upload running, or why the last one failed. */
  upload?: { uploading?: boolean; error?: string };
  /** Identities of options switched off by answerOptionsToggleExpression. */
  disabledOptions?: Set<string>;
  counted: boolean;
  /** Live response item for FHIRPath (%context); questions share one per (parent, def). Kept only when the questionnaire has expressions. */
  live?: QuestionnaireResponseItem;
  state?: QuestionnaireItemState;
}

/** The form itself: top-level instances and the live response. */
export interface RootNode {
  children: Node[];
  live: QuestionnaireResponse;
}

/** A shared empty list, for the many nodes that have no errors, children or issues. */
export const NONE: readonly never[] = Object.freeze([]);

/** Questions carry answers; groups and display items do not. */
export function isQuestion(def: ItemDef): boolean {
  return def.type !== 'group' && def.type !== 'display';
}
