// The definition tree: one ItemDef per questionnaire item (shared by all its repeat instances),
// with its control, constraints, expressions and enableWhen targets resolved, and the
// dependency graph over them (dependency-graph.ts). Built once per store; never changed after.
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItemAnswer } from '../fhir/types';
import { ITEM_TYPES, toAnswer } from './answers';
import { QuestionnaireUrls } from './constants';
import { buildDependencyGraph } from './dependency-graph';
import { expressionExtension, scanExpression, variableExtensions, type ExpressionInfo } from './expressions';
import { readConstraints } from './item-constraints';
import { extension, resolveControl } from './item-control';
import type { ItemDef, VariableDef } from './item-def';

export type { ItemDef, VariableDef } from './item-def';

/** The parsed questionnaire: item definitions, lookups and the dependency graph. */
export interface Definitions {
  questionnaire: Questionnaire;
  roots: ItemDef[];
  all: ItemDef[];
  byLinkId: Map<string, ItemDef>;
  variables: VariableDef[];
  /** linkId → defs whose enable state, calculation or options must be re-evaluated when it changes. */
  dependents: Map<string, Set<ItemDef>>;
  /** Defs with an expression whose dependencies cannot be determined: re-evaluated on every change. */
  dynamic: Set<ItemDef>;
  hasExpressions: boolean;
  /** Form-level load problems. */
  issues: string[];
}

const CHOICE_TYPES = new Set(['choice', 'open-choice']);

/** Parses a Questionnaire into item definitions with load-time issues; never throws. */
export function buildDefinitions(questionnaire: Questionnaire): Definitions {
  const all: ItemDef[] = [];
  const byLinkId = new Map<string, ItemDef>();
  const issues: string[] = [];
  let uid = 0;
  let hasExpressions = false;

  const visit = (items: unknown, parent: ItemDef | undefined, depth: number): ItemDef[] => {
    if (!Array.isArray(items)) return [];
    const defs: ItemDef[] = [];
    const segments = new Set<string>();
    for (const raw of items) {
      if (!raw || typeof raw !== 'object') continue;
      const item = raw as QuestionnaireItem;
      const defIssues: string[] = [];
      let linkId = typeof item.linkId === 'string' && item.linkId ? item.linkId : '';
      if (!linkId) {
        linkId = `__missing-${uid}`;
        defIssues.push('Item has no linkId.');
      } else if (byLinkId.has(linkId)) {
        defIssues.push(`Duplicate linkId '${linkId}'.`);
      }
      let type = item.type as string;
      if (!(ITEM_TYPES as readonly string[]).includes(type)) {
        defIssues.push(`Unknown item type '${String(type)}'; shown as string.`);
        type = 'string';
      }
      const malformed =
        (item.extension !== undefined &&
          !(Array.isArray(item.extension) && item.extension.every((e) => e && typeof e.url === 'string'))) ||
        (item.answerOption !== undefined &&
          !(Array.isArray(item.answerOption) && item.answerOption.every((o) => o && typeof o === 'object'))) ||
        (item.answerValueSet !== undefined && typeof item.answerValueSet !== 'string') ||
        (item.text !== undefined && typeof item.text !== 'string');
      const normalized: QuestionnaireItem =
        type === item.type && linkId === item.linkId && !malformed
          ? item
          : {
              ...item,
              linkId,
              type: type as any,
              extension: Array.isArray(item.extension)
                ? item.extension.filter((e) => e && typeof e.url === 'string')
                : undefined,
              answerOption: Array.isArray(item.answerOption)
                ? item.answerOption.filter((o) => o && typeof o === 'object')
                : undefined,
              answerValueSet: typeof item.answerValueSet === 'string' ? item.answerValueSet : undefined,
              text: typeof item.text === 'string' ? item.text : undefined,
            };
      if (malformed) defIssues.push('Malformed properties were ignored.');
      let segment = linkId.replace(/[/[\]]/g, '_');
      while (segments.has(segment)) segment += `~${uid}`;
      segments.add(segment);
      // Unknown extensions are ignored (the questionnaire keeps them); malformed ones are reported below.
      const isChoice = CHOICE_TYPES.has(type);
      const isQuestion = type !== 'group' && type !== 'display';
      const def: ItemDef = {
        uid: uid++,
        item: normalized,
        linkId,
        segment,
        type: type as QuestionnaireItem['type'],
        parent,
        children: [],
        depth,
        repeatsAsInstances: !!item.repeats && (type === 'group' || (isQuestion && !isChoice)),
        repeatsAsAnswers: !!item.repeats && isChoice,
        ownHidden: extension(normalized.extension, QuestionnaireUrls.hidden)?.valueBoolean === true,
        readOnly: !!item.readOnly,
        control: resolveControl(normalized),
        constraints: readConstraints(normalized),
        enableWhen: Array.isArray(item.enableWhen) ? item.enableWhen.map((condition) => ({ condition })) : [],
        enableBehavior: item.enableBehavior === 'any' ? 'any' : 'all',
        variables: [],
        optionToggles: [],
        issues: defIssues,
        cyclic: false,
      };
      if (!byLinkId.has(linkId)) byLinkId.set(linkId, def);
      all.push(def);
      defs.push(def);
      def.children = visit(item.item, def, depth + 1);
    }
    return defs;
  };
  const roots = visit(questionnaire.item, undefined, 0);
  const linkIds = new Set(byLinkId.keys());

  // Expressions and variables.
  const scan = (expression: { expression?: string } | undefined): ExpressionInfo | undefined => {
    if (typeof expression?.expression !== 'string' || !expression.expression) return undefined;
    hasExpressions = true;
    return scanExpression(expression.expression, linkIds);
  };
  const variables: VariableDef[] = variableExtensions(questionnaire.extension).map((v) => ({
    ...scan(v)!,
    name: v.name!,
  }));
  for (const def of all) {
    const ext = def.item.extension;
    def.enableWhenExpression = scan(expressionExtension(ext, QuestionnaireUrls.enableWhenExpression));
    def.calculatedExpression = scan(expressionExtension(ext, QuestionnaireUrls.calculatedExpression));
    def.initialExpression = scan(expressionExtension(ext, QuestionnaireUrls.initialExpression));
    def.answerExpression = scan(expressionExtension(ext, QuestionnaireUrls.answerExpression));
    for (const toggle of (ext ?? []).filter((e) => e.url === QuestionnaireUrls.answerOptionsToggleExpression)) {
      const parts = Array.isArray(toggle.extension) ? toggle.extension : [];
      const expression = scan(expressionExtension(parts, 'expression'));
      const options = parts
        .filter((p) => p?.url === 'option')
        .map((p) => toAnswer(p))
        .filter((a): a is QuestionnaireResponseItemAnswer => !!a);
      if (expression && options.length) def.optionToggles.push({ options, expression });
    }
    def.variables = variableExtensions(ext).map((v) => ({ ...scan(v)!, name: v.name!, owner: def }));
  }

  // enableWhen targets.
  for (const def of all) {
    for (const entry of def.enableWhen) {
      const question = entry.condition?.question;
      entry.target = typeof question === 'string' ? byLinkId.get(question) : undefined;
      if (!entry.target) def.issues.push(`enableWhen names an unknown item '${String(question)}'.`);
    }
  }

  const graph = buildDependencyGraph(all, byLinkId, variables);
  issues.push(...graph.issues);
  return {
    questionnaire,
    roots,
    all,
    byLinkId,
    variables,
    dependents: graph.dependents,
    dynamic: graph.dynamic,
    hasExpressions,
    issues,
  };
}
