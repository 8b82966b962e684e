// Loading: the instance tree built from the definitions and the continued response, then, in
// document order, the live response, the enable states and the errors. Nothing is notified:
// nobody subscribes before the store is returned.
import { settleEnableWhen } from './enable-state';
import { updateErrors } from './item-errors';
import { refreshLiveResponse } from './live-response';
import type { EngineState } from './state';
import { allInstances, buildChildren } from './tree';

/** Builds and settles the tree of a new store. A tree that cannot be built becomes `fatalError`. */
export function loadTree(s: EngineState): void {
  const existing = s.existing;
  try {
    buildChildren(s, s.root, existing ? (Array.isArray(existing.item) ? existing.item : []) : undefined);
  } catch (error) {
    s.form.fatalError = `The questionnaire could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  const ordered = allInstances(s);
  refreshLiveResponse(s);
  settleEnableWhen(s, ordered);
  for (const node of ordered) updateErrors(s, node);
  s.notify.changed.clear();
  s.notify.formChanged = false;
}
