// Enable state of instances: an instance is enabled when its own conditions (enableWhen, or
// enableWhenExpression) hold and its parent is enabled. The conditions of one item are
// evaluated in enable-when.ts; here they are read against the right repeat instance, and a
// change is carried down the subtree, into the live response and the error counts.
import type { ItemDef } from './definitions';
import { evaluateEnableWhen } from './enable-when';
import { revalidateRequiredAncestors, updateErrors } from './item-errors';
import { refreshLiveAnswers, refreshLiveChildren } from './live-response';
import { isQuestion, type Node, type RootNode } from './nodes';
import { markChanged, markFormChanged } from './notify';
import type { EngineState } from './state';
import { parentOf } from './tree';
import type { QuestionnaireAnswer } from './types';

/** Rounds of settling before giving up: a guard against conditions that never settle. */
export const ROUND_LIMIT = 50;

/** Answers of the instances of `target` nearest to `node`: the same repeat instance, going outwards. */
function scopedAnswers(s: EngineState, node: Node, target: ItemDef): QuestionnaireAnswer[] {
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
  let scope: Node | RootNode = s.root;
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

/** Whether the instance's own conditions hold (its parent aside). Until FHIRPath is loaded, an expression holds. */
export function computeOwnEnabled(s: EngineState, node: Node): boolean {
  const def = node.def;
  if (def.cyclic) return true;
  if (def.enableWhenExpression) {
    return s.fhirpath.run?.enabledByExpression(s, node) ?? true;
  }
  const conditions = def.enableWhen.filter((e) => e.target);
  if (!conditions.length) return true;
  const results = conditions.map(({ condition, target }) =>
    evaluateEnableWhen(condition, scopedAnswers(s, node, target!))
  );
  return def.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
}

/** Applies a new enabled value to a node and its subtree; collects the defs whose visible answers changed. */
export function setEnabled(s: EngineState, node: Node, enabled: boolean, affected: Set<ItemDef>): void {
  if (node.enabled === enabled) return;
  const walk = (n: Node, parentEnabled: boolean) => {
    const value = parentEnabled && n.ownEnabled;
    if (n.enabled === value) return;
    n.enabled = value;
    affected.add(n.def);
    markChanged(s, n);
    // A top-level item is a page: its enabled state is form-level.
    if (!n.parent) markFormChanged(s);
    updateErrors(s, n);
    for (const child of n.children) walk(child, value);
    // Answers set while disabled must show up in the live response once enabled again.
    if (isQuestion(n.def)) refreshLiveAnswers(s, n);
    else refreshLiveChildren(s, n);
  };
  walk(node, parentOf(s, node) === s.root ? true : (node.parent as Node).enabled);
  refreshLiveChildren(s, parentOf(s, node));
  revalidateRequiredAncestors(s, node);
}

/** Re-checks an instance's own conditions; applies a change to its subtree. */
export function recheckEnabled(s: EngineState, node: Node, affected: Set<ItemDef>): boolean {
  const own = computeOwnEnabled(s, node);
  if (own === node.ownEnabled) return false;
  node.ownEnabled = own;
  setEnabled(s, node, (node.parent ? node.parent.enabled : true) && own, affected);
  return true;
}

/** At load: evaluates each conditional instance in document order until nothing changes. */
export function settleEnableWhen(s: EngineState, ordered: Node[]): void {
  const conditional = ordered.filter((n) => n.def.enableWhen.length);
  for (let round = 0; round < ROUND_LIMIT; round++) {
    const affected = new Set<ItemDef>();
    for (const node of conditional) {
      if (!s.nodes.has(node.key)) continue;
      recheckEnabled(s, node, affected);
    }
    if (!affected.size) break;
  }
}
