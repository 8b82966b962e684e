// Tree building: one Node per item instance, from the definitions and, when one is continued,
// the loaded response's items (else the items' initial values). Nothing here evaluates
// enableWhen or validates; load.ts and repeats.ts do that once a (sub)tree exists.
import type { QuestionnaireResponseItem, QuestionnaireResponseItemAnswer } from '../fhir/types';
import { allowedValueKeys, answerValueKey, coerceAnswer, toAnswer } from './answers';
import { QuestionnaireUrls } from './constants';
import type { ItemDef } from './definitions';
import { isQuestion, NONE, type Node, type RootNode } from './nodes';
import { asList, type EngineState } from './state';
import type { QuestionnaireAnswer } from './types';

/** The instance's parent; the root for a top-level instance. */
export function parentOf(s: EngineState, node: Node): Node | RootNode {
  return node.parent ?? s.root;
}

/** The instance and every instance below it, parents first. */
export function subtreeOf(node: Node, into: Node[] = []): Node[] {
  into.push(node);
  for (const child of node.children) subtreeOf(child, into);
  return into;
}

/** Every instance in document order (parents before children). */
export function allInstances(s: EngineState): Node[] {
  const ordered: Node[] = [];
  for (const node of s.root.children) subtreeOf(node, ordered);
  return ordered;
}

/** Items whose enable state, answers or options are computed, and so are re-evaluated by definition. */
export function isComputed(def: ItemDef): boolean {
  return !!(
    def.enableWhen.length ||
    def.enableWhenExpression ||
    def.calculatedExpression ||
    def.initialExpression ||
    def.answerExpression ||
    def.optionToggles.length
  );
}

function nextKey(s: EngineState, parent: Node | RootNode, def: ItemDef): string {
  let map = s.keySeqs.get(parent);
  if (!map) s.keySeqs.set(parent, (map = new Map()));
  const seq = map.get(def) ?? 0;
  map.set(def, seq + 1);
  const prefix = parent === s.root ? '' : `${(parent as Node).key}/`;
  return `${prefix}${def.segment}[${seq}]`;
}

/** The live response item of a new instance: questions share one per parent and def. */
function liveFor(s: EngineState, parent: Node | RootNode, def: ItemDef): QuestionnaireResponseItem {
  if (!isQuestion(def)) return { linkId: def.linkId, ...(def.item.text ? { text: def.item.text } : {}) };
  let map = s.sharedLive.get(parent);
  if (!map) s.sharedLive.set(parent, (map = new Map()));
  let live = map.get(def);
  if (!live) map.set(def, (live = { linkId: def.linkId, ...(def.item.text ? { text: def.item.text } : {}) }));
  return live;
}

/** A new instance of `def` under `parent`, registered by key (not yet placed among the parent's children). */
export function createNode(
  s: EngineState,
  parent: Node | RootNode,
  def: ItemDef,
  answers: QuestionnaireAnswer[]
): Node {
  const node: Node = {
    key: nextKey(s, parent, def),
    def,
    parent: parent === s.root ? undefined : (parent as Node),
    children: [],
    childKeys: NONE,
    answers,
    touched: false,
    ownEnabled: true,
    enabled: true,
    hidden: def.ownHidden || (parent !== s.root && (parent as Node).hidden),
    errors: NONE,
    externalErrors: NONE,
    counted: false,
    ...(s.keepLive ? { live: liveFor(s, parent, def) } : {}),
  };
  s.nodes.set(node.key, node);
  // Only items that compute something are looked up by definition (to re-evaluate them).
  if (isComputed(def)) {
    let set = s.instances.get(def);
    if (!set) s.instances.set(def, (set = new Set()));
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
  s: EngineState,
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
          const node = createNode(s, parent, def, []);
          adoptResponseItem(node, responseItem);
          buildChildren(s, node, asList(responseItem.item));
          created.push(node);
        }
        for (const answer of answers) {
          const node = createNode(s, parent, def, cleanAnswers(s, def, [answer], def.linkId));
          adoptResponseItem(node, responseItem);
          buildChildren(s, node, [...asList(answer?.item), ...asList(responseItem.item)]);
          created.push(node);
        }
      }
    } else {
      for (const answer of initialAnswers({ ...def, item: { ...def.item, repeats: true } } as ItemDef)) {
        const node = createNode(s, parent, def, [answer]);
        buildChildren(s, node, undefined);
        created.push(node);
      }
    }
  } else if (responseItems) {
    const list = def.repeatsAsInstances ? responseItems : responseItems.slice(0, 1);
    if (!def.repeatsAsInstances && responseItems.length > 1) {
      s.form.issues.push(
        `The response has ${responseItems.length} items '${def.linkId}' for an item that does not repeat; the first is used.`
      );
    }
    for (const responseItem of list) {
      const answers = cleanAnswers(s, def, asList(responseItem.answer), def.linkId);
      const node = createNode(s, parent, def, answers);
      adoptResponseItem(node, responseItem);
      const nested = [...asList(responseItem.item), ...asList(responseItem.answer).flatMap((a) => asList(a?.item))];
      buildChildren(s, node, nested);
      created.push(node);
    }
  }
  if (!created.length) {
    const node = createNode(s, parent, def, responseItems || !isQuestion(def) ? [] : initialAnswers(def));
    buildChildren(s, node, responseItems ? [] : undefined);
    created.push(node);
  }
  return created;
}

/** Drops answers that are not of the item's type, reporting them. */
function cleanAnswers(
  s: EngineState,
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
      s.form.issues.push(
        `The response answer of '${where}' (${key}) does not match the item type ${def.type}; it was dropped.`
      );
      continue;
    }
    kept.push(toAnswer(answer)!);
  }
  return kept;
}

/** Takes over what a loaded response item says beyond its answers: id, extensions, errors, required. */
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
    // The portal lets the response item override required.
    if (/required$/i.test(ext.url) && typeof ext.valueBoolean === 'boolean') node.responseRequired = ext.valueBoolean;
  }
  const required = (responseItem as any).required;
  if (typeof required === 'boolean') node.responseRequired = required;
}

/**
 * Builds the children of an instance (or of the root): the response items matched to the
 * definitions by linkId, or fresh instances when `responseItems` is undefined.
 */
export function buildChildren(
  s: EngineState,
  node: Node | RootNode,
  responseItems: QuestionnaireResponseItem[] | undefined
): void {
  const defsHere = node === s.root ? s.defs.roots : (node as Node).def.children;
  const byLinkId = new Map<string, QuestionnaireResponseItem[]>();
  if (responseItems) {
    const known = new Set(defsHere.map((d) => d.linkId));
    for (const item of responseItems) {
      if (!item || typeof item !== 'object') continue;
      if (!known.has(item.linkId)) {
        s.form.issues.push(
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
    children.push(...buildInstances(s, node, def, forDef));
  }
  node.children = children;
  if (node !== s.root && children.length) (node as Node).childKeys = children.map((c) => c.key);
}
