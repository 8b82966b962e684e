// The definition of one questionnaire item as the engine reads it (definitions.ts builds them).
import type { QuestionnaireItem, QuestionnaireItemEnableWhen, QuestionnaireResponseItemAnswer } from '../fhir/types';
import type { ExpressionInfo } from './expressions';
import type { ItemConstraints, ItemControl } from './types';

/** A named variable defined on the questionnaire or an item. */
export interface VariableDef extends ExpressionInfo {
  name: string;
  /** The item that defines it; undefined for questionnaire-level variables. */
  owner?: ItemDef;
}

/** The static, per-questionnaire-item part of the engine (shared by all repeat instances). */
export interface ItemDef {
  uid: number;
  item: QuestionnaireItem;
  linkId: string;
  /** Key segment: the linkId, made unique among siblings when linkIds repeat. */
  segment: string;
  type: QuestionnaireItem['type'];
  parent?: ItemDef;
  children: ItemDef[];
  depth: number;
  /** Repeats as separate instances: repeating groups and repeating non-choice questions. */
  repeatsAsInstances: boolean;
  /** Repeats as several answers in one instance: repeating choice and open-choice. */
  repeatsAsAnswers: boolean;
  ownHidden: boolean;
  readOnly: boolean;
  control: ItemControl;
  constraints: ItemConstraints;
  enableWhen: { condition: QuestionnaireItemEnableWhen; target?: ItemDef }[];
  enableBehavior: 'all' | 'any';
  enableWhenExpression?: ExpressionInfo;
  calculatedExpression?: ExpressionInfo;
  initialExpression?: ExpressionInfo;
  answerExpression?: ExpressionInfo;
  /** answerOptionsToggleExpression: options available only while their expression is true. */
  optionToggles: { options: QuestionnaireResponseItemAnswer[]; expression: ExpressionInfo }[];
  variables: VariableDef[];
  /** Problems found at load. */
  issues: string[];
  /** Part of an enableWhen/calculatedExpression cycle: its conditions and calculation are ignored. */
  cyclic: boolean;
}
