// Builds the reference server: database, context, routes (FHIR, login, websocket binding),
// the websocket, the seed. The composition root: the only product file that names every folder.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerAccountSettingsRoutes } from './auth/account-settings';
import { authenticateRequest } from './auth/authenticate';
import { rewritePlainClientSecrets } from './auth/client-secrets';
import { registerExternalLoginRoutes } from './auth/external-login';
import { botCheckConfigFromEnv, installBotCheck, type BotCheckConfig } from './auth/bot-check';
import { ALTCHA_CHALLENGE_PATH, registerBotCheckRoutes } from './auth/bot-check-routes';
import { configurePasswordReset, type Mailer } from './auth/password-reset';
import { registerAuthRoutes } from './auth/routes';
import { FHIR_SMART_CONFIGURATION_PATH, smartConfiguration } from './auth/smart-configuration';
import { JWKS_PATH } from './auth/smart-signing-key';
import type { RequestAuth } from './core/request-auth';
import { createContext, type ServerContext } from './context';
import { unauthorized } from './core/errors';
import { openDataFolder } from './db/data-folder';
import { openDatabase } from './db/database';
import { FHIR_BASE, fhirBodyLimit, maxResourceBytesFromEnv, negotiateFhir, registerFhirRoutes } from './fhir/routes';
import { accessLogSink, type AccessLogSink } from './http/access-log';
import { Router, type MatchedRoute, type ServerRequest } from './http/router';
import { ALWAYS_HEADERS, createRequestListener } from './http/server';
import { FHIRCAST_HUB_PATH, MAX_FHIRCAST_EVENT_BYTES, registerFhircastHub } from './fhircast/hub';
import { CCDA_VALIDATE_PATH, registerCcdaValidator } from './ccda/routes';
import { openLiveBus, routeResourceChanges } from './live-bus';
import { accessPolicyGate } from './access/gate';
import { configureDemoExternalIdentity } from './seed/external-identity';
import { registerSchemaRoutes } from './schema/routes';
import { DEMO_PROJECT_ID } from './seed/ids';
import { seedIfEmpty } from './seed/seed';
import { configureSmartDemoApp } from './seed/smart-demo-app';
import { registerBindingTokenRoutes } from './ws/binding-token';
import { attachSubscriptionSocket, type SocketLimits } from './ws/subscriptions';

/** Bodies of the login protocol's routes (forms of a few fields). */
const MAX_AUTH_BODY = 64 * 1024;

