// `node scripts/server-folders.mjs`: the reference server's import graph between its folders
// (and top-level files), read from the source itself. Prints each part and what it imports,
// then an order in which every part comes after what it imports, and exits 1 naming the parts
// of any cycle, or any product file that imports seed/ (demo data). Tests, test helpers and the
// attack suite (security/) are left out, as the lint rule (eslint.config.js,
// SERVER_LAYER_ORDER) leaves them out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo/server');

/**
 * Parts that may import seed/: the composition roots (the server, and the command-line entries
 * `npm run seed` and `npm run register-app`, which writes into the demo project).
 */
const SEED_IMPORTERS = new Set(['app', 'seed-cli', 'register-app', 'seed']);

/** Folders of tests only. */
const TEST_FOLDERS = new Set(['security', 'test']);

function productFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return TEST_FOLDERS.has(entry.name) && dir === SERVER ? [] : productFiles(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.startsWith('test-')) return [];
    return [full];
  });
}

/** The part a server file belongs to: its folder under demo/server, or its own name at the top. */
function partOf(file) {
  const [first, ...rest] = path.relative(SERVER, file).split(path.sep);
  return rest.length ? first : first.replace(/\.ts$/, '');
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Edges between parts: Map<part, Set<part>>, from the relative imports of every product file. */
export function readServerGraph(root = SERVER) {
  const graph = new Map();
  for (const file of productFiles(root)) {
    const from = partOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(root + path.sep)) continue; // src/fhir and packages
      const to = partOf(target.endsWith('.ts') ? target : target + '.ts');
      if (to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** The cycles of a graph (its strongly connected components of more than one part), by Tarjan. */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!state.has(w)) {
        visit(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) {
        state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
      }
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!state.has(v)) visit(v);
  return cycles;
}

/** Parts other than the composition roots that import seed/. */
export function seedImporters(graph) {
  return [...graph].filter(([from, to]) => to.has('seed') && !SEED_IMPORTERS.has(from)).map(([from]) => from);
}

/** An order in which each part comes after everything it imports (graph without cycles). */
export function layerOrder(graph) {
  const done = new Set();
  const order = [];
  const visit = (v) => {
    if (done.has(v)) return;
    done.add(v);
    for (const w of [...(graph.get(v) ?? [])].sort()) visit(w);
    order.push(v);
  };
  for (const v of [...graph.keys()].sort()) visit(v);
  return order;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const graph = readServerGraph();
  for (const [from, to] of [...graph].sort()) console.log(`${from.padEnd(15)} → ${[...to].sort().join(', ') || '—'}`);
  const cycles = findCycles(graph);
  const seed = seedImporters(graph);
  for (const cycle of cycles) console.error(`cycle between ${cycle.join(', ')}`);
  for (const from of seed) console.error(`${from} imports seed/ (demo data)`);
  if (cycles.length || seed.length) process.exit(1);
  console.log(`\nno cycles; an order that respects every import: ${layerOrder(graph).join(' → ')}`);
}
