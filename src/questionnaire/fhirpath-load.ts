// Expressions once FHIRPath is here: the engine is loaded on demand (only a questionnaire with an
// expression asks), then initialExpression fills a fresh form and every computed item is
// evaluated once. Until then the form works without them (expressions read as not yet known).
import { resultsToAnswers } from './answers';
import type { ItemDef } from './definitions';
import { evaluate } from './evaluate';
import { loadFhirPath, type CompiledFhirPath, type FhirPathEngine } from './expressions';
import { isQuestion, type Node } from './nodes';
import { batch, markChanged, markFormChanged } from './notify';
import { applyAnswers, propagate, reevaluate, withUnit } from './propagate';
import { insertInstance } from './repeats';
import { hasExpression } from './snapshots';
import type { EngineState } from './state';

// Compiling is the slow part of FHIRPath (tens of ms per long expression): shared across stores.
const compileCaches = new WeakMap<FhirPathEngine, Map<string, CompiledFhirPath | Error>>();

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

/** The form is ready: items that waited for FHIRPath are no longer pending. */
function endPending(s: EngineState): void {
  s.fhirpath.ready = true;
  markFormChanged(s);
  for (const [def, nodes] of s.instances) if (hasExpression(s, def)) for (const node of nodes) markChanged(s, node);
}

/**
 * Loads FHIRPath when the questionnaire has an expression and evaluates everything once; the
 * promise is the store's `ready`. A failed load is logged and becomes a form issue.
 */
export function startExpressions(s: EngineState): Promise<void> {
  if (s.fhirpath.ready) return Promise.resolve();
  return (s.options.loadFhirPath ?? loadFhirPath)().then(
    (loaded) => {
      s.fhirpath.engine = loaded;
      let cache = compileCaches.get(loaded);
      if (!cache) compileCaches.set(loaded, (cache = new Map()));
      s.fhirpath.compiled = cache;
      batch(s, () => {
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
        endPending(s);
      });
    },
    (error) => {
      const message = `The FHIRPath engine could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      s.log(message, error);
      s.form.issues.push(message);
      batch(s, () => endPending(s));
    }
  );
}
