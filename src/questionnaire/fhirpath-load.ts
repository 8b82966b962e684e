// Expressions once FHIRPath is here: the engine and what runs the expressions
// (expression-items.ts) are loaded on demand, only for a questionnaire with an expression; then
// initialExpression fills a fresh form and every computed item is evaluated once. Until then
// the form works without them (expressions read as not yet known, their items as pending).
import { loadFhirPath, type CompiledFhirPath, type FhirPathEngine } from './expressions';
import { batch, markChanged, markFormChanged } from './notify';
import { hasExpression } from './snapshots';
import type { EngineState } from './state';

// Compiling is the slow part of FHIRPath (tens of ms per long expression): shared across stores.
const compileCaches = new WeakMap<FhirPathEngine, Map<string, CompiledFhirPath | Error>>();

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
  return Promise.all([(s.options.loadFhirPath ?? loadFhirPath)(), import('./expression-items')]).then(
    ([loaded, run]) => {
      s.fhirpath.engine = loaded;
      let cache = compileCaches.get(loaded);
      if (!cache) compileCaches.set(loaded, (cache = new Map()));
      s.fhirpath.compiled = cache;
      s.fhirpath.run = run;
      batch(s, () => {
        run.evaluateAll(s);
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
