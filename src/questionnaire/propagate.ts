// What a change does: new answers go into the instance, the live response and its errors; then
// the change travels the dependency graph (definitions' `dependents`), re-evaluating only the
// items that read what changed, round after round until nothing more changes.
import type { ItemDef } from './definitions';
import { recheckEnabled, ROUND_LIMIT } from './enable-state';
import { revalidateRequiredAncestors, validateGroup } from './item-errors';
import { refreshLiveAnswers } from './live-response';
import type { Node } from './nodes';
import { markChanged, markFormChanged } from './notify';
import type { EngineState } from './state';
import type { QuestionnaireAnswer } from './types';

/** Sets an instance's answers: live response, errors (its own, its repeats', required ancestors'), notification. */
export function applyAnswers(s: EngineState, node: Node, answers: QuestionnaireAnswer[]): void {
  node.answers = answers;
  refreshLiveAnswers(s, node);
  validateGroup(s, node);
  revalidateRequiredAncestors(s, node);
  markChanged(s, node);
}

/**
 * Re-evaluates what a def computes, for each of its instances: its enable state, and once FHIRPath
 * is here its expressions (expression-items.ts); collects defs whose answers or enable state changed.
 */
export function reevaluate(s: EngineState, def: ItemDef, affected: Set<ItemDef>): void {
  const run = s.fhirpath.run;
  for (const node of [...(s.instances.get(def) ?? [])]) {
    if (def.enableWhen.length || def.enableWhenExpression) {
      if (recheckEnabled(s, node, affected)) markChanged(s, node);
    }
    run?.computeExpressions(s, node, affected);
  }
}

/** Propagates changes through the dependency graph until stable (or ROUND_LIMIT, a guard against runtime loops). */
export function propagate(s: EngineState, changedDefs: Set<ItemDef>): void {
  let pending = changedDefs;
  for (let round = 0; pending.size && round < ROUND_LIMIT; round++) {
    const targets = new Set<ItemDef>();
    for (const def of pending) for (const dependent of s.defs.dependents.get(def.linkId) ?? []) targets.add(dependent);
    if (s.fhirpath.run) s.defs.dynamic.forEach((d) => targets.add(d));
    const affected = new Set<ItemDef>();
    for (const target of targets) reevaluate(s, target, affected);
    pending = affected;
    if (round === ROUND_LIMIT - 1 && pending.size) {
      s.form.issues.push('Calculations did not settle; stopped to avoid an endless loop.');
      markFormChanged(s);
    }
  }
}
