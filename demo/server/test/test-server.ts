// Test helpers: a server on an ephemeral port with a temporary data folder (or a fresh
// PostgreSQL schema), accounts with real access tokens, and a small fetch wrapper.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../../../src/client';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import type { OperationOutcome } from '../../../src/fhir/types';
import { createServer, type CreateServerOptions, type RunningServer } from '../app';
import { signAccessToken } from '../auth/jwt';
import { statusOfOutcome } from '../core/errors';

/**
 * The storage backends the suites run against: PGlite always, PostgreSQL when DATABASE_URL is set.
 * scripts/test-server.mjs runs the two in parallel processes (PGlite is single-threaded WASM in
 * the test process, PostgreSQL works in its own), each naming its one backend in SERVER_TEST_BACKEND.
 */
export function backends(): ('pglite' | 'postgres')[] {
  const only = process.env.SERVER_TEST_BACKEND;
  if (only === 'pglite' || only === 'postgres') return [only];
  if (!process.env.DATABASE_URL) {
    console.log('DATABASE_URL not set: PostgreSQL path skipped');
    return ['pglite'];
  }
  return ['pglite', 'postgres'];
}

/** A running test server and how to clean it up. */
export interface TestServer extends RunningServer {
  dataDir?: string;
  schema?: string;
  /** Stops the server, keeping its data (restart with restartTestServer). */
  stop(): Promise<void>;
  /** Stops the server and removes its data. */
  destroy(): Promise<void>;
}