/**
 * The routes that answer without a caller, by method and the router's pattern (never a path
 * prefix): discovery, the health check, the login protocol up to the token, the bot check's
 * challenge, the external sign-in's redirects, and the C-CDA validator. Every other route
 * needs an authenticated caller and answers 401 without one (deny by default; issue 19). A
 * public route may still use a caller when a valid one comes (auth/* reads it), and checks
 * itself whatever it needs. The websocket upgrades (ws/, fhircast/) are not routes: they check
 * their own tokens.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /healthcheck',
  `GET ${FHIR_BASE}/metadata`,
  `GET ${FHIR_SMART_CONFIGURATION_PATH}`,
  'GET /.well-known/smart-configuration',
  // The id_token's public key: the same for everyone, read from no input.
  `GET ${JWKS_PATH}`,
  'POST /auth/method',
  'POST /auth/login',
  'GET /auth/login/:login',
  'POST /auth/mfa/verify',
  'POST /auth/mfa/login-enroll',
  'POST /auth/profile',
  'POST /auth/scope',
  'POST /auth/newuser',
  'POST /auth/newpatient',
  'POST /auth/newproject',
  'POST /auth/google',
  // Same answer for every email; the link's id and secret are the credentials of setpassword.
  'POST /auth/resetpassword',
  'POST /auth/setpassword',
  'GET /auth/external/authorize',
  'GET /auth/external/callback',
  // The pending login's id and the account's password are the credentials of the link step.
  'POST /auth/external/link',
  `GET ${ALTCHA_CHALLENGE_PATH}`,
  `POST ${ALTCHA_CHALLENGE_PATH}`,
  'POST /oauth2/token',
  'GET /oauth2/authorize',
  'POST /oauth2/authorize',
  `POST ${CCDA_VALIDATE_PATH}`,
]);

/** Whether a route answers without a caller (PUBLIC_ROUTES). */
export function isPublicRoute(route: MatchedRoute): boolean {
  return PUBLIC_ROUTES.has(`${route.method} ${route.pattern}`);
}

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
  /** The project a registration without a projectId joins (default: the demo project). */
  defaultProjectId?: string;
  /**
   * Origins allowed to call the server from a browser (CORS). Default: the portal's
   * (http://localhost:3000 and http://127.0.0.1:3000, or PORT) plus CORS_ORIGINS (comma separated).
   */
  corsOrigins?: string[];
  /**
   * The demo's external OpenID provider (demo/identity-provider) at this issuer: the demo
   * project's northwind.example users sign in there (seed/external-identity.ts).
   */
  demoIdentityProvider?: { issuer: string };
  /**
   * Where password reset links point (the portal's set-password page is under it). Default:
   * PORTAL_URL, else http://localhost:{PORT or 3000}/.
   */
  portalUrl?: string;
  /** Where the server's mail goes (reset links). Default: the console and an in-memory outbox. */
  mailer?: Mailer;
  /** Registration's bot check; default: what BOT_CHECK asks for (auth/bot-check.ts), ALTCHA unless told. */
  botCheck?: BotCheckConfig;
  /** Where access log lines go; default: what ACCESS_LOG names ('stdout' or a file), else none. */
  accessLog?: AccessLogSink;
  /**
   * How many upcoming appointments one patient may hold (booked by themselves; past and cancelled
   * ones do not count). Default: FUTURE_APPOINTMENTS_PER_PATIENT, else 3.
   */
  futureAppointmentsPerPatient?: number;
  /** The most bytes one resource may take, checked before parsing. Default: MAX_RESOURCE_BYTES, else 1 MB. */
  maxResourceBytes?: number;
  /** Limits on websockets that have not bound a subscription yet (ws/subscriptions.ts). */
  socketLimits?: Partial<SocketLimits>;
  /** Replaces authenticateRequest (tests only). */
  authenticate?: (ctx: ServerContext, authorization: string | undefined) => Promise<RequestAuth | undefined>;
}

/** A running server. */
export interface RunningServer {
  url: string;
  port: number;
  ctx: ServerContext;
  /** Every HTTP route, in the order the router tries them (the route-enumeration test walks them). */
  routes(): MatchedRoute[];
  close(): Promise<void>;
}

