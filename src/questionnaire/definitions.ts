import type {
  Extension,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponseItemAnswer,
} from '../fhir/types';
import { ITEM_TYPES, toAnswer } from './answers';
import { QuestionnaireUrls } from './constants';
import {
  BUILT_IN_VARIABLES,
  expressionExtension,
  scanExpression,
  variableExtensions,
  type ExpressionInfo,
} from './expressions';
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

const GROUP_CONTROLS = new Set<ItemControl>(['page', 'tab-container', 'gtable', 'table', 'grid']);
const DISPLAY_CONTROLS = new Set<ItemControl>(['help', 'flyover', 'legal', 'lower', 'upper', 'prompt', 'unit']);
const CHOICE_CONTROLS = new Set<ItemControl>([
  'drop-down',
  'check-box',
  'radio-button',
  'autocomplete',
  'multi-select',
]);

function extension(extensions: Extension[] | undefined, url: string): Extension | undefined {
  return extensions?.find((e) => e.url === url);
}

/** The itemControl codes of an item. */
export function itemControlCodes(item: QuestionnaireItem): string[] {
  const coding = extension(item.extension, QuestionnaireUrls.itemControl)?.valueCodeableConcept?.coding;
  return coding ? coding.map((c) => c.code).filter((c): c is string => !!c) : [];
}

/** Resolves the control: a recognised itemControl code for the type, else the type's default. */
export function resolveControl(item: QuestionnaireItem): ItemControl {
  for (const code of itemControlCodes(item) as ItemControl[]) {
    switch (item.type) {
      case 'group':
        if (GROUP_CONTROLS.has(code)) return code;
        break;
      case 'display':
        if (DISPLAY_CONTROLS.has(code)) return code;
        break;
      case 'choice':
      case 'open-choice':
        if (CHOICE_CONTROLS.has(code)) return code;
        break;
      case 'integer':
      case 'decimal':
        if (code === 'slider') return code;
        break;
      case 'boolean':
        if (code === 'check-box' || code === 'radio-button') return code;
        break;
      case 'string':
      case 'text':
        if (code === 'text-box' || code === 'text-area' || code === 'autocomplete') return code;
        break;
    }
  }
  return defaultControl(item);
}

function defaultControl(item: QuestionnaireItem): ItemControl {
  switch (item.type) {
    case 'group':
      return 'group';
    case 'display':
      return 'display';
    case 'boolean':
      return 'boolean';
    case 'decimal':
    case 'integer':
      return 'number';
    case 'date':
      return 'date';
    case 'dateTime':
      return 'dateTime';
    case 'time':
      return 'time';
    case 'text':
      return 'text-area';
    case 'url':
      return 'url';
    case 'choice':
    case 'open-choice':
      // portal.md section 2: a value set without a radio hint uses a searchable picker.
      if (item.answerValueSet && !item.answerOption?.length) return 'autocomplete';
      return item.repeats ? 'check-box' : 'radio-button';
    case 'attachment':
      return 'attachment';
    case 'reference':
      return 'reference';
    case 'quantity':
      return 'quantity';
    default:
      return 'text-box';
  }
}

function boundValue(ext: Extension): number | string | undefined {
  return (
    ext.valueInteger ??
    ext.valueDecimal ??
    ext.valueDate ??
    ext.valueDateTime ??
    ext.valueTime ??
    ext.valueInstant ??
    ext.valueQuantity?.value ??
    undefined
  );
}

const SD = 'http://hl7.org/fhir/StructureDefinition/';

