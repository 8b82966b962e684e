/** Paths forwarded to the reference server; a prefix ending in '/' also names its bare path. */
export declare const API_PREFIXES: readonly string[];
/** True when serve.mjs forwards this path to the reference server. */
export declare function isApiPath(path: string): boolean;
