import type {
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
  Signature,
  ValueSet,
} from '../fhir/types';
import {
  allowedValueKeys,
  answerIdentity,
  answerValueKey,
  coerceAnswer,
  hasValue,
  resultsToAnswers,
  toAnswer,
} from './answers';
import { evaluateEnableWhen } from './enable-when';
import { defaultQuestionnaireMessages, QuestionnaireUrls, type QuestionnaireMessages } from './constants';
import { buildDefinitions, type Definitions, type ItemDef, type VariableDef } from './definitions';
import { loadFhirPath, type CompiledFhirPath, type ExpressionInfo, type FhirPathEngine } from './expressions';
import { optionsFromAnswerOptions, optionsFromExpansion, optionsFromResults } from './options';
import type {
  QuestionnaireAnswer,
  QuestionnaireFormState,
  QuestionnaireItemState,
  QuestionnairePage,
  QuestionnaireStoreOptions,
  QuestionnaireValidationError,
} from './types';
import { isQuestion, NONE, type Node, type OptionsState, type RootNode } from './nodes';
import { buildResponseItems } from './response';
import { validateAnswers } from './validation';

type Listener = () => void;

/** A list from untrusted input: the value when it is an array, else empty. */
const asList = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** The headless questionnaire engine; see createQuestionnaireStore. */
export interface QuestionnaireStore {
  /** Resolves once expressions have been evaluated (at once when there are none). */
  readonly ready: Promise<void>;
  /** Subscribes to any change; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** A subscribe function for one item, stable per key, for useSyncExternalStore. */
  subscribeItem(key: string): (listener: Listener) => () => void;
  /** The item's snapshot; the same object until that item changes. Undefined for an unknown key. */
  getItemState(key: string): QuestionnaireItemState | undefined;
  /** Form-level snapshot; the same object until something form-level changes. */
  getFormState(): QuestionnaireFormState;
  /** Every instance key in questionnaire order (enabled or not). */
  getKeys(): string[];
  /** Keys of the instances of a linkId. */
  findKeys(linkId: string): string[];
  /** Replaces the answers of an item instance. Returns false for an unknown key or a display/group item. */
  setAnswers(key: string, answers: readonly QuestionnaireAnswer[]): boolean;
  /** Sets one answer (or clears with undefined). */
  setAnswer(key: string, answer: QuestionnaireAnswer | undefined): boolean;
  /** Adds a repeat instance after the last instance of the item `key` is an instance of. Returns the new key. */
  addRepeat(key: string): string | undefined;
  /** Removes a repeat instance (not below one, or minOccurs). */
  removeRepeat(key: string): boolean;
  /** Loads the options of a value-set item through expandValueSet. */
  loadOptions(key: string, filter?: string): Promise<void>;
  /** Moves to the next page if the current one is valid; returns whether it moved. */
  nextPage(): boolean;
  backPage(): boolean;
  goToPage(index: number): void;
  /** Sets the drawn signature (base64 image data). */
  setSignature(dataBase64: string, who?: Reference): void;
  clearSignature(): void;
  /** Marks a submit attempt (shows the signature error) and returns all errors. */
  attemptSubmit(): QuestionnaireValidationError[];
  /** All current errors, signature included. */
  validate(): QuestionnaireValidationError[];
  /**
   * Builds the QuestionnaireResponse: status completed and authored now (a submit), or with
   * `{ status: 'in-progress' }` the draft of a form still being filled, without authored.
   */
  buildResponse(options?: { status?: 'completed' | 'in-progress' }): QuestionnaireResponse;
}

/** A calculated quantity takes the item's questionnaire-unit when the expression gave a bare number. */
function withUnit(def: ItemDef, answers: QuestionnaireAnswer[]): QuestionnaireAnswer[] {
  const unit = def.constraints.unit ?? def.constraints.unitOptions?.[0];
  if (def.type !== 'quantity' || !unit) return answers;
  return answers.map((a) =>
    a.valueQuantity && a.valueQuantity.unit === undefined && a.valueQuantity.code === undefined
      ? {
          valueQuantity: {
            ...a.valueQuantity,
            ...(unit.display || unit.code ? { unit: unit.display ?? unit.code } : {}),
            ...(unit.system ? { system: unit.system } : {}),
            ...(unit.code ? { code: unit.code } : {}),
          },
        }
      : a
  );
}

const ROUND_LIMIT = 50;
const NO_OPTIONS: OptionsState = { options: [], loading: false, truncated: false };
const compileCaches = new WeakMap<FhirPathEngine, Map<string, CompiledFhirPath | Error>>();
const LAUNCH_CONTEXT = 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-launchContext';
/** Where the signature goes on the response (the core questionnaireresponse-signature extension). */
const SIGNATURE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/questionnaireresponse-signature';

/**
 * Creates the headless questionnaire engine from a Questionnaire and an optional response.
 * Never throws on bad input: problems become item issues, or `fatalError` when nothing can render.
 */
