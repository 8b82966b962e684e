import { findCycles, layerOrder, readServerGraph, seedImporters } from './server-folders.mjs';

describe('the reference server’s folder graph', () => {
  it('has no cycle, and only the composition roots import seed data', () => {
    const graph = readServerGraph();
    expect(graph.get('store')).toBeDefined();
    expect(findCycles(graph)).toEqual([]);
    expect(seedImporters(graph)).toEqual([]);
    // The kernel first, the composition roots last.
    const order = layerOrder(graph);
    expect(order[0]).toBe('core');
    expect(order.indexOf('store')).toBeLessThan(order.indexOf('fhir'));
    expect(order.indexOf('app')).toBeGreaterThan(order.indexOf('fhircast'));
  });

  describe('when an arrow points back', () => {
    it('names every part of the cycle', () => {
      const graph = new Map([
        ['core', new Set<string>()],
        ['store', new Set(['core', 'fhir'])],
        ['fhir', new Set(['store', 'core'])],
        ['seedless', new Set(['seed'])],
        ['seed', new Set<string>()],
      ]);
      expect(findCycles(graph)).toEqual([['fhir', 'store']]);
      expect(seedImporters(graph)).toEqual(['seedless']);
    });
  });
});
