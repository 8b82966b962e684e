// Validation state: each instance's errors, and the form's and each page's count of instances
// with errors, kept current one instance at a time (the rules for one answer are validation.ts).
import { hasValue } from './answers';
import { isQuestion, type Node } from './nodes';
import { markChanged, markFormChanged } from './notify';
import type { EngineState } from './state';
import { parentOf } from './tree';
import type { QuestionnaireValidationError } from './types';
import { validateAnswers } from './validation';

/** Required from the loaded response item when it says, else from the questionnaire item. */
export function requiredOf(node: Node): boolean {
  return node.responseRequired ?? !!node.def.item.required;
}

/** Validates the node and, for repeating questions, its sibling instances (required counts across them). */
export function validateGroup(s: EngineState, node: Node): void {
  if (node.def.repeatsAsInstances) {
    for (const sibling of parentOf(s, node).children) if (sibling.def === node.def) updateErrors(s, sibling);
  } else updateErrors(s, node);
}

/** Required groups need an answer somewhere below; re-checked for the required ancestors of a changed item (O(depth + subtree)). */
export function revalidateRequiredAncestors(s: EngineState, node: Node): void {
  for (let n = node.parent; n; n = n.parent) if (n.def.type === 'group' && requiredOf(n)) updateErrors(s, n);
}

function hasAnswerBelow(node: Node): boolean {
  for (const child of node.children) {
    if (!child.enabled) continue;
    if (child.answers.some(hasValue) || hasAnswerBelow(child)) return true;
  }
  return false;
}

function computeErrors(s: EngineState, node: Node): string[] {
  const def = node.def;
  const messages = s.messages;
  if (def.type === 'group' && node.enabled && !node.hidden && requiredOf(node) && !hasAnswerBelow(node)) {
    return [...node.externalErrors, messages.required];
  }
  if (!node.enabled || node.hidden || !isQuestion(def)) return [...node.externalErrors];
  const errors = [...node.externalErrors];
  let first = true;
  let answeredCount = node.answers.filter(hasValue).length;
  if (def.repeatsAsInstances) {
    const siblings = parentOf(s, node).children.filter((c) => c.def === def);
    first = siblings[0] === node;
    answeredCount = siblings.filter((sibling) => sibling.answers.some(hasValue)).length;
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

/** The page (top-level instance) an instance is on. */
function pageOf(node: Node): Node {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** Moves an instance in or out of the error counts. */
export function countErrors(s: EngineState, node: Node, counted: boolean): void {
  if (counted === node.counted) return;
  node.counted = counted;
  const delta = counted ? 1 : -1;
  s.form.errorCount += delta;
  const page = pageOf(node);
  s.form.pageErrors.set(page, (s.form.pageErrors.get(page) ?? 0) + delta);
  markFormChanged(s);
}

/** Recomputes an instance's errors; marks it changed only when they differ. */
export function updateErrors(s: EngineState, node: Node): void {
  const errors = computeErrors(s, node);
  if (errors.length !== node.errors.length || errors.some((e, i) => e !== node.errors[i])) {
    node.errors = errors;
    markChanged(s, node);
  }
  countErrors(s, node, node.enabled && errors.length > 0);
}

/** Every current error of enabled instances, in document order, the missing signature last. */
export function collectErrors(s: EngineState): QuestionnaireValidationError[] {
  const errors: QuestionnaireValidationError[] = [];
  const walk = (list: Node[]) => {
    for (const node of list) {
      if (!node.enabled) continue;
      for (const message of node.errors) errors.push({ key: node.key, linkId: node.def.linkId, message });
      walk(node.children);
    }
  };
  walk(s.root.children);
  if (s.form.signatureRequired && !s.form.signature)
    errors.push({ key: '', linkId: '', message: s.messages.signatureRequired });
  return errors;
}
