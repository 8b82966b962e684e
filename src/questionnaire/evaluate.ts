// Running FHIRPath: compile (cached per engine), the variables in scope of an instance
// (evaluated lazily, only those an expression names), and the context it runs against (the
// live response). A failure is recorded on the instance, never thrown.
import type { ExpressionInfo, CompiledFhirPath } from './expressions';
import type { VariableDef } from './definitions';
import type { Node } from './nodes';
import { markChanged } from './notify';
import type { EngineState } from './state';

type Scope = Map<string, { variable: VariableDef; context: Node | undefined }>;

function compile(s: EngineState, info: ExpressionInfo, base: string | undefined): CompiledFhirPath | Error {
  const cacheKey = `${base ?? ''}|${info.expression}`;
  let fn = s.fhirpath.compiled.get(cacheKey);
  if (!fn) {
    try {
      fn = s.fhirpath.engine!.compile(info.expression, base);
    } catch (error) {
      fn = error instanceof Error ? error : new Error(String(error));
    }
    s.fhirpath.compiled.set(cacheKey, fn);
  }
  return fn;
}

/** Variables in scope of an instance: the questionnaire's, then each ancestor's, the nearest winning. */
function variablesFor(s: EngineState, node: Node | undefined): Scope {
  const scope: Scope = new Map();
  for (const v of s.defs.variables) scope.set(v.name, { variable: v, context: undefined });
  const chain: Node[] = [];
  for (let n = node; n; n = n.parent) chain.unshift(n);
  for (const n of chain) for (const v of n.def.variables) scope.set(v.name, { variable: v, context: n });
  return scope;
}

/** Runs a compiled expression with its context node and the variables it names (evaluated lazily). */
function run(
  s: EngineState,
  info: ExpressionInfo,
  context: Node | undefined,
  scope: Scope,
  memo: Map<string, unknown>,
  depth = 0
): unknown[] {
  const fn = compile(s, info, context ? 'QuestionnaireResponse.item' : undefined);
  if (fn instanceof Error) throw fn;
  const vars: Record<string, unknown> = {
    ...s.fhirpath.launchDefaults,
    ...s.options.variables,
    resource: s.root.live,
    questionnaire: s.questionnaire,
  };
  for (const name of info.variables) {
    if (name in vars && !scope.has(name)) continue;
    const entry = scope.get(name);
    if (!entry) continue;
    if (!memo.has(name)) {
      if (depth > 20 || entry.variable === info) throw new Error(`Variable '${name}' refers to itself.`);
      memo.set(name, undefined);
      memo.set(name, run(s, entry.variable, entry.context, scope, memo, depth + 1));
    }
    vars[name] = memo.get(name);
  }
  return fn(context ? context.live! : s.root.live, vars);
}

/**
 * Evaluates an expression for an instance. On failure records 'Expression evaluation failed: …'
 * under `kind` on the instance (its state and the response show it) and returns undefined.
 */
export function evaluate(s: EngineState, node: Node, info: ExpressionInfo, kind: string): unknown[] | undefined {
  try {
    const result = run(s, info, node, variablesFor(s, node), new Map());
    if (node.expressionErrors?.delete(kind)) markChanged(s, node);
    return result;
  } catch (error) {
    const message = s.messages.expressionFailed(error instanceof Error ? error.message : String(error));
    if (node.expressionErrors?.get(kind) !== message) {
      (node.expressionErrors ??= new Map()).set(kind, message);
      s.log(`${message} (item '${node.def.linkId}', ${kind})`);
      markChanged(s, node);
    }
    return undefined;
  }
}
