/** A path refused, and the status to answer (414 when too long, else 400). */
export interface RefusedPath {
  ok: false;
  status: 400 | 414;
  reason: string;
}

export type CanonicalPath = { ok: true; path: string } | RefusedPath;
export type CanonicalTarget = { ok: true; path: string; query: string } | RefusedPath;

export declare const MAX_PATH_LENGTH: number;
export declare function canonicalPath(path: string): CanonicalPath;
export declare function canonicalTarget(target: string): CanonicalTarget;
