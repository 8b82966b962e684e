// The dependency graph: which items must be re-evaluated when an answer changes (enableWhen
// targets, and the linkIds an expression reads, through its variables), expressions whose reads
// cannot be told (re-evaluated on every change), and enableWhen/calculation cycles.
import type { ItemDef, VariableDef } from './item-def';
import { BUILT_IN_VARIABLES, type ExpressionInfo } from './expressions';

/** What buildDependencyGraph finds. */
export interface DependencyGraph {
  /** linkId → defs whose enable state, calculation or options must be re-evaluated when it changes. */
  dependents: Map<string, Set<ItemDef>>;
  /** Defs with an expression whose dependencies cannot be determined: re-evaluated on every change. */
  dynamic: Set<ItemDef>;
  /** Form-level problems (self-referencing variables). */
  issues: string[];
}

/**
 * Builds the graph over the definitions (enableWhen targets already resolved); marks the defs
 * in a cycle as `cyclic`, each with an issue.
 */
export function buildDependencyGraph(
  all: ItemDef[],
  byLinkId: Map<string, ItemDef>,
  variables: VariableDef[]
): DependencyGraph {
  const issues: string[] = [];
  const dependents = new Map<string, Set<ItemDef>>();
  const dynamic = new Set<ItemDef>();
  const addDependent = (linkId: string, def: ItemDef) => {
    let set = dependents.get(linkId);
    if (!set) dependents.set(linkId, (set = new Set()));
    set.add(def);
  };
  const variablesInScope = (def: ItemDef | undefined): Map<string, VariableDef> => {
    const scope = new Map<string, VariableDef>();
    for (const v of variables) scope.set(v.name, v);
    const chain: ItemDef[] = [];
    for (let d = def; d; d = d.parent) chain.unshift(d);
    for (const d of chain) for (const v of d.variables) scope.set(v.name, v);
    return scope;
  };
  /** linkIds an expression reads, following variables; undefined when it cannot be told. */
  const expressionDeps = (info: ExpressionInfo, def: ItemDef | undefined): Set<string> | undefined => {
    const deps = new Set<string>();
    const seen = new Set<string>();
    const pending: ExpressionInfo[] = [info];
    const scope = variablesInScope(def);
    let isDynamic = false;
    while (pending.length) {
      const current = pending.pop()!;
      if (current.dynamic) isDynamic = true;
      current.linkIds.forEach((l) => deps.add(l));
      for (const name of current.variables) {
        if (seen.has(name)) continue;
        seen.add(name);
        const variable = scope.get(name);
        if (variable) pending.push(variable);
      }
    }
    return isDynamic ? undefined : deps;
  };
  // Edges for cycle detection: def → defs whose answers or enable state it reads.
  const reads = new Map<ItemDef, Set<ItemDef>>();
  const addRead = (def: ItemDef, source: ItemDef) => {
    let set = reads.get(def);
    if (!set) reads.set(def, (set = new Set()));
    set.add(source);
  };
  for (const def of all) {
    for (const { condition, target } of def.enableWhen) {
      if (target) {
        addDependent(condition.question, def);
        addRead(def, target);
      }
    }
    if (!def.enableWhenExpression && !def.calculatedExpression && !def.answerExpression && !def.optionToggles.length)
      continue;
    for (const [info, inCycle] of [
      [def.enableWhenExpression, true],
      [def.calculatedExpression, true],
      [def.answerExpression, false],
      ...def.optionToggles.map((t) => [t.expression, false] as const),
    ] as const) {
      if (!info) continue;
      const deps = expressionDeps(info, def);
      if (!deps) {
        dynamic.add(def);
        continue;
      }
      for (const linkId of deps) {
        addDependent(linkId, def);
        const source = byLinkId.get(linkId);
        if (source && inCycle) addRead(def, source);
      }
    }
  }
  markCycles(all, reads);
  for (const v of [...variables, ...all.flatMap((d) => d.variables)]) {
    for (const name of v.variables) {
      if (!BUILT_IN_VARIABLES.has(name) && name === v.name) issues.push(`Variable '${v.name}' refers to itself.`);
    }
  }
  return { dependents, dynamic, issues };
}

/** Tarjan's strongly connected components; every def in a cycle gets an issue and is marked cyclic. */
function markCycles(all: ItemDef[], reads: Map<ItemDef, Set<ItemDef>>): void {
  let index = 0;
  const indices = new Map<ItemDef, number>();
  const low = new Map<ItemDef, number>();
  const stack: ItemDef[] = [];
  const onStack = new Set<ItemDef>();
  const strongConnect = (root: ItemDef) => {
    // Iterative to survive deep graphs.
    const work: { def: ItemDef; edges: ItemDef[]; i: number }[] = [];
    const push = (def: ItemDef) => {
      indices.set(def, index);
      low.set(def, index);
      index++;
      stack.push(def);
      onStack.add(def);
      work.push({ def, edges: [...(reads.get(def) ?? [])], i: 0 });
    };
    push(root);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.edges.length) {
        const next = frame.edges[frame.i++];
        if (!indices.has(next)) push(next);
        else if (onStack.has(next)) low.set(frame.def, Math.min(low.get(frame.def)!, indices.get(next)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].def;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.def)!));
      }
      if (low.get(frame.def) === indices.get(frame.def)) {
        const component: ItemDef[] = [];
        let member: ItemDef;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.def);
        const selfLoop = component.length === 1 && reads.get(component[0])?.has(component[0]);
        if (component.length > 1 || selfLoop) {
          const names = component.map((d) => d.linkId).reverse();
          const text = `Circular dependency in enableWhen/calculatedExpression: ${[...names, names[0]].join(' → ')}.`;
          for (const def of component) {
            def.cyclic = true;
            def.issues.push(text);
          }
        }
      }
    }
  };
  // A cycle's members all read something: only those can start one.
  for (const def of reads.keys()) if (!indices.has(def)) strongConnect(def);
}
