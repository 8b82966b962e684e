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
  errors: string[];
  /** Error texts from a questionnaire-validationError extension of the loaded response; cleared on edit. */
  externalErrors: string[];
  responseExtensions?: Extension[];
  responseId?: string;
  responseRequired?: boolean;
  expressionErrors: Map<string, string>;
  optionsState?: OptionsState;
  /** Identities of options switched off by answerOptionsToggleExpression. */
  disabledOptions?: Set<string>;
  counted: boolean;
  /** Live response item for FHIRPath (%context); questions share one per (parent, def). */
  live: QuestionnaireResponseItem;
  state?: QuestionnaireItemState;
}

/** The form itself: top-level instances and the live response. */
export interface RootNode {
  children: Node[];
  live: QuestionnaireResponse;
}

/** Questions carry answers; groups and display items do not. */
export function isQuestion(def: ItemDef): boolean {
  return def.type !== 'group' && def.type !== 'display';
}
