// Shared by the login/live/seed side's HTTP tests: a real server on a free port over a
// temporary PGlite folder, and small request helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer, type RunningServer } from '../app';
import { s256Challenge } from './pkce';

/** A started server and its temporary folder. */
export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts a seeded server on a free port with data in a fresh temporary folder. */
export async function startTestServer(opts: { seed?: boolean } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fpk-auth-'));
  const server = await createServer({ port: 0, dataDir, seed: opts.seed ?? true });
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

/** A JSON response: status and parsed body. */
export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** POSTs JSON and parses the answer. */
export async function postJson<T = any>(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<JsonResponse<T>> {
  const res = await fetchRetry(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
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

/** A fresh PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier) };
}

/** Signs in with email and password through auth/login and the token endpoint. */
export async function signIn(
  base: string,
  email: string,
  password: string
): Promise<{
  access_token: string;
  refresh_token: string;
  profile: { reference: string };
  project: { reference: string };
}> {
  const { verifier, challenge } = pkcePair();
  const login = await postJson(base, 'auth/login', {
    email,
    password,
    remember: true,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
  });
  if (login.status !== 200 || !login.body.code)
    throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = await postForm(base, 'oauth2/token', {
    grant_type: 'authorization_code',
    code: login.body.code,
    code_verifier: verifier,
  });
  if (token.status !== 200) throw new Error(`token failed: ${token.status} ${JSON.stringify(token.body)}`);
  return token.body;
}

/** The details.text of the first issue of an OperationOutcome body. */
export function issueText(body: any): string | undefined {
  return body?.issue?.[0]?.details?.text;
}
