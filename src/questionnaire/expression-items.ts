// What expressions compute, once FHIRPath is here: an item's enableWhenExpression,
// calculatedExpression, answerExpression, answer-option toggles and initialExpression, and the
// first evaluation of them all. None of it can run before the engine has loaded, so
// fhirpath-load.ts loads this module together with the engine (it sits on `s.fhirpath.run`):
// a questionnaire without expressions never downloads it, and the rest of the engine calls it
// only through that field.
import { answerIdentity, resultsToAnswers } from './answers';
import type { ItemDef } from './definitions';
import { evaluate } from './evaluate';
import { isQuestion, type Node } from './nodes';
import { markChanged } from './notify';
import { optionsFromResults } from './options';
import { applyAnswers, propagate, reevaluate } from './propagate';
import { insertInstance } from './repeats';
import type { EngineState } from './state';
import type { QuestionnaireAnswer } from './types';

export { evaluate };

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

/** Whether the instance's enableWhenExpression holds; undefined when it failed (the item stays enabled). */
export function enabledByExpression(s: EngineState, node: Node): boolean | undefined {
  const result = evaluate(s, node, node.def.enableWhenExpression!, 'enableWhenExpression');
  return result && result.length > 0 && result.every((r) => r === true);
}

/** The calculated value, the answer options and the option toggles of one instance; adds its def to `affected` when its answers changed. */
export function computeExpressions(s: EngineState, node: Node, affected: Set<ItemDef>): void {
  const def = node.def;
  if (def.calculatedExpression && !def.cyclic) {
    const result = evaluate(s, node, def.calculatedExpression, 'calculatedExpression');
    if (result) {
      const answers = withUnit(def, resultsToAnswers(def.item, result));
      if (!sameAnswers(answers, node.answers)) {
        applyAnswers(s, node, answers);
        affected.add(def);
      }
    }
  }
  if (def.answerExpression) {
    const result = evaluate(s, node, def.answerExpression, 'answerExpression');
    if (result) {
      const options = optionsFromResults(def.item, result);
      if (JSON.stringify(options) !== JSON.stringify(node.optionsState?.options)) {
        node.optionsState = { options, loading: false, truncated: false };
        markChanged(s, node);
      }
    }
  }
  if (def.optionToggles.length) {
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

/** initialExpression of an instance without an answer; a repeating non-choice item gets one instance per value. */
export function populateInitial(s: EngineState, node: Node): void {
  const def = node.def;
  if (!def.initialExpression || node.answers.length) return;
  const result = evaluate(s, node, def.initialExpression, 'initialExpression');
  if (!result) return;
  const answers = withUnit(
    def,
    resultsToAnswers({ ...def.item, repeats: def.item.repeats && !def.repeatsAsInstances }, result)
  );
  if (!answers.length) return;
  applyAnswers(s, node, answers.slice(0, 1).concat(def.repeatsAsAnswers ? answers.slice(1) : []));
  if (def.repeatsAsInstances && isQuestion(def)) {
    const all = resultsToAnswers({ ...def.item, repeats: true }, result);
    let last = node;
    for (const answer of all.slice(1)) {
      const key = insertInstance(s, last);
      if (!key) break;
      last = s.nodes.get(key)!;
      applyAnswers(s, last, [answer]);
    }
  }
}

/** The first evaluation once the engine is here: initialExpression for a fresh form, then every computed item. */
export function evaluateAll(s: EngineState): void {
  // initialExpression: only for a fresh form and items without an answer.
  if (!s.existing) {
    for (const def of s.defs.all) {
      if (!def.initialExpression) continue;
      for (const node of [...(s.instances.get(def) ?? [])]) populateInitial(s, node);
    }
  }
  const affected = new Set<ItemDef>();
  for (const def of s.defs.all) reevaluate(s, def, affected);
  propagate(s, new Set([...affected, ...s.defs.all]));
}
