// What a change does: new answers go into the instance, the live response and its errors; then
// the change travels the dependency graph (definitions' `dependents`), re-evaluating only the
// items that read what changed, round after round until nothing more changes.
import { answerIdentity, resultsToAnswers } from './answers';
import type { ItemDef } from './definitions';
import { recheckEnabled, ROUND_LIMIT } from './enable-state';
import { evaluate } from './evaluate';
import { revalidateRequiredAncestors, validateGroup } from './item-errors';
import { refreshLiveAnswers } from './live-response';
import type { Node } from './nodes';
import { markChanged, markFormChanged } from './notify';
import { optionsFromResults } from './options';
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

/** A calculated quantity takes the item's questionnaire-unit when the expression gave a bare number. */
export function withUnit(def: ItemDef, answers: QuestionnaireAnswer[]): QuestionnaireAnswer[] {
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

function sameAnswers(a: readonly QuestionnaireAnswer[], b: readonly QuestionnaireAnswer[]): boolean {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}

/** Re-evaluates what a def computes, for each of its instances; collects defs whose answers or enable state changed. */
export function reevaluate(s: EngineState, def: ItemDef, affected: Set<ItemDef>): void {
  const engine = s.fhirpath.engine;
  for (const node of [...(s.instances.get(def) ?? [])]) {
    if (def.enableWhen.length || def.enableWhenExpression) {
      if (recheckEnabled(s, node, affected)) markChanged(s, node);
    }
    if (engine && def.calculatedExpression && !def.cyclic) {
      const result = evaluate(s, node, def.calculatedExpression, 'calculatedExpression');
      if (result) {
        const answers = withUnit(def, resultsToAnswers(def.item, result));
        if (!sameAnswers(answers, node.answers)) {
          applyAnswers(s, node, answers);
          affected.add(def);
        }
      }
    }
    if (engine && def.answerExpression) {
      const result = evaluate(s, node, def.answerExpression, 'answerExpression');
      if (result) {
        const options = optionsFromResults(def.item, result);
        if (JSON.stringify(options) !== JSON.stringify(node.optionsState?.options)) {
          node.optionsState = { options, loading: false, truncated: false };
          markChanged(s, node);
        }
      }
    }
    if (engine && def.optionToggles.length) {
      const disabled = new Set<string>();
      def.optionToggles.forEach((toggle, i) => {
        const result = evaluate(s, node, toggle.expression, `answerOptionsToggleExpression ${i}`);
        const on = !!result && result.length > 0 && result.every((r) => r === true);
        if (!on) toggle.options.forEach((o) => disabled.add(answerIdentity(o)));
      });
      const before = node.disabledOptions ?? new Set<string>();
      if (disabled.size !== before.size || [...disabled].some((d) => !before.has(d))) {
        node.disabledOptions = disabled;
        markChanged(s, node);
      }
    }
  }
}

/** Propagates changes through the dependency graph until stable (or ROUND_LIMIT, a guard against runtime loops). */
export function propagate(s: EngineState, changedDefs: Set<ItemDef>): void {
  let pending = changedDefs;
  for (let round = 0; pending.size && round < ROUND_LIMIT; round++) {
    const targets = new Set<ItemDef>();
    for (const def of pending) for (const dependent of s.defs.dependents.get(def.linkId) ?? []) targets.add(dependent);
    if (s.fhirpath.engine) s.defs.dynamic.forEach((d) => targets.add(d));
    const affected = new Set<ItemDef>();
    for (const target of targets) reevaluate(s, target, affected);
    pending = affected;
    if (round === ROUND_LIMIT - 1 && pending.size) {
      s.form.issues.push('Calculations did not settle; stopped to avoid an endless loop.');
      markFormChanged(s);
    }
  }
}