/** Reads the constraint extensions in one pass over the item's extensions (most items have none); the first of each counts. */
function readConstraints(item: QuestionnaireItem): ItemConstraints {
  const c: ItemConstraints = {};
  if (item.maxLength !== undefined) c.maxLength = item.maxLength;
  const seen = new Set<string>();
  for (const ext of item.extension ?? []) {
    const url = ext.url;
    // Lists: every occurrence counts.
    if (url === QuestionnaireUrls.unitOption) {
      if (ext.valueCoding) (c.unitOptions ??= []).push(ext.valueCoding);
      continue;
    }
    if (url === `${SD}mimeType`) {
      (c.mimeTypes ??= []).push(ext.valueCode as string);
      continue;
    }
    if (url === `${SD}questionnaire-referenceResource`) {
      const codes = ext.valueCode ? [ext.valueCode] : (ext.valueCodeableConcept?.coding ?? []).map((x) => x.code);
      for (const code of codes) if (code) (c.referenceResources ??= []).push(code);
      continue;
    }
    if (seen.has(url)) continue;
    seen.add(url);
    switch (url) {
      case QuestionnaireUrls.minLength:
        if (ext.valueInteger !== undefined) c.minLength = ext.valueInteger;
        break;
      case QuestionnaireUrls.regex:
        if (ext.valueString) c.regex = ext.valueString;
        break;
      case QuestionnaireUrls.minValue:
      case QuestionnaireUrls.maxValue: {
        const bound = boundValue(ext);
        if (bound !== undefined) c[url === QuestionnaireUrls.minValue ? 'minValue' : 'maxValue'] = bound;
        break;
      }
      case QuestionnaireUrls.maxDecimalPlaces:
        if (ext.valueInteger !== undefined) c.maxDecimalPlaces = ext.valueInteger;
        break;
      case QuestionnaireUrls.entryFormat:
        if (ext.valueString) c.entryFormat = ext.valueString;
        break;
      case QuestionnaireUrls.minOccurs:
        if (ext.valueInteger !== undefined) c.minOccurs = ext.valueInteger;
        break;
      case QuestionnaireUrls.maxOccurs:
        if (ext.valueInteger !== undefined) c.maxOccurs = ext.valueInteger;
        break;
      case QuestionnaireUrls.unit:
        if (ext.valueCoding) c.unit = ext.valueCoding;
        break;
      case QuestionnaireUrls.sliderStepValue:
        c.sliderStepValue = ext.valueInteger ?? ext.valueDecimal;
        break;
      case `${SD}maxSize`:
        c.maxSize = ext.valueDecimal ?? ext.valueInteger;
        break;
    }
  }
  return c;
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

  // Dependency graph: linkId → dependents.
  const dependents = new Map<string, Set<ItemDef>>();
  const dynamic = new Set<ItemDef>();
  const addDependent = (linkId: string, def: ItemDef) => {
    let set = dependents.get(linkId);
    if (!set) dependents.set(linkId, (set = new Set()));
    set.add(def);
  };
  const variablesInScope = (def: ItemDef | undefined): Map<string, VariableDef> => {
    const scope = new Map<string, VariableDef>();
    for (const v of variables) scope.set(v.name, v);
    const chain: ItemDef[] = [];
    for (let d = def; d; d = d.parent) chain.unshift(d);
    for (const d of chain) for (const v of d.variables) scope.set(v.name, v);
    return scope;
  };
  /** linkIds an expression reads, following variables; undefined when it cannot be told. */
  const expressionDeps = (info: ExpressionInfo, def: ItemDef | undefined): Set<string> | undefined => {
    const deps = new Set<string>();
    const seen = new Set<string>();
    const pending: ExpressionInfo[] = [info];
    const scope = variablesInScope(def);
    let isDynamic = false;
    while (pending.length) {
      const current = pending.pop()!;
      if (current.dynamic) isDynamic = true;
      current.linkIds.forEach((l) => deps.add(l));
      for (const name of current.variables) {
        if (seen.has(name)) continue;
        seen.add(name);
        const variable = scope.get(name);
        if (variable) pending.push(variable);
      }
    }
    return isDynamic ? undefined : deps;
  };
  // Edges for cycle detection: def → defs whose answers or enable state it reads.
  const reads = new Map<ItemDef, Set<ItemDef>>();
  const addRead = (def: ItemDef, source: ItemDef) => {
    let set = reads.get(def);
    if (!set) reads.set(def, (set = new Set()));
    set.add(source);
  };
  for (const def of all) {
    for (const { condition, target } of def.enableWhen) {
      if (target) {
        addDependent(condition.question, def);
        addRead(def, target);
      }
    }
    if (!def.enableWhenExpression && !def.calculatedExpression && !def.answerExpression && !def.optionToggles.length)
      continue;
    for (const [info, inCycle] of [
      [def.enableWhenExpression, true],
      [def.calculatedExpression, true],
      [def.answerExpression, false],
      ...def.optionToggles.map((t) => [t.expression, false] as const),
    ] as const) {
      if (!info) continue;
      const deps = expressionDeps(info, def);
      if (!deps) {
        dynamic.add(def);
        continue;
      }
      for (const linkId of deps) {
        addDependent(linkId, def);
        const source = byLinkId.get(linkId);
        if (source && inCycle) addRead(def, source);
      }
    }
  }
  markCycles(all, reads);
  for (const v of [...variables, ...all.flatMap((d) => d.variables)]) {
    for (const name of v.variables) {
      if (!BUILT_IN_VARIABLES.has(name) && name === v.name) issues.push(`Variable '${v.name}' refers to itself.`);
    }
  }
  return { questionnaire, roots, all, byLinkId, variables, dependents, dynamic, hasExpressions, issues };
}

/** Tarjan's strongly connected components; every def in a cycle gets an issue and is marked cyclic. */
function markCycles(all: ItemDef[], reads: Map<ItemDef, Set<ItemDef>>): void {
  let index = 0;
  const indices = new Map<ItemDef, number>();
  const low = new Map<ItemDef, number>();
  const stack: ItemDef[] = [];
  const onStack = new Set<ItemDef>();
  const strongConnect = (root: ItemDef) => {
    // Iterative to survive deep graphs.
    const work: { def: ItemDef; edges: ItemDef[]; i: number }[] = [];
    const push = (def: ItemDef) => {
      indices.set(def, index);
      low.set(def, index);
      index++;
      stack.push(def);
      onStack.add(def);
      work.push({ def, edges: [...(reads.get(def) ?? [])], i: 0 });
    };
    push(root);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.edges.length) {
        const next = frame.edges[frame.i++];
        if (!indices.has(next)) push(next);
        else if (onStack.has(next)) low.set(frame.def, Math.min(low.get(frame.def)!, indices.get(next)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].def;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.def)!));
      }
      if (low.get(frame.def) === indices.get(frame.def)) {
        const component: ItemDef[] = [];
        let member: ItemDef;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.def);
        const selfLoop = component.length === 1 && reads.get(component[0])?.has(component[0]);
        if (component.length > 1 || selfLoop) {
          const names = component.map((d) => d.linkId).reverse();
          const text = `Circular dependency in enableWhen/calculatedExpression: ${[...names, names[0]].join(' → ')}.`;
          for (const def of component) {
            def.cyclic = true;
            def.issues.push(text);
          }
        }
      }
    }
  };
  // A cycle's members all read something: only those can start one.
  for (const def of reads.keys()) if (!indices.has(def)) strongConnect(def);
}