/** The portal's origins (PORT, default 3000) and those CORS_ORIGINS lists. */
function defaultCorsOrigins(): string[] {
  const portalPort = process.env.PORT || '3000';
  const extra = (process.env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return [`http://localhost:${portalPort}`, `http://127.0.0.1:${portalPort}`, ...extra];
}

/** FUTURE_APPOINTMENTS_PER_PATIENT as a number, when set; a value that is not a count stops the start. */
function futureAppointmentsFromEnv(): number | undefined {
  const value = process.env.FUTURE_APPOINTMENTS_PER_PATIENT;
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,6}$/.test(value))
    throw new Error(`FUTURE_APPOINTMENTS_PER_PATIENT must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** Starts a server; resolves when it listens and the data is ready. */
export async function createServer(opts: CreateServerOptions = {}): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  // Read before anything opens, so a bad value stops the start with nothing to clean up.
  const futureAppointmentsPerPatient = opts.futureAppointmentsPerPatient ?? futureAppointmentsFromEnv();
  const maxResourceBytes = opts.maxResourceBytes ?? maxResourceBytesFromEnv();
  // A PGlite folder admits one process: it is locked first, and a damaged one is explained.
  const folder =
    opts.dataDir && !opts.databaseUrl
      ? await openDataFolder({ dataDir: opts.dataDir, holder: 'the FHIR server' })
      : undefined;
  const db =
    folder?.db ??
    (await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, schema: opts.databaseSchema }));
  const httpServer = http.createServer();
  let listener: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...ALWAYS_HEADERS });
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
  const ctx = await createContext(db, url, {
    defaultProjectId: opts.defaultProjectId ?? DEMO_PROJECT_ID,
    futureAppointmentsPerPatient,
    maxResourceBytes,
  });
  installBotCheck(ctx, opts.botCheck ?? botCheckConfigFromEnv());
  configurePasswordReset(ctx, {
    ...(opts.portalUrl ? { portalUrl: opts.portalUrl } : {}),
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
  });
  const accessLog = opts.accessLog ?? accessLogSink(process.env.ACCESS_LOG);

  const router = new Router();
  router.use(accessPolicyGate(ctx));
  router.add('GET', '/healthcheck', async () => ({ status: 200, body: { ok: true } }));
  // SMART discovery under the FHIR base, before '/fhir/R4/:type/:id' can claim it; no auth.
  router.add('GET', FHIR_SMART_CONFIGURATION_PATH, smartConfiguration(ctx));
  registerSchemaRoutes(router, ctx);
  registerFhirRoutes(router, ctx);
  // Before the login protocol's routes: its auth/method knows no external identity provider.
  registerExternalLoginRoutes(router, ctx);
  registerAuthRoutes(router, ctx);
  registerAccountSettingsRoutes(router, ctx);
  registerBotCheckRoutes(router, ctx);
  registerBindingTokenRoutes(router, ctx);
  registerCcdaValidator(router);
  const authenticate = opts.authenticate ?? authenticateRequest;
  const socket = attachSubscriptionSocket(httpServer, ctx, { limits: opts.socketLimits, accessLog });
  // Subscription and FHIRcast events: in process on PGlite, through LISTEN/NOTIFY on PostgreSQL.
  const bus = await openLiveBus(opts.databaseUrl, opts.databaseSchema);
  routeResourceChanges(ctx, bus, (resource, action) => socket.notify(resource, action));
  const fhircast = registerFhircastHub(router, httpServer, ctx, bus);

  // req.path is the canonical path and `route` the route that will run (http/server.ts): what
  // is decided here is decided about the handler that answers.
  const beforeHandler = async (req: ServerRequest, route: MatchedRoute): Promise<void> => {
    if (req.path === FHIR_BASE || req.path.startsWith(FHIR_BASE + '/')) negotiateFhir(req);
    if (!isPublicRoute(route)) {
      req.auth = await authenticate(ctx, req.headers.authorization);
      if (!req.auth) throw unauthorized();
    } else if (req.headers.authorization) {
      // A public route (auth/*) may use the caller when there is a valid one; it checks itself.
      req.auth = await authenticate(ctx, req.headers.authorization).catch(() => undefined);
    }
  };

  const corsOrigins = opts.corsOrigins ?? defaultCorsOrigins();
  // Client secrets of records written before digests become digests, seeded or not (idempotent).
  const rewritten = await rewritePlainClientSecrets(db);
  if (rewritten) console.log(`[server] client secrets now stored as digests (${rewritten} stored rows rewritten)`);
  if (opts.seed ?? true) {
    const seeded = await seedIfEmpty(ctx);
    if (seeded) console.log('[server] seeded demo data');
    // The demo SMART app at the running portal's origins (the seed knows only the default ones).
    await configureSmartDemoApp(ctx, corsOrigins);
  }
  if (opts.demoIdentityProvider)
    await configureDemoExternalIdentity(ctx, { issuer: opts.demoIdentityProvider.issuer, portalOrigins: corsOrigins });

  listener = createRequestListener({
    router,
    corsOrigins: new Set(corsOrigins),
    accessLog,
    fhirBase: FHIR_BASE,
    beforeHandler,
    // `path` is canonical (http/server.ts), the same string the router and the auth check read.
    bodyLimit: (method, path) =>
      // Reached without credentials: small forms only, so parsing stays cheap for anyone.
      path.startsWith('/auth/') || path.startsWith('/oauth2/')
        ? MAX_AUTH_BODY
        : // FHIRcast events are a few references: a big one is refused before it is held or parsed.
          path === FHIRCAST_HUB_PATH || path.startsWith(FHIRCAST_HUB_PATH + '/')
          ? MAX_FHIRCAST_EVENT_BYTES
          : fhirBodyLimit(method, path, ctx.maxResourceBytes),
  });

  let closed = false;
  return {
    url,
    port,
    ctx,
    routes: () => router.routes(),
    close: async () => {
      if (closed) return;
      closed = true;
      await socket.close().catch((err: unknown) => console.error('[server] websocket close failed', err));
      fhircast.close();
      await bus.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await db.close();
      folder?.lock.release();
    },
  };
}