export function createQuestionnaireStore(input: unknown, options: QuestionnaireStoreOptions = {}): QuestionnaireStore {
  const messages: QuestionnaireMessages = { ...defaultQuestionnaireMessages, ...options.messages };
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(message, detail ?? ''));
  const displayLimit = options.optionsDisplayLimit ?? 50;

  const isQuestionnaire = !!input && typeof input === 'object' && (input as any).resourceType === 'Questionnaire';
  const given = input as Questionnaire;
  const questionnaire: Questionnaire = isQuestionnaire
    ? Array.isArray(given.extension ?? []) && Array.isArray(given.contained ?? [])
      ? given
      : {
          ...given,
          extension: Array.isArray(given.extension) ? given.extension : undefined,
          contained: Array.isArray(given.contained) ? given.contained : undefined,
        }
    : { resourceType: 'Questionnaire', status: 'unknown' };
  let defs: Definitions;
  let fatalError: string | undefined = isQuestionnaire ? undefined : 'Not a Questionnaire.';
  try {
    defs = buildDefinitions(questionnaire);
  } catch (error) {
    fatalError = `The questionnaire could not be read: ${error instanceof Error ? error.message : String(error)}`;
    defs = buildDefinitions({ resourceType: 'Questionnaire', status: 'unknown' });
  }
  const formIssues: string[] = [...defs.issues];
  // The live response is what FHIRPath reads; without expressions nothing does, so it is not kept.
  const keepLive = defs.hasExpressions;

  const nodes = new Map<string, Node>();
  const instances = new Map<ItemDef, Set<Node>>();
  const root: RootNode = {
    children: [],
    live: { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [] },
  };
  if (questionnaire.url) root.live.questionnaire = questionnaire.url;
  /** Shared live response items of question instances, per parent and def. */
  const sharedLive = new WeakMap<Node | RootNode, Map<ItemDef, QuestionnaireResponseItem>>();
  const seqs = new WeakMap<Node | RootNode, Map<ItemDef, number>>();

  const itemListeners = new Map<string, Set<Listener>>();
  const itemSubscribers = new Map<string, (listener: Listener) => () => void>();
  const listeners = new Set<Listener>();
  const changed = new Set<Node>();
  let formChanged = false;
  let batchDepth = 0;

  let engine: FhirPathEngine | undefined;
  let ready = !defs.hasExpressions;
  let compiled = new Map<string, CompiledFhirPath | Error>();
  let errorCount = 0;
  const pageErrors = new Map<Node, number>();
  let signature: Signature | undefined;
  let submitAttempted = false;
  let currentPage = 0;
  const paged = defs.roots[0]?.type === 'group' && defs.roots[0]?.control === 'page';
  const signatureRequired = !!questionnaire.extension?.some((e) => e?.url === QuestionnaireUrls.signatureRequired);
  let formState: QuestionnaireFormState | undefined;
  // Declared launch contexts the caller did not supply evaluate as empty, so pre-population just finds nothing.
  const launchDefaults: Record<string, unknown> = {};
  for (const ext of questionnaire.extension ?? []) {
    if (ext?.url !== LAUNCH_CONTEXT || !Array.isArray(ext.extension)) continue;
    const name = ext.extension.find((e) => e?.url === 'name');
    const value = name?.valueCoding?.code ?? name?.valueId ?? name?.valueString;
    if (value) launchDefaults[value] = [];
  }

  // ---------------------------------------------------------------- tree building

  const parentOf = (node: Node): Node | RootNode => node.parent ?? root;

  function nextKey(parent: Node | RootNode, def: ItemDef): string {
    let map = seqs.get(parent);
    if (!map) seqs.set(parent, (map = new Map()));
    const seq = map.get(def) ?? 0;
    map.set(def, seq + 1);
    const prefix = parent === root ? '' : `${(parent as Node).key}/`;
    return `${prefix}${def.segment}[${seq}]`;
  }

  function liveFor(parent: Node | RootNode, def: ItemDef): QuestionnaireResponseItem {
    if (!isQuestion(def)) return { linkId: def.linkId, ...(def.item.text ? { text: def.item.text } : {}) };
    let map = sharedLive.get(parent);
    if (!map) sharedLive.set(parent, (map = new Map()));
    let live = map.get(def);
    if (!live) map.set(def, (live = { linkId: def.linkId, ...(def.item.text ? { text: def.item.text } : {}) }));
    return live;
  }

  function createNode(parent: Node | RootNode, def: ItemDef, answers: QuestionnaireAnswer[]): Node {
    const node: Node = {
      key: nextKey(parent, def),
      def,
      parent: parent === root ? undefined : (parent as Node),
      children: [],
      childKeys: NONE,
      answers,
      touched: false,
      ownEnabled: true,
      enabled: true,
      hidden: def.ownHidden || (parent !== root && (parent as Node).hidden),
      errors: NONE,
      externalErrors: NONE,
      counted: false,
      ...(keepLive ? { live: liveFor(parent, def) } : {}),
    };
    nodes.set(node.key, node);
    // Only items that compute something are looked up by definition (to re-evaluate them).
    if (isComputed(def)) {
      let set = instances.get(def);
      if (!set) instances.set(def, (set = new Set()));
      set.add(node);
    }
    return node;
  }

  /** Initial answers from initial[x] and initialSelected, for a fresh form. */
  function initialAnswers(def: ItemDef): QuestionnaireAnswer[] {
    const item = def.item;
    const answers: QuestionnaireAnswer[] = [];
    for (const initial of Array.isArray(item.initial) ? item.initial : []) {
      const answer = toAnswer(initial);
      if (answer) answers.push(coerceAnswer(item, answer));
    }
    for (const option of Array.isArray(item.answerOption) ? item.answerOption : []) {
      if (option.initialSelected) {
        const answer = toAnswer(option);
        if (answer) answers.push(answer);
      }
    }
    return item.repeats ? answers : answers.slice(0, 1);
  }

  /** Builds the instances of `def` under `parent` from response items (or initial values when fresh). */
  function buildInstances(
    parent: Node | RootNode,
    def: ItemDef,
    responseItems: QuestionnaireResponseItem[] | undefined
  ): Node[] {
    const created: Node[] = [];
    if (def.repeatsAsInstances && isQuestion(def)) {
      if (responseItems) {
        for (const responseItem of responseItems) {
          const answers = asList(responseItem.answer);
          if (!answers.length) {
            const node = createNode(parent, def, []);
            adoptResponseItem(node, responseItem);
            buildChildren(node, asList(responseItem.item));
            created.push(node);
          }
          for (const answer of answers) {
            const node = createNode(parent, def, cleanAnswers(def, [answer], def.linkId));
            adoptResponseItem(node, responseItem);
            buildChildren(node, [...asList(answer?.item), ...asList(responseItem.item)]);
            created.push(node);
          }
        }
      } else {
        for (const answer of initialAnswers({ ...def, item: { ...def.item, repeats: true } } as ItemDef)) {
          const node = createNode(parent, def, [answer]);
          buildChildren(node, undefined);
          created.push(node);
        }
      }
    } else if (responseItems) {
      const list = def.repeatsAsInstances ? responseItems : responseItems.slice(0, 1);
      if (!def.repeatsAsInstances && responseItems.length > 1) {
        formIssues.push(
          `The response has ${responseItems.length} items '${def.linkId}' for an item that does not repeat; the first is used.`
        );
      }
      for (const responseItem of list) {
        const answers = cleanAnswers(def, asList(responseItem.answer), def.linkId);
        const node = createNode(parent, def, answers);
        adoptResponseItem(node, responseItem);
        const nested = [...asList(responseItem.item), ...asList(responseItem.answer).flatMap((a) => asList(a?.item))];
        buildChildren(node, nested);
        created.push(node);
      }
    }
    if (!created.length) {
      const node = createNode(parent, def, responseItems || !isQuestion(def) ? [] : initialAnswers(def));
      buildChildren(node, responseItems ? [] : undefined);
      created.push(node);
    }
    return created;
  }

  /** Drops answers that are not of the item's type, reporting them. */
  function cleanAnswers(
    def: ItemDef,
    answers: QuestionnaireResponseItemAnswer[],
    where: string
  ): QuestionnaireAnswer[] {
    if (!isQuestion(def)) return [];
    const allowed = allowedValueKeys(def.item);
    const kept: QuestionnaireAnswer[] = [];
    for (const raw of answers) {
      const answer = raw && coerceAnswer(def.item, raw);
      const key = answerValueKey(answer);
      if (!key) continue;
      if (!allowed.has(key)) {
        formIssues.push(
          `The response answer of '${where}' (${key}) does not match the item type ${def.type}; it was dropped.`
        );
        continue;
      }
      kept.push(toAnswer(answer)!);
    }
    return kept;
  }

  function adoptResponseItem(node: Node, responseItem: QuestionnaireResponseItem): void {
    node.touched = true;
    if (responseItem.id) node.responseId = responseItem.id;
    const extensions = asList(responseItem.extension).filter(
      (e) => e && typeof e.url === 'string' && e.url !== QuestionnaireUrls.expressionError
    );
    if (extensions.length) node.responseExtensions = extensions;
    for (const ext of extensions) {
      if (ext.url === QuestionnaireUrls.validationError) {
        const text = ext.valueString ?? ext.valueCodeableConcept?.text ?? ext.valueCoding?.display;
        if (text) node.externalErrors = [...node.externalErrors, text];
      }
      // The portal lets the response item override required (portal.md section 5).
      if (/required$/i.test(ext.url) && typeof ext.valueBoolean === 'boolean') node.responseRequired = ext.valueBoolean;
    }
    const required = (responseItem as any).required;
    if (typeof required === 'boolean') node.responseRequired = required;
  }

  function buildChildren(node: Node | RootNode, responseItems: QuestionnaireResponseItem[] | undefined): void {
    const defsHere = node === root ? defs.roots : (node as Node).def.children;
    const byLinkId = new Map<string, QuestionnaireResponseItem[]>();
    if (responseItems) {
      const known = new Set(defsHere.map((d) => d.linkId));
      for (const item of responseItems) {
        if (!item || typeof item !== 'object') continue;
        if (!known.has(item.linkId)) {
          formIssues.push(
            `The response item '${String(item.linkId)}' does not match the questionnaire; it was dropped.`
          );
          continue;
        }
        let list = byLinkId.get(item.linkId);
        if (!list) byLinkId.set(item.linkId, (list = []));
        list.push(item);
      }
    }
    const children: Node[] = [];
    const used = new Set<string>();
    for (const def of defsHere) {
      // Duplicate linkIds among siblings: only the first def takes the response items.
      const forDef = responseItems ? (used.has(def.linkId) ? [] : (byLinkId.get(def.linkId) ?? [])) : undefined;
      used.add(def.linkId);
      children.push(...buildInstances(node, def, forDef));
    }
    node.children = children;
    if (node !== root && children.length) (node as Node).childKeys = children.map((c) => c.key);
  }

  // ---------------------------------------------------------------- live response (for FHIRPath)

  /** Recomputes the live `item` list of a parent from its enabled children. O(children). */
  function refreshLiveChildren(parent: Node | RootNode): void {
    if (!keepLive) return;
    const items: QuestionnaireResponseItem[] = [];
    const seen = new Set<QuestionnaireResponseItem>();
    for (const child of parent.children) {
      if (!child.enabled || child.def.type === 'display') continue;
      if (seen.has(child.live!)) continue;
      seen.add(child.live!);
      items.push(child.live!);
    }
    if (parent === root) {
      root.live.item = items;
      return;
    }
    const node = parent as Node;
    if (isQuestion(node.def)) {
      refreshLiveAnswers(node);
    } else if (items.length) node.live!.item = items;
    else delete node.live!.item;
  }

  /** Recomputes the shared live item of a question from all its instances. O(instances). */
  function refreshLiveAnswers(node: Node): void {
    if (!keepLive) return;
    const parent = parentOf(node);
    const answers: QuestionnaireResponseItemAnswer[] = [];
    let orphanChildren: QuestionnaireResponseItem[] = [];
    for (const sibling of parent.children) {
      if (sibling.def !== node.def || !sibling.enabled) continue;
      const unique: QuestionnaireResponseItem[] = sibling.children.length
        ? [...new Set(sibling.children.filter((c) => c.enabled && c.def.type !== 'display').map((c) => c.live!))]
        : [];
      sibling.answers.forEach((answer, i) => {
        answers.push(i === sibling.answers.length - 1 && unique.length ? { ...answer, item: unique } : answer);
      });
      if (!sibling.answers.length && unique.length) orphanChildren = orphanChildren.concat(unique);
    }
    const live = node.live!;
    if (answers.length) live.answer = answers;
    else delete live.answer;
    if (orphanChildren.length) live.item = orphanChildren;
    else delete live.item;
  }

  // ---------------------------------------------------------------- enableWhen

  /** Answers of the instances of `target` nearest to `node`: the same repeat instance, going outwards. */
  function scopedAnswers(node: Node, target: ItemDef): QuestionnaireAnswer[] {
    // Lowest common ancestor def of node.def and target.
    const targetChain: ItemDef[] = [];
    for (let d: ItemDef | undefined = target; d; d = d.parent) targetChain.unshift(d);
    // The node's own def counts: a group's condition on its own child reads its own instance.
    const ancestors = new Set<ItemDef>();
    for (let d: ItemDef | undefined = node.def; d; d = d.parent) ancestors.add(d);
    let lcaIndex = -1;
    for (let i = targetChain.length - 2; i >= 0; i--) {
      if (ancestors.has(targetChain[i])) {
        lcaIndex = i;
        break;
      }
    }
    let scope: Node | RootNode = root;
    if (lcaIndex >= 0) {
      const lcaDef = targetChain[lcaIndex];
      let n: Node | undefined = node;
      while (n && n.def !== lcaDef) n = n.parent;
      if (n) scope = n;
    }
    let frontier: (Node | RootNode)[] = [scope];
    for (let i = lcaIndex + 1; i < targetChain.length; i++) {
      const def = targetChain[i];
      const next: Node[] = [];
      for (const parent of frontier)
        for (const child of parent.children) if (child.def === def && child.enabled) next.push(child);
      frontier = next;
    }
    return (frontier as Node[]).flatMap((n) => n.answers);
  }

  function computeOwnEnabled(node: Node): boolean {
    const def = node.def;
    if (def.cyclic) return true;
    if (def.enableWhenExpression) {
      if (!engine) return true;
      const result = evaluate(node, def.enableWhenExpression, 'enableWhenExpression');
      if (result === undefined) return true;
      return result.length > 0 && result.every((r) => r === true);
    }
    const conditions = def.enableWhen.filter((e) => e.target);
    if (!conditions.length) return true;
    const results = conditions.map(({ condition, target }) =>
      evaluateEnableWhen(condition, scopedAnswers(node, target!))
    );
    return def.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
  }

  /** Applies a new enabled value to a node and its subtree; collects the defs whose visible answers changed. */
  function setEnabled(node: Node, enabled: boolean, affected: Set<ItemDef>): void {
    if (node.enabled === enabled) return;
    const walk = (n: Node, parentEnabled: boolean) => {
      const value = parentEnabled && n.ownEnabled;
      if (n.enabled === value) return;
      n.enabled = value;
      affected.add(n.def);
      markChanged(n);
      // A top-level item is a page: its enabled state is form-level.
      if (!n.parent) formChanged = true;
      updateErrors(n);
      for (const child of n.children) walk(child, value);
      // Answers set while disabled must show up in the live response once enabled again.
      if (isQuestion(n.def)) refreshLiveAnswers(n);
      else refreshLiveChildren(n);
    };
    walk(node, parentOf(node) === root ? true : (node.parent as Node).enabled);
    refreshLiveChildren(parentOf(node));
    revalidateRequiredAncestors(node);
  }

  // ---------------------------------------------------------------- expressions

  function compile(info: ExpressionInfo, base: string | undefined): CompiledFhirPath | Error {
    const cacheKey = `${base ?? ''}|${info.expression}`;
    let fn = compiled.get(cacheKey);
    if (!fn) {
      try {
        fn = engine!.compile(info.expression, base);
      } catch (error) {
        fn = error instanceof Error ? error : new Error(String(error));
      }
      compiled.set(cacheKey, fn);
    }
    return fn;
  }

  function variablesFor(node: Node | undefined): Map<string, { variable: VariableDef; context: Node | undefined }> {
    const scope = new Map<string, { variable: VariableDef; context: Node | undefined }>();
    for (const v of defs.variables) scope.set(v.name, { variable: v, context: undefined });
    const chain: Node[] = [];
    for (let n = node; n; n = n.parent) chain.unshift(n);
    for (const n of chain) for (const v of n.def.variables) scope.set(v.name, { variable: v, context: n });
    return scope;
  }

  /** Runs a compiled expression with its context node and the variables it names (evaluated lazily). */
  function run(
    info: ExpressionInfo,
    context: Node | undefined,
    scope: ReturnType<typeof variablesFor>,
    memo: Map<string, unknown>,
    depth = 0
  ): unknown[] {
    const fn = compile(info, context ? 'QuestionnaireResponse.item' : undefined);
    if (fn instanceof Error) throw fn;
    const vars: Record<string, unknown> = {
      ...launchDefaults,
      ...options.variables,
      resource: root.live,
      questionnaire,
    };
    for (const name of info.variables) {
      if (name in vars && !scope.has(name)) continue;
      const entry = scope.get(name);
      if (!entry) continue;
      if (!memo.has(name)) {
        if (depth > 20 || entry.variable === info) throw new Error(`Variable '${name}' refers to itself.`);
        memo.set(name, undefined);
        memo.set(name, run(entry.variable, entry.context, scope, memo, depth + 1));
      }
      vars[name] = memo.get(name);
    }
    return fn(context ? context.live! : root.live, vars);
  }

  /** Evaluates an expression for a node; records 'Expression evaluation failed: …' on failure. */
  function evaluate(node: Node, info: ExpressionInfo, kind: string): unknown[] | undefined {
    try {
      const result = run(info, node, variablesFor(node), new Map());
      if (node.expressionErrors?.delete(kind)) markChanged(node);
      return result;
    } catch (error) {
      const message = messages.expressionFailed(error instanceof Error ? error.message : String(error));
      if (node.expressionErrors?.get(kind) !== message) {
        (node.expressionErrors ??= new Map()).set(kind, message);
        log(`${message} (item '${node.def.linkId}', ${kind})`);
        markChanged(node);
      }
      return undefined;
    }
  }

  function sameAnswers(a: readonly QuestionnaireAnswer[], b: readonly QuestionnaireAnswer[]): boolean {
    return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
  }

  /** Re-evaluates what a def computes, for each of its instances; collects defs whose answers or enable state changed. */
  function reevaluate(def: ItemDef, affected: Set<ItemDef>): void {
    for (const node of [...(instances.get(def) ?? [])]) {
      if (def.enableWhen.length || def.enableWhenExpression) {
        const own = computeOwnEnabled(node);
        if (own !== node.ownEnabled) {
          node.ownEnabled = own;
          setEnabled(node, (node.parent ? node.parent.enabled : true) && own, affected);
          markChanged(node);
        }
      }
      if (engine && def.calculatedExpression && !def.cyclic) {
        const result = evaluate(node, def.calculatedExpression, 'calculatedExpression');
        if (result) {
          const answers = withUnit(def, resultsToAnswers(def.item, result));
          if (!sameAnswers(answers, node.answers)) {
            applyAnswers(node, answers);
            affected.add(def);
          }
        }
      }
      if (engine && def.answerExpression) {
        const result = evaluate(node, def.answerExpression, 'answerExpression');
        if (result) {
          const options = optionsFromResults(def.item, result);
          if (JSON.stringify(options) !== JSON.stringify(node.optionsState?.options)) {
            node.optionsState = { options, loading: false, truncated: false };
            markChanged(node);
          }
        }
      }
      if (engine && def.optionToggles.length) {
        const disabled = new Set<string>();
        def.optionToggles.forEach((toggle, i) => {
          const result = evaluate(node, toggle.expression, `answerOptionsToggleExpression ${i}`);
          const on = !!result && result.length > 0 && result.every((r) => r === true);
          if (!on) toggle.options.forEach((o) => disabled.add(answerIdentity(o)));
        });
        const before = node.disabledOptions ?? new Set<string>();
        if (disabled.size !== before.size || [...disabled].some((d) => !before.has(d))) {
          node.disabledOptions = disabled;
          markChanged(node);
        }
      }
    }
  }

  /** Propagates changes through the dependency graph until stable (or ROUND_LIMIT, a guard against runtime loops). */
  function propagate(changedDefs: Set<ItemDef>): void {
    let pending = changedDefs;
    for (let round = 0; pending.size && round < ROUND_LIMIT; round++) {
      const targets = new Set<ItemDef>();
      for (const def of pending) for (const dependent of defs.dependents.get(def.linkId) ?? []) targets.add(dependent);
      if (engine) defs.dynamic.forEach((d) => targets.add(d));
      const affected = new Set<ItemDef>();
      for (const target of targets) reevaluate(target, affected);
      pending = affected;
      if (round === ROUND_LIMIT - 1 && pending.size) {
        formIssues.push('Calculations did not settle; stopped to avoid an endless loop.');
        formChanged = true;
      }
    }
  }

  // ---------------------------------------------------------------- answers and validation

  function applyAnswers(node: Node, answers: QuestionnaireAnswer[]): void {
    node.answers = answers;
    refreshLiveAnswers(node);
    validateGroup(node);
    revalidateRequiredAncestors(node);
    markChanged(node);
  }

  function requiredOf(node: Node): boolean {
    return node.responseRequired ?? !!node.def.item.required;
  }

  /** Validates the node and, for repeating questions, its sibling instances (required counts across them). */
  function validateGroup(node: Node): void {
    if (node.def.repeatsAsInstances) {
      for (const sibling of parentOf(node).children) if (sibling.def === node.def) updateErrors(sibling);
    } else updateErrors(node);
  }

  function siblingsOf(node: Node): Node[] {
    return parentOf(node).children.filter((c) => c.def === node.def);
  }

  function hasAnswerBelow(node: Node): boolean {
    for (const child of node.children) {
      if (!child.enabled) continue;
      if (child.answers.some(hasValue) || hasAnswerBelow(child)) return true;
    }
    return false;
  }

  /** Required groups need an answer somewhere below; re-checked for the required ancestors of a changed item (O(depth + subtree)). */
  function revalidateRequiredAncestors(node: Node): void {
    for (let n = node.parent; n; n = n.parent) if (n.def.type === 'group' && requiredOf(n)) updateErrors(n);
  }

  function computeErrors(node: Node): string[] {
    const def = node.def;
    if (def.type === 'group' && node.enabled && !node.hidden && requiredOf(node) && !hasAnswerBelow(node)) {
      return [...node.externalErrors, messages.required];
    }
    if (!node.enabled || node.hidden || !isQuestion(def)) return [...node.externalErrors];
    const errors = [...node.externalErrors];
    let siblings: Node[] | undefined;
    let first = true;
    let answeredCount = node.answers.filter(hasValue).length;
    if (def.repeatsAsInstances) {
      siblings = siblingsOf(node);
      first = siblings[0] === node;
      answeredCount = siblings.filter((s) => s.answers.some(hasValue)).length;
    }
    if (first && requiredOf(node) && answeredCount === 0) errors.push(messages.required);
    const { minOccurs, maxOccurs } = def.constraints;
    if (first && minOccurs !== undefined && answeredCount > 0 && answeredCount < minOccurs)
      errors.push(messages.minOccurs(minOccurs));
    if (first && maxOccurs !== undefined && answeredCount > maxOccurs) errors.push(messages.maxOccurs(maxOccurs));
    if (!def.item.repeats && node.answers.length > 1) errors.push(messages.maxOccurs(1));
    errors.push(...validateAnswers(def.item, def.constraints, node.answers, messages));
    return errors;
  }

  function pageOf(node: Node): Node {
    let n = node;
    while (n.parent) n = n.parent;
    return n;
  }

  function updateErrors(node: Node): void {
    const errors = computeErrors(node);
    if (errors.length !== node.errors.length || errors.some((e, i) => e !== node.errors[i])) {
      node.errors = errors;
      markChanged(node);
    }
    const counted = node.enabled && errors.length > 0;
    if (counted !== node.counted) {
      node.counted = counted;
      const delta = counted ? 1 : -1;
      errorCount += delta;
      const page = pageOf(node);
      pageErrors.set(page, (pageErrors.get(page) ?? 0) + delta);
      formChanged = true;
    }
  }

  // ---------------------------------------------------------------- notification

  function markChanged(node: Node): void {
    changed.add(node);
  }

  function batch<T>(fn: () => T): T {
    batchDepth++;
    try {
      return fn();
    } finally {
      batchDepth--;
      if (batchDepth === 0) flush();
    }
  }

  function flush(): void {
    if (!changed.size && !formChanged) return;
    const toNotify = [...changed];
    changed.clear();
    for (const node of toNotify) if (nodes.get(node.key) === node) node.state = undefined;
    // The form snapshot keeps its identity through answer changes, so a keystroke does not
    // re-render the form around the item.
    if (formChanged) formState = undefined;
    formChanged = false;
    for (const node of toNotify) itemListeners.get(node.key)?.forEach((l) => l());
    listeners.forEach((l) => l());
  }

  // ---------------------------------------------------------------- snapshots

  function optionsOf(node: Node): OptionsState {
    if (node.optionsState) return node.optionsState;
    const item = node.def.item;
    if (Array.isArray(item.answerOption) && item.answerOption.length) {
      node.optionsState = { options: optionsFromAnswerOptions(item.answerOption), loading: false, truncated: false };
    } else if (item.answerValueSet?.startsWith('#')) {
      const contained = questionnaire.contained?.find(
        (r) => r?.resourceType === 'ValueSet' && r.id === item.answerValueSet!.slice(1)
      ) as ValueSet | undefined;
      const result = optionsFromExpansion(contained, displayLimit);
      node.optionsState = {
        ...result,
        loading: false,
        ...(contained ? {} : { error: `Value set ${item.answerValueSet} not found.` }),
      };
    } else node.optionsState = { options: [], loading: false, truncated: false };
    return node.optionsState;
  }

  function snapshot(node: Node): QuestionnaireItemState {
    if (node.state) return node.state;
    const def = node.def;
    // Only items that repeat as instances have siblings of their own definition.
    let repeatIndex = 0;
    let repeatCount = 1;
    if (def.repeatsAsInstances) {
      repeatCount = 0;
      for (const sibling of parentOf(node).children) {
        if (sibling.def !== def) continue;
        if (sibling === node) repeatIndex = repeatCount;
        repeatCount++;
      }
    }
    const max = def.constraints.maxOccurs;
    const opts = isChoiceLike(def) ? optionsOf(node) : NO_OPTIONS;
    const failed = node.expressionErrors?.size ? [...node.expressionErrors.values()] : undefined;
    const state: QuestionnaireItemState = {
      key: node.key,
      linkId: def.linkId,
      type: def.type,
      item: def.item,
      childKeys: node.childKeys,
      repeatIndex,
      repeatCount,
      answers: node.answers,
      touched: node.touched,
      enabled: node.enabled,
      hidden: node.hidden,
      visible: node.enabled && !node.hidden,
      readOnly: def.readOnly || !!def.calculatedExpression,
      required: requiredOf(node),
      repeats: !!def.item.repeats,
      control: def.control,
      constraints: def.constraints,
      errors: node.errors,
      issues:
        failed || opts.error ? [...def.issues, ...(failed ?? []), ...(opts.error ? [opts.error] : [])] : def.issues,
      canAddRepeat: def.repeatsAsInstances && node.enabled && !def.readOnly && (max === undefined || repeatCount < max),
      canRemoveRepeat: def.repeatsAsInstances && repeatCount > Math.max(1, def.constraints.minOccurs ?? 0),
      options: node.disabledOptions?.size
        ? opts.options.map((o) => (node.disabledOptions!.has(answerIdentity(o.answer)) ? { ...o, disabled: true } : o))
        : opts.options,
      optionsLoading: opts.loading,
      optionsTruncated: opts.truncated,
    };
    // Optional keys are absent, not undefined.
    if (def.item.text !== undefined) state.text = def.item.text;
    if (def.item.prefix !== undefined) state.prefix = def.item.prefix;
    if (node.parent) state.parentKey = node.parent.key;
    if (failed) state.expressionError = failed[0];
    if (opts.error) state.optionsError = opts.error;
    return (node.state = state);
  }

  /** Items whose enable state, answers or options are computed, and so are re-evaluated by definition. */
  function isComputed(def: ItemDef): boolean {
    return !!(
      def.enableWhen.length ||
      def.enableWhenExpression ||
      def.calculatedExpression ||
      def.initialExpression ||
      def.answerExpression ||
      def.optionToggles.length
    );
  }

  function isChoiceLike(def: ItemDef): boolean {
    return (
      def.type === 'choice' ||
      def.type === 'open-choice' ||
      !!def.item.answerOption?.length ||
      !!def.item.answerValueSet
    );
  }

  function pages(): QuestionnairePage[] | undefined {
    if (!paged) return undefined;
    return root.children.map((node) => ({
      key: node.key,
      title: node.def.item.text ?? node.def.linkId,
      enabled: node.enabled,
      valid: (pageErrors.get(node) ?? 0) === 0,
    }));
  }

  // ---------------------------------------------------------------- removal

  function removeSubtree(node: Node): void {
    for (const child of node.children) removeSubtree(child);
    nodes.delete(node.key);
    instances.get(node.def)?.delete(node);
    if (node.counted) {
      errorCount--;
      const page = pageOf(node);
      pageErrors.set(page, (pageErrors.get(page) ?? 0) - 1);
    }
    itemListeners.get(node.key)?.forEach((l) => l());
  }

  function collectDefs(node: Node, into: Set<ItemDef>): void {
    into.add(node.def);
    for (const child of node.children) collectDefs(child, into);
  }

  // ---------------------------------------------------------------- load

  const existing =
    options.response &&
    typeof options.response === 'object' &&
    options.response.resourceType === 'QuestionnaireResponse'
      ? options.response
      : undefined;
  if (options.response && !existing)
    formIssues.push('The given response is not a QuestionnaireResponse; it was ignored.');
  if (
    existing?.questionnaire &&
    questionnaire.url &&
    !existing.questionnaire.startsWith(questionnaire.url) &&
    existing.questionnaire !== `Questionnaire/${questionnaire.id}`
  ) {
    formIssues.push(`The response is for ${existing.questionnaire}, not ${questionnaire.url}.`);
  }
  const responseExtensions = asList(existing?.extension).filter(
    (e) => e && typeof e.url === 'string' && e.url !== SIGNATURE_EXTENSION
  );
  signature = asList(existing?.extension).find((e) => e?.url === SIGNATURE_EXTENSION)?.valueSignature;
  try {
    buildChildren(root, existing ? (Array.isArray(existing.item) ? existing.item : []) : undefined);
  } catch (error) {
    fatalError = `The questionnaire could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  // Enable state, live response, validation: in document order (parents before children).
  const ordered: Node[] = [];
  const collect = (list: Node[]) => {
    for (const n of list) {
      ordered.push(n);
      collect(n.children);
    }
  };
  collect(root.children);
  if (keepLive) {
    // Question instances under one parent share their live item: refresh each once.
    const refreshed = new Set<QuestionnaireResponseItem>();
    for (const node of ordered) {
      if (!isQuestion(node.def) || refreshed.has(node.live!)) continue;
      refreshed.add(node.live!);
      refreshLiveAnswers(node);
    }
    for (const node of [...ordered].reverse()) if (!isQuestion(node.def)) refreshLiveChildren(node);
    refreshLiveChildren(root);
  }
  // Settle enableWhen: evaluate each conditional node in order until nothing changes.
  {
    const conditional = ordered.filter((n) => n.def.enableWhen.length);
    for (let round = 0; round < ROUND_LIMIT; round++) {
      const affected = new Set<ItemDef>();
      for (const node of conditional) {
        if (!nodes.has(node.key)) continue;
        const own = computeOwnEnabled(node);
        if (own !== node.ownEnabled) {
          node.ownEnabled = own;
          setEnabled(node, (node.parent ? node.parent.enabled : true) && own, affected);
        }
      }
      if (!affected.size) break;
    }
  }
  for (const node of ordered) updateErrors(node);
  changed.clear();
  formChanged = false;

  const readyPromise: Promise<void> = ready
    ? Promise.resolve()
    : (options.loadFhirPath ?? loadFhirPath)().then(
        (loaded) => {
          engine = loaded;
          // Compiling is the slow part of FHIRPath (tens of ms per long expression): share it across stores.
          let cache = compileCaches.get(loaded);
          if (!cache) compileCaches.set(loaded, (cache = new Map()));
          compiled = cache;
          batch(() => {
            // initialExpression: only for a fresh form and items without an answer.
            if (!existing) {
              for (const def of defs.all) {
                if (!def.initialExpression) continue;
                for (const node of [...(instances.get(def) ?? [])]) populateInitial(node);
              }
            }
            const everything = new Set<ItemDef>(defs.all);
            const affected = new Set<ItemDef>();
            for (const def of defs.all) reevaluate(def, affected);
            propagate(new Set([...affected, ...everything]));
            ready = true;
            formChanged = true;
          });
        },
        (error) => {
          const message = `The FHIRPath engine could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
          log(message, error);
          formIssues.push(message);
          ready = true;
          batch(() => {
            formChanged = true;
          });
        }
      );

  function populateInitial(node: Node): void {
    const def = node.def;
    if (!def.initialExpression || node.answers.length) return;
    const result = evaluate(node, def.initialExpression, 'initialExpression');
    if (!result) return;
    const answers = withUnit(
      def,
      resultsToAnswers({ ...def.item, repeats: def.item.repeats && !def.repeatsAsInstances }, result)
    );
    if (!answers.length) return;
    applyAnswers(node, answers.slice(0, 1).concat(def.repeatsAsAnswers ? answers.slice(1) : []));
    // A repeating non-choice item gets one instance per value.
    if (def.repeatsAsInstances && isQuestion(def)) {
      const all = resultsToAnswers({ ...def.item, repeats: true }, result);
      let last = node;
      for (const answer of all.slice(1)) {
        const key = insertInstance(last);
        if (!key) break;
        last = nodes.get(key)!;
        applyAnswers(last, [answer]);
      }
    }
  }

  /** Inserts a new empty instance after `after`; returns its key. */
  function insertInstance(after: Node): string | undefined {
    const parent = parentOf(after);
    const def = after.def;
    const node = createNode(parent, def, []);
    node.enabled = false;
    buildChildren(node, undefined);
    let index = parent.children.lastIndexOf(after);
    for (let i = index + 1; i < parent.children.length && parent.children[i].def === def; i++) index = i;
    parent.children.splice(index + 1, 0, node);
    if (parent !== root) {
      (parent as Node).childKeys = parent.children.map((c) => c.key);
      markChanged(parent as Node);
    } else formChanged = true;
    // New subtree: enable state and validation.
    const subtree: Node[] = [];
    const gather = (n: Node) => {
      subtree.push(n);
      n.children.forEach(gather);
    };
    gather(node);
    for (const n of subtree) {
      n.ownEnabled = computeOwnEnabled(n);
      n.enabled = (n.parent ? n.parent.enabled : true) && n.ownEnabled;
      n.hidden = n.def.ownHidden || (n.parent?.hidden ?? false);
      if (isQuestion(n.def)) refreshLiveAnswers(n);
    }
    for (const n of [...subtree].reverse()) if (!isQuestion(n.def)) refreshLiveChildren(n);
    refreshLiveChildren(parent);
    for (const n of subtree) {
      updateErrors(n);
      markChanged(n);
    }
    for (const sibling of parent.children) if (sibling.def === def) markChanged(sibling);
    validateGroup(node);
    return node.key;
  }

  // ---------------------------------------------------------------- public API

  const store: QuestionnaireStore = {
    ready: readyPromise,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    subscribeItem(key) {
      let fn = itemSubscribers.get(key);
      if (!fn) {
        fn = (listener: Listener) => {
          let set = itemListeners.get(key);
          if (!set) itemListeners.set(key, (set = new Set()));
          set.add(listener);
          return () => {
            set!.delete(listener);
          };
        };
        itemSubscribers.set(key, fn);
      }
      return fn;
    },

    getItemState(key) {
      const node = nodes.get(key);
      return node ? snapshot(node) : undefined;
    },

    getFormState() {
      if (formState) return formState;
      const signatureError =
        submitAttempted && signatureRequired && !signature ? messages.signatureRequired : undefined;
      formState = {
        ...(fatalError ? { fatalError } : {}),
        ...(questionnaire.title ? { title: questionnaire.title } : {}),
        rootKeys: root.children.map((c) => c.key),
        ready,
        ...(paged ? { pages: pages() } : {}),
        currentPage,
        signatureRequired,
        ...(signature ? { signature } : {}),
        submitAttempted,
        ...(signatureError ? { signatureError } : {}),
        errorCount,
        valid: errorCount === 0 && !signatureError && !fatalError,
        issues: [...formIssues],
      };
      return formState;
    },

    getKeys() {
      const keys: string[] = [];
      const walk = (list: Node[]) => list.forEach((n) => (keys.push(n.key), walk(n.children)));
      walk(root.children);
      return keys;
    },

    findKeys(linkId) {
      return store.getKeys().filter((key) => nodes.get(key)!.def.linkId === linkId);
    },

    setAnswers(key, answers) {
      const node = nodes.get(key);
      if (!node || !isQuestion(node.def)) return false;
      return batch(() => {
        const list = answers.filter((a) => a && answerValueKey(a)).map((a) => coerceAnswer(node.def.item, { ...a }));
        node.touched = true;
        if (node.externalErrors.length) node.externalErrors = [];
        applyAnswers(node, list);
        if (node.enabled) propagate(new Set([node.def]));
        return true;
      });
    },

    setAnswer(key, answer) {
      return store.setAnswers(key, answer ? [answer] : []);
    },

    addRepeat(key) {
      const node = nodes.get(key);
      if (!node || !snapshot(node).canAddRepeat) return undefined;
      return batch(() => {
        const newKey = insertInstance(node);
        if (newKey && engine) {
          const created = nodes.get(newKey)!;
          const subtree: Node[] = [];
          const gather = (n: Node) => (subtree.push(n), n.children.forEach(gather));
          gather(created);
          for (const n of subtree) populateInitial(n);
          const affected = new Set<ItemDef>();
          for (const n of subtree) reevaluate(n.def, affected);
        }
        const affectedDefs = new Set<ItemDef>();
        if (newKey) collectDefs(nodes.get(newKey)!, affectedDefs);
        propagate(affectedDefs);
        return newKey;
      });
    },

    removeRepeat(key) {
      const node = nodes.get(key);
      if (!node || !snapshot(node).canRemoveRepeat) return false;
      return batch(() => {
        const parent = parentOf(node);
        const affectedDefs = new Set<ItemDef>();
        collectDefs(node, affectedDefs);
        parent.children = parent.children.filter((c) => c !== node);
        if (parent !== root) {
          (parent as Node).childKeys = parent.children.map((c) => c.key);
          markChanged(parent as Node);
        } else formChanged = true;
        removeSubtree(node);
        formChanged = true;
        if (parent !== root) {
          updateErrors(parent as Node);
          revalidateRequiredAncestors(parent as Node);
        }
        const rest = parent.children.filter((c) => c.def === node.def);
        if (isQuestion(node.def) && rest[0]) refreshLiveAnswers(rest[0]);
        refreshLiveChildren(parent);
        for (const sibling of rest) {
          markChanged(sibling);
          updateErrors(sibling);
        }
        propagate(affectedDefs);
        return true;
      });
    },

    async loadOptions(key, filter) {
      const node = nodes.get(key);
      const url = node?.def.item.answerValueSet;
      if (!node || !url || url.startsWith('#') || node.def.item.answerOption?.length) return;
      if (!options.expandValueSet) {
        batch(() => {
          node.optionsState = {
            options: [],
            loading: false,
            truncated: false,
            error: `No value set expansion available for ${url}.`,
          };
          markChanged(node);
        });
        return;
      }
      batch(() => {
        node.optionsState = {
          ...(node.optionsState ?? { options: [], truncated: false }),
          loading: true,
          error: undefined,
        };
        markChanged(node);
      });
      try {
        const result = await options.expandValueSet(url, filter, displayLimit + 1);
        const expansion = optionsFromExpansion(result, displayLimit);
        batch(() => {
          if (nodes.get(key) !== node) return;
          node.optionsState = { ...expansion, loading: false };
          markChanged(node);
        });
      } catch (error) {
        // portal.md section 8: value-set load failures are only logged; the item carries the state.
        log(`Loading value set ${url} failed`, error);
        batch(() => {
          node.optionsState = {
            options: [],
            loading: false,
            truncated: false,
            error: `Options could not be loaded from ${url}.`,
          };
          markChanged(node);
        });
      }
    },

    nextPage() {
      const list = pages();
      if (!list) return false;
      const page = list[currentPage];
      if (page && !page.valid) return false;
      for (let i = currentPage + 1; i < list.length; i++) {
        if (list[i].enabled) {
          batch(() => {
            currentPage = i;
            formChanged = true;
          });
          return true;
        }
      }
      return false;
    },

    backPage() {
      const list = pages();
      if (!list) return false;
      for (let i = currentPage - 1; i >= 0; i--) {
        if (list[i].enabled) {
          batch(() => {
            currentPage = i;
            formChanged = true;
          });
          return true;
        }
      }
      return false;
    },

    goToPage(index) {
      const list = pages();
      if (!list || index < 0 || index >= list.length) return;
      batch(() => {
        currentPage = index;
        formChanged = true;
      });
    },

    setSignature(dataBase64, who) {
      const signer = who ?? options.profile;
      batch(() => {
        signature = {
          type: [{ system: QuestionnaireUrls.signatureType, code: 'ProofOfOrigin', display: 'Proof of Origin' }],
          when: now().toISOString(),
          who: signer ?? {},
          data: dataBase64,
        };
        formChanged = true;
      });
    },

    clearSignature() {
      batch(() => {
        signature = undefined;
        formChanged = true;
      });
    },

    attemptSubmit() {
      batch(() => {
        submitAttempted = true;
        formChanged = true;
      });
      return store.validate();
    },

    validate() {
      const errors: QuestionnaireValidationError[] = [];
      const walk = (list: Node[]) => {
        for (const node of list) {
          if (!node.enabled) continue;
          for (const message of node.errors) errors.push({ key: node.key, linkId: node.def.linkId, message });
          walk(node.children);
        }
      };
      walk(root.children);
      if (signatureRequired && !signature) errors.push({ key: '', linkId: '', message: messages.signatureRequired });
      return errors;
    },

    buildResponse(build) {
      const status = build?.status ?? 'completed';
      const source = options.source ?? options.profile;
      const questionnaireRef = questionnaire.url
        ? questionnaire.url
        : questionnaire.id
          ? `Questionnaire/${questionnaire.id}`
          : undefined;
      const response: QuestionnaireResponse = {
        resourceType: 'QuestionnaireResponse',
        ...(existing?.id ? { id: existing.id } : {}),
        ...(questionnaireRef ? { questionnaire: questionnaireRef } : {}),
        status,
        ...(options.subject ? { subject: options.subject } : {}),
        ...(options.encounter ? { encounter: options.encounter } : {}),
        // portal.md section 4: submission sets completed and authored; a draft has neither.
        ...(status === 'completed' ? { authored: now().toISOString() } : {}),
        ...(source ? { source } : {}),
        item: buildResponseItems(root.children),
      };
      const extensions = [...responseExtensions];
      if (signature) extensions.push({ url: SIGNATURE_EXTENSION, valueSignature: signature });
      if (extensions.length) response.extension = extensions;
      return response;
    },
  };
  return store;
}
