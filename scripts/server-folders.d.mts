export declare function readServerGraph(root?: string): Map<string, Set<string>>;
export declare function findCycles(graph: Map<string, Set<string>>): string[][];
export declare function seedImporters(graph: Map<string, Set<string>>): string[];
export declare function layerOrder(graph: Map<string, Set<string>>): string[];
