// A small router over node:http: exact method + path patterns with ':name' segments, tried in
// the order they were added (so '/ValueSet/$expand' goes before '/:type/:id').
import type { RequestAuth } from '../core/request-auth';

/** A parsed request as handlers see it. */
export interface ServerRequest {
  method: string;
  /** Path without query, e.g. '/auth/login'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** Parsed JSON or form object; Buffer for raw bodies. */
  body: unknown;
  rawBody: Buffer;
  /** From ':name' segments. */
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

/** The result of matching a request against the routes. */
export type RouteMatch =
  { handler: Handler; params: Record<string, string>; pattern: string } | { allowed: string[] } | undefined;

/** Routes by method and path pattern. */
export class Router {
  private readonly routes: Route[] = [];
  private readonly middlewares: Middleware[] = [];

  /** Adds a route; a ':name' segment matches one path segment and lands in req.params.name. */
  add(method: string, pattern: string, handler: Handler): void {
    this.routes.push({ method: method.toUpperCase(), pattern, segments: split(pattern), handler });
  }

  /** Wraps every handler from now on; the first added runs outermost. */
  use(middleware: Middleware): void {
    this.middlewares.push(middleware);
  }

  /** The handler for a request, or the methods the path allows (405), or undefined (404). */
  match(method: string, path: string): RouteMatch {
    const parts = split(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method.toUpperCase() || (method.toUpperCase() === 'HEAD' && route.method === 'GET')) {
        return { handler: this.wrap(route.handler), params, pattern: route.pattern };
      }
      allowed.push(route.method);
    }
    return allowed.length ? { allowed } : undefined;
  }

  private wrap(handler: Handler): Handler {
    return this.middlewares.reduceRight<Handler>((next, middleware) => (req) => middleware(req, next), handler);
  }
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    let part: string;
    try {
      part = decodeURIComponent(parts[i]);
    } catch {
      return undefined;
    }
    if (p.startsWith(':')) params[p.slice(1)] = part;
    else if (p !== part) return undefined;
  }
  return params;
}
