// Notification: every change marks the instances it touched; at the end of the outermost batch
// their snapshots are dropped and only their subscribers are called. This is what keeps a
// keystroke's cost to its item and its dependents, whatever the size of the form.
import type { Node } from './nodes';
import type { EngineState } from './state';

/** Marks an instance whose snapshot must be rebuilt and whose subscribers must be told. */
export function markChanged(s: EngineState, node: Node): void {
  s.notify.changed.add(node);
}

/** Marks a form-level change (pages, signature, error count, issues). */
export function markFormChanged(s: EngineState): void {
  s.notify.formChanged = true;
}

/** Runs a change; listeners are called once, when the outermost batch ends. */
export function batch<T>(s: EngineState, fn: () => T): T {
  s.notify.depth++;
  try {
    return fn();
  } finally {
    s.notify.depth--;
    if (s.notify.depth === 0) flush(s);
  }
}

/** Drops the stale snapshots and calls the subscribers of the changed instances, then the form's. */
function flush(s: EngineState): void {
  const notify = s.notify;
  if (!notify.changed.size && !notify.formChanged) return;
  const toNotify = [...notify.changed];
  notify.changed.clear();
  for (const node of toNotify) if (s.nodes.get(node.key) === node) node.state = undefined;
  // The form snapshot keeps its identity through answer changes, so a keystroke does not
  // re-render the form around the item.
  if (notify.formChanged) s.form.snapshot = undefined;
  notify.formChanged = false;
  for (const node of toNotify) notify.itemListeners.get(node.key)?.forEach((l) => l());
  notify.listeners.forEach((l) => l());
}