async function start(
  backend: 'pglite' | 'postgres',
  dataDir?: string,
  schema?: string,
  options: Partial<CreateServerOptions> = {}
): Promise<TestServer> {
  const server = await createServer({
    ...options,
    port: 0,
    seed: false,
    ...(backend === 'postgres' ? { databaseUrl: process.env.DATABASE_URL, databaseSchema: schema } : { dataDir }),
  });
  return {
    ...server,
    dataDir,
    schema,
    stop: () => server.close(),
    destroy: async () => {
      await server.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
}

/** Drops a test's PostgreSQL schema (DATABASE_URL) with everything in it. */
export async function dropSchema(schema: string, databaseUrl = process.env.DATABASE_URL): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

/** Starts a server on a fresh temporary folder (or schema). */
export async function startTestServer(
  backend: 'pglite' | 'postgres' = 'pglite',
  options: Partial<CreateServerOptions> = {}
): Promise<TestServer> {
  if (backend === 'postgres')
    return start(backend, undefined, `fpk_test_${Date.now()}_${randomUUID().slice(0, 8).replace(/-/g, '')}`, options);
  return start(backend, await mkdtemp(path.join(os.tmpdir(), 'fpk-server-')), undefined, options);
}

/** Starts a stopped server again on the same data. */
export function restartTestServer(previous: TestServer): Promise<TestServer> {
  return start(previous.schema ? 'postgres' : 'pglite', previous.dataDir, previous.schema);
}

/** A signed-in account: its token, profile and ids. */
export interface TestAccount {
  token: string;
  profile: string;
  id: string;
  userId: string;
}

const projectIds = new Map<string, string>();

async function project(server: RunningServer, superAdmin = false): Promise<string> {
  const key = `${server.url}|${superAdmin}`;
  const existing = projectIds.get(key);
  if (existing) return existing;
  // Test accounts join the default project, where the system's own writes land too.
  const id = superAdmin ? randomUUID() : server.ctx.defaultProjectId!;
  await server.ctx.systemRepo.updateResource<any>({
    resourceType: 'Project',
    id,
    name: superAdmin ? 'Super' : 'Test',
    superAdmin,
  });
  projectIds.set(key, id);
  return id;
}

/** Creates a profile (Patient or Practitioner), a User, a ProjectMembership and a granted Login; mints a token. */
export async function createAccount(
  server: RunningServer,
  profileType: 'Patient' | 'Practitioner',
  opts: { given?: string; family?: string; email?: string; superAdmin?: boolean } = {}
): Promise<TestAccount> {
  const repo = server.ctx.systemRepo;
  const email = opts.email ?? `${randomUUID()}@example.com`;
  const profile = await repo.createResource<any>({
    resourceType: profileType,
    name: [{ given: [opts.given ?? 'Test'], family: opts.family ?? profileType }],
    telecom: [{ system: 'email', value: email }],
  });
  const user = await repo.createResource<any>({
    resourceType: 'User',
    email,
    firstName: opts.given ?? 'Test',
    lastName: opts.family ?? profileType,
    passwordHash: 'x',
  });
  const projectId = await project(server, opts.superAdmin);
  const membership = await repo.createResource<any>({
    resourceType: 'ProjectMembership',
    project: { reference: `Project/${projectId}` },
    user: { reference: `User/${user.id}` },
    profile: { reference: `${profileType}/${profile.id}` },
  });
  const login = await repo.createResource<any>({
    resourceType: 'Login',
    user: { reference: `User/${user.id}` },
    membership: { reference: `ProjectMembership/${membership.id}` },
    granted: true,
    authTime: new Date().toISOString(),
    scope: 'openid profile',
  });
  const token = await signAccessToken(server.ctx.jwtSecret, {
    sub: user.id,
    login_id: login.id,
    profile: `${profileType}/${profile.id}`,
    scope: 'openid profile',
    iss: server.ctx.baseUrl,
  });
  return { token, profile: `${profileType}/${profile.id}`, id: profile.id, userId: user.id };
}

/** A fetch wrapper bound to a server and a token: api('GET', 'Patient/1'). */
export function apiFor(server: RunningServer, token?: string) {
  return async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {}
  ): Promise<{ status: number; body: any; headers: Headers; raw: Buffer }> => {
    const isRaw = Buffer.isBuffer(body) || typeof body === 'string';
    const res = await fetch(/^https?:/.test(url) ? url : `${server.url}fhir/R4/${url}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !isRaw ? { 'Content-Type': 'application/fhir+json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isRaw ? (body as any) : JSON.stringify(body),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    let parsed: any = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json') && raw.length)
      parsed = JSON.parse(raw.toString('utf8'));
    return { status: res.status, body: parsed, headers: res.headers, raw };
  };
}

/**
 * The package's FhirClient bound to a test server: global fetch, no cache, no retries (a 5xx
 * must fail the test, not be retried), memory storage, and the test token.
 */
export function clientFor(server: RunningServer, token?: string): FhirClient {
  const client = new FhirClient({
    baseUrl: server.url,
    fetch,
    cacheTime: 0,
    maxRetries: 0,
    storage: new ClientStorage(new MemoryStorage()),
    logLevel: 'none',
  });
  if (token) client.setAccessToken(token);
  return client;
}

/** What a failed FhirClient call carried: the server's OperationOutcome, its status, first issue. */
export interface FailedCall {
  outcome: OperationOutcome;
  /** The HTTP status the outcome stands for (the server derives its status the same way). */
  status: number;
  code: string | undefined;
  text: string | undefined;
  expressions: string[];
}

/** Awaits a FhirClient call that must fail with an OperationOutcomeError; answers its outcome. */
export async function failure(call: Promise<unknown>): Promise<FailedCall> {
  let error: unknown;
  try {
    await call;
  } catch (err) {
    error = err;
  }
  if (error === undefined) throw new Error('Expected the call to fail with an OperationOutcomeError, but it succeeded');
  if (!isOperationOutcomeError(error)) throw error;
  const outcome = error.outcome;
  expect(outcome.resourceType).toBe('OperationOutcome');
  return {
    outcome,
    status: statusOfOutcome(outcome),
    code: outcome.issue?.[0]?.code,
    text: outcome.issue?.[0]?.details?.text,
    expressions: (outcome.issue ?? []).map((i) => i.expression?.[0] ?? ''),
  };
}

/**
 * The FhirClient behind the status/body shape of apiFor, for suites that check many URLs: each
 * call goes through the client (GET, POST, PUT, DELETE on the FHIR base); a failed one answers
 * the OperationOutcomeError's outcome and the status it stands for.
 */
export function clientApi(client: FhirClient) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    contentType?: string
  ): Promise<{ status: number; body: any }> => {
    const href = /^https?:/.test(url) ? url : `${client.fhirUrl()}${url}`;
    try {
      const result =
        method === 'GET'
          ? await client.get(href)
          : method === 'POST'
            ? await client.post(href, body, contentType)
            : method === 'PUT'
              ? await client.put(href, body, contentType)
              : await client.delete(href);
      return { status: 200, body: result };
    } catch (err) {
      if (!isOperationOutcomeError(err)) throw err;
      return { status: statusOfOutcome(err.outcome), body: err.outcome };
    }
  };
}
