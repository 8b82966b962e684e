// A small router over node:http: exact method + path patterns with ':name' segments, tried in
// the order they were added (so '/ValueSet/$expand' goes before '/:type/:id'). It matches the
// canonical path (canonical-path.mjs) as it is and decodes nothing, so the route that runs is
// the route everything before it (authentication, body limit, policy) decided on.
import type { RequestAuth } from '../core/request-auth';
import { canonicalPath } from './canonical-path.mjs';

/** A parsed request as handlers see it. */
export interface ServerRequest {
  method: string;
  /** The canonical path without query, e.g. '/auth/login' (canonical-path.mjs). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** Parsed JSON or form object; Buffer for raw bodies. */
  body: unknown;
  rawBody: Buffer;
  /** From ':name' segments, as the canonical path spells them (escapes not needed are decoded already). */
  params: Record<string, string>;
  /** Set by the bearer/basic check before the handler. */
  auth?: RequestAuth;
  remoteAddress?: string;
}

/** What a handler answers; a Buffer body is sent raw, anything else as JSON. */
export interface ServerResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route handler. */
export type Handler = (req: ServerRequest) => Promise<ServerResponse>;

interface Route {
  method: string;
  pattern: string;
  segments: string[];
  handler: Handler;
}

/**
 * Runs around every handler the router hands out, bundle entries included (they are dispatched
 * through `match` too); calls `next` to go on, or answers (or throws) without it.
 */
export type Middleware = (req: ServerRequest, next: Handler) => Promise<ServerResponse>;

/** A registered route: its method and pattern ('/fhir/R4/:type/:id'). */
export interface MatchedRoute {
  readonly method: string;
  readonly pattern: string;
}

/** The result of matching a request against the routes. */
export type RouteMatch =
  | { handler: Handler; params: Record<string, string>; pattern: string; route: MatchedRoute }
  | { allowed: string[] }
  | undefined;

/** Routes by method and path pattern. */
export class Router {
  private readonly table: Route[] = [];
  private readonly middlewares: Middleware[] = [];

  /** Adds a route; a ':name' segment matches one path segment and lands in req.params.name. */
  add(method: string, pattern: string, handler: Handler): void {
    this.table.push({ method: method.toUpperCase(), pattern, segments: split(pattern), handler });
  }

  /** Every route, in the order they are tried. */
  routes(): MatchedRoute[] {
    return this.table.map(({ method, pattern }) => ({ method, pattern }));
  }

  /** Wraps every handler from now on; the first added runs outermost. */
  use(middleware: Middleware): void {
    this.middlewares.push(middleware);
  }

  /**
   * The handler for a request, or the methods the path allows (405), or undefined (404). Only a
   * canonical path matches (what the listener and a Bundle's entries hand in); any other
   * spelling matches nothing, whoever calls.
   */
  match(method: string, path: string): RouteMatch {
    const canonical = canonicalPath(path);
    if (!canonical.ok || canonical.path !== path) return undefined;
    const parts = split(path);
    const allowed: string[] = [];
    for (const route of this.table) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method.toUpperCase() || (method.toUpperCase() === 'HEAD' && route.method === 'GET')) {
        return {
          handler: this.wrap(route.handler),
          params,
          pattern: route.pattern,
          route: { method: route.method, pattern: route.pattern },
        };
      }
      allowed.push(route.method);
    }
    return allowed.length ? { allowed } : undefined;
  }

  private wrap(handler: Handler): Handler {
    return this.middlewares.reduceRight<Handler>((next, middleware) => (req) => middleware(req, next), handler);
  }
}

/** The segments of a canonical path (which has no empty ones) or of a pattern. */
function split(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    const part = parts[i];
    if (p.startsWith(':')) params[p.slice(1)] = part;
    else if (p !== part) return undefined;
  }
  return params;
}
