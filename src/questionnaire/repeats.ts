// Repeats after load: inserting a new instance (its subtree built, enabled, validated) and
// removing one (its subtree unregistered, the counts and its siblings corrected).
import type { ItemDef } from './definitions';
import { computeOwnEnabled } from './enable-state';
import { countErrors, revalidateRequiredAncestors, updateErrors, validateGroup } from './item-errors';
import { refreshLiveAnswers, refreshLiveChildren } from './live-response';
import { isQuestion, type Node, type RootNode } from './nodes';
import { markChanged, markFormChanged } from './notify';
import type { EngineState } from './state';
import { buildChildren, createNode, parentOf, subtreeOf } from './tree';

/** After the children of `parent` changed: its child keys (or the form's root keys) changed. */
function childrenChanged(s: EngineState, parent: Node | RootNode): void {
  if (parent !== s.root) {
    (parent as Node).childKeys = parent.children.map((c) => c.key);
    markChanged(s, parent as Node);
  } else markFormChanged(s);
}

/** Inserts a new empty instance after the last instance of `after`'s item; returns its key. */
export function insertInstance(s: EngineState, after: Node): string | undefined {
  const parent = parentOf(s, after);
  const def = after.def;
  const node = createNode(s, parent, def, []);
  node.enabled = false;
  buildChildren(s, node, undefined);
  let index = parent.children.lastIndexOf(after);
  for (let i = index + 1; i < parent.children.length && parent.children[i].def === def; i++) index = i;
  parent.children.splice(index + 1, 0, node);
  childrenChanged(s, parent);
  // New subtree: enable state and validation.
  const subtree = subtreeOf(node);
  for (const n of subtree) {
    n.ownEnabled = computeOwnEnabled(s, n);
    n.enabled = (n.parent ? n.parent.enabled : true) && n.ownEnabled;
    n.hidden = n.def.ownHidden || (n.parent?.hidden ?? false);
    if (isQuestion(n.def)) refreshLiveAnswers(s, n);
  }
  for (let i = subtree.length - 1; i >= 0; i--) if (!isQuestion(subtree[i].def)) refreshLiveChildren(s, subtree[i]);
  refreshLiveChildren(s, parent);
  for (const n of subtree) {
    updateErrors(s, n);
    markChanged(s, n);
  }
  for (const sibling of parent.children) if (sibling.def === def) markChanged(s, sibling);
  validateGroup(s, node);
  return node.key;
}

function unregister(s: EngineState, node: Node): void {
  for (const child of node.children) unregister(s, child);
  s.nodes.delete(node.key);
  s.instances.get(node.def)?.delete(node);
  countErrors(s, node, false);
  // Its subscribers read it once more and find it gone.
  s.notify.itemListeners.get(node.key)?.forEach((l) => l());
}

/** Removes an instance and its subtree; returns the defs whose answers left the form. */
export function removeInstance(s: EngineState, node: Node): Set<ItemDef> {
  const parent = parentOf(s, node);
  const removedDefs = new Set<ItemDef>(subtreeOf(node).map((n) => n.def));
  parent.children = parent.children.filter((c) => c !== node);
  childrenChanged(s, parent);
  unregister(s, node);
  markFormChanged(s);
  if (parent !== s.root) {
    updateErrors(s, parent as Node);
    revalidateRequiredAncestors(s, parent as Node);
  }
  const rest = parent.children.filter((c) => c.def === node.def);
  if (isQuestion(node.def) && rest[0]) refreshLiveAnswers(s, rest[0]);
  refreshLiveChildren(s, parent);
  for (const sibling of rest) {
    markChanged(s, sibling);
    updateErrors(s, sibling);
  }
  return removedDefs;
}
