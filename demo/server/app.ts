// Builds the reference server: database, context, routes (FHIR here, login/live from the other
// side through the three wiring functions of CONTRACT.md), websocket, seed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unauthorizedOutcome, OperationOutcomeError } from '../../src/fhir/outcomes';
import { createContext, type ServerContext } from './context';
import { openDataFolder } from './db/data-folder';
import { openDatabase } from './db/database';
import type { RequestAuth } from './fhir/repository';
import { FHIR_BASE, MAX_BINARY_BODY, MAX_BODY, negotiateFhir, registerFhirRoutes } from './fhir/routes';
import { Router, type ServerRequest } from './http/router';
import { createRequestListener } from './http/server';

/** Options of createServer. */
export interface CreateServerOptions {
  /** Port to listen on; 0 picks a free one. Default 8103. */
  port?: number;
  host?: string;
  /** PGlite data folder (memory when unset and no databaseUrl). */
  dataDir?: string;
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** PostgreSQL schema (created if missing), so parallel runs do not collide. */
  databaseSchema?: string;
  /** Seed demo data into an empty database (default true). */
  seed?: boolean;
  /** Public base URL; default http://{host}:{port}/. */
  baseUrl?: string;
  /** Replaces the login side's authenticateRequest (tests only). */
  authenticate?: (ctx: ServerContext, authorization: string | undefined) => Promise<RequestAuth | undefined>;
}

/** A running server. */
export interface RunningServer {
  url: string;
  port: number;
  ctx: ServerContext;
  close(): Promise<void>;
}

type Authenticate = NonNullable<CreateServerOptions['authenticate']>;

/** Imports one of the login/live/seed side's modules; undefined (logged) when it is not there yet. */
async function loadOptional<T>(specifier: string, what: string): Promise<T | undefined> {
  try {
    return (await import(specifier)) as T;
  } catch (err: any) {
    const missing =
      (err?.code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url/.test(String(err?.message))) &&
      String(err?.message).includes(specifier.replace('./', '').split('/')[0]);
    if (!missing) throw err;
    console.warn(`[server] ${specifier} not available yet: ${what} disabled`);
    return undefined;
  }
}

/** Starts a server; resolves when it listens and the data is ready. */
export async function createServer(opts: CreateServerOptions = {}): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  // A PGlite folder admits one process: it is locked first, and a damaged one is explained.
  const folder =
    opts.dataDir && !opts.databaseUrl ? await openDataFolder({ dataDir: opts.dataDir, holder: 'the FHIR server' }) : undefined;
  const db =
    folder?.db ?? (await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, schema: opts.databaseSchema }));
  const httpServer = http.createServer();
  let listener: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: false }));
  };
  httpServer.on('request', (req, res) => listener(req, res));
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(opts.port ?? 8103, host, () => resolve());
    });
  } catch (err) {
    await db.close();
    folder?.lock.release();
    throw err;
  }
  const port = (httpServer.address() as AddressInfo).port;
  const url = opts.baseUrl ?? `http://${host}:${port}/`;
  const ctx = await createContext(db, url);

  const router = new Router();
  router.add('GET', '/healthcheck', async () => ({ status: 200, body: { ok: true } }));
  const authRoutes = await loadOptional<typeof import('./auth/routes')>('./auth/routes', 'login routes');
  // SMART discovery under the FHIR base, before '/fhir/R4/:type/:id' can claim it; no auth.
  const publicFhirPaths = new Set([`${FHIR_BASE}/metadata`]);
  if (authRoutes) {
    router.add('GET', authRoutes.FHIR_SMART_CONFIGURATION_PATH, authRoutes.smartConfiguration(ctx as any));
    publicFhirPaths.add(authRoutes.FHIR_SMART_CONFIGURATION_PATH);
  }
  registerFhirRoutes(router, ctx);

  authRoutes?.registerAuthRoutes(router as any, ctx as any);
  const authModule = await loadOptional<typeof import('./auth/authenticate')>('./auth/authenticate', 'authentication');
  const authenticate: Authenticate | undefined =
    opts.authenticate ?? (authModule?.authenticateRequest as Authenticate | undefined);
  const wsModule = await loadOptional<typeof import('./ws/subscriptions')>(
    './ws/subscriptions',
    'websocket subscriptions'
  );
  const socket = wsModule?.attachSubscriptionSocket(httpServer, ctx as any);
  if (socket) (ctx as any).addChangeListener((r: any, a: any) => socket.notify(r, a));

  const beforeHandler = async (req: ServerRequest): Promise<void> => {
    const isFhir = req.path === FHIR_BASE || req.path.startsWith(FHIR_BASE + '/');
    if (isFhir) negotiateFhir(req);
    if (isFhir && !publicFhirPaths.has(req.path)) {
      if (!authenticate) throw new OperationOutcomeError(unauthorizedOutcome('Authentication is not available'));
      req.auth = await authenticate(ctx, req.headers.authorization);
      if (!req.auth) throw new OperationOutcomeError(unauthorizedOutcome());
    } else if (req.headers.authorization && authenticate) {
      // Other routes (auth/*) may use the caller when there is a valid one; they check themselves.
      req.auth = await authenticate(ctx, req.headers.authorization).catch(() => undefined);
    }
  };

  if (opts.seed ?? true) {
    const seedModule = await loadOptional<typeof import('./seed/seed')>('./seed/seed', 'seed data');
    if (seedModule) {
      const seeded = await seedModule.seedIfEmpty(ctx as any);
      if (seeded) console.log('[server] seeded demo data');
    }
  }

  listener = createRequestListener({
    router,
    beforeHandler,
    bodyLimit: (method, path) =>
      (method === 'POST' || method === 'PUT') && /^\/fhir\/R4\/Binary(\/|$)/.test(path) ? MAX_BINARY_BODY : MAX_BODY,
  });

  let closed = false;
  return {
    url,
    port,
    ctx,
    close: async () => {
      if (closed) return;
      closed = true;
      await socket?.close().catch((err: unknown) => console.error('[server] websocket close failed', err));
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await db.close();
      folder?.lock.release();
    },
  };
}
