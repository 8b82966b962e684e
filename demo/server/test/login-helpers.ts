// Shared by the login/live/seed side's HTTP tests: a real server on a free port over a
// temporary PGlite folder, the package's FhirClient for the login flows (with the wire it
// used, for assertions), and raw request helpers for what a client never sends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ClientStorage, FhirClient, MemoryStorage } from '../../../src/client';
import { getPkceStore, PkceStorageKeys } from '../../../src/client/login';
import { createServer, type RunningServer } from '../app';

/** A started server and its temporary folder. */
export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The ALTCHA difficulty of test servers: at most 20 tries of one round, so registering is quick.
 * Tests solve every challenge for real (solveAltcha); only the work is smaller.
 */
export const TEST_BOT_CHECK = { kind: 'altcha', maxCounter: 20, cost: 1 } as const;

/** Starts a seeded server on a free port with data in a fresh temporary folder. */
export async function startTestServer(opts: { seed?: boolean } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fpk-auth-'));
  const server = await createServer({ port: 0, dataDir, seed: opts.seed ?? true, botCheck: TEST_BOT_CHECK });
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * fetch that retries once when a kept-alive socket was closed under it (ECONNRESET before any
 * response): tests share the process with the server, whose event loop a long seed can stall
 * past the keep-alive timeout.
 */
export async function fetchRetry(url: URL | string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err: any) {
    if (err?.cause?.code !== 'ECONNRESET' && err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}

/**
 * What the register form's widget does: fetches an ALTCHA challenge from the server, solves it
 * (the same proof of work, with altcha-lib's solver) and answers the payload it would send.
 */
export async function solveAltcha(base: string): Promise<string> {
  const res = await fetchRetry(new URL('auth/altcha/challenge', base));
  if (res.status !== 200) throw new Error(`auth/altcha/challenge answered ${res.status}`);
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the ALTCHA challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A JSON response: status and parsed body. */
export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** POSTs a form (application/x-www-form-urlencoded) and parses the JSON answer. */
export async function postForm<T = any>(
  base: string,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {}
): Promise<JsonResponse<T>> {
  const res = await fetchRetry(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // HTML or empty
  }
  return { status: res.status, body, headers: res.headers };
}

/** GETs with an optional bearer token. */
export async function getJson<T = any>(base: string, path: string, token?: string): Promise<JsonResponse<T>> {
  const res = await fetchRetry(new URL(path, base), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** One request a client made and the answer it got, as they went over the wire. */
export interface Exchange {
  method: string;
  url: URL;
  requestHeaders: Headers;
  /** The request body as sent (JSON and forms are strings). */
  requestBody: string | undefined;
  status: number;
  headers: Headers;
  /** The answer, parsed when it is JSON. */
  body: any;
}

/** A fetch that keeps every exchange, so a test can assert what a client sent and received. */
export interface RecordingFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  readonly exchanges: Exchange[];
  /** The last exchange whose path ends with `path` ('oauth2/token', 'auth/me'). */
  last(path: string): Exchange;
}

/** Records each exchange of the fetch it wraps (fetchRetry by default). */
export function recordingFetch(
  inner: (input: URL | string, init?: RequestInit) => Promise<Response> = fetchRetry
): RecordingFetch {
  const exchanges: Exchange[] = [];
  const recorder = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await inner(input instanceof Request ? input.url : input, init);
    const text = await response.clone().text();
    let body: any = text || undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // HTML or plain text
    }
    exchanges.push({
      method: init?.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : input.toString()),
      requestHeaders: new Headers(init?.headers),
      requestBody: typeof init?.body === 'string' ? init.body : undefined,
      status: response.status,
      headers: response.headers,
      body,
    });
    return response;
  };
  return Object.assign(recorder, {
    exchanges,
    last(suffix: string): Exchange {
      const found = [...exchanges].reverse().find((e) => e.url.pathname.endsWith(`/${suffix}`));
      if (!found) throw new Error(`No request to ${suffix} was made`);
      return found;
    },
  });
}

/**
 * The package's FhirClient for a test server, as an app would set it up for sign-in: memory
 * storage, no cache, no retries (a 5xx must fail the test), and a recording fetch (`wire`).
 */
export function loginClient(
  base: string,
  opts: { clientId?: string; clientSecret?: string } = {}
): { client: FhirClient; wire: RecordingFetch } {
  const wire = recordingFetch();
  const client = new FhirClient({
    baseUrl: base,
    fetch: wire,
    cacheTime: 0,
    maxRetries: 0,
    storage: new ClientStorage(new MemoryStorage()),
    logLevel: 'none',
    ...(opts.clientId ? { clientId: opts.clientId } : {}),
    ...(opts.clientSecret ? { clientSecret: opts.clientSecret } : {}),
  });
  return { client, wire };
}

/**
 * Forgets the PKCE state, verifier and redirect URI the login steps keep between a challenge
 * and its exchange (sessionStorage in a browser, one in-memory store in Node).
 */
export function resetPkceStore(): void {
  const store = getPkceStore();
  for (const key of Object.values(PkceStorageKeys)) store.removeItem(key);
}

/** A signed-in FhirClient and the tokens of its login. */
export interface SignedIn {
  client: FhirClient;
  access_token: string;
  refresh_token: string;
  profile: { reference: string };
  project: { reference: string };
}

function signedIn(client: FhirClient): SignedIn {
  const login = client.getActiveLogin();
  if (!login?.accessToken || !login.profile || !login.project) throw new Error('the client holds no login');
  return {
    client,
    access_token: login.accessToken,
    refresh_token: login.refreshToken ?? '',
    profile: { reference: login.profile.reference! },
    project: { reference: login.project.reference! },
  };
}

/** Signs in with email and password through the FhirClient: startLogin, then processCode. */
export async function signIn(base: string, email: string, password: string): Promise<SignedIn> {
  const { client } = loginClient(base);
  const started = await client.startLogin({ email, password, remember: true });
  if (!started.code) throw new Error(`sign-in asked for more than a password: ${JSON.stringify(started)}`);
  await client.processCode(started.code);
  return signedIn(client);
}

/** Registers a patient through the FhirClient (startNewUser, startNewPatient, processCode) and signs in. */
export async function registerPatient(
  base: string,
  user: { firstName: string; lastName: string; email: string; password: string; projectId?: string }
): Promise<SignedIn> {
  const { client } = loginClient(base);
  const { projectId, ...newUser } = user;
  const registered = await client.startNewUser({ ...newUser, altcha: await solveAltcha(base) });
  // Without a projectId the server puts the patient in the demo project (as the portal's form does).
  const patient = await client.startNewPatient({
    login: registered.login!,
    ...(projectId ? { projectId } : {}),
  });
  await client.processCode(patient.code!);
  return signedIn(client);
}

/** The details.text of the first issue of an OperationOutcome body. */
export function issueText(body: any): string | undefined {
  return body?.issue?.[0]?.details?.text;
}
