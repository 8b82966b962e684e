// The attacker's tools for the security suite: raw HTTP (bodies and headers a real client would
// never send) and sign-ups through the public login protocol, as anyone on the network can.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { RunningServer } from '../app';
import { solveAltcha } from './login-helpers';

/** One raw answer: status, headers and the body (parsed when it is JSON). */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** Sends one request as written: method, path on the server, body as a string or JSON. */
export async function raw(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<RawResponse> {
  const isText = typeof body === 'string' || Buffer.isBuffer(body);
  const res = await fetch(new URL(path, server.url), {
    method,
    headers: {
      ...(body !== undefined && !isText ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isText ? (body as string) : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** A FHIR call with a bearer token: fhir('GET', 'Observation?x=1'). */
export function fhirAs(server: RunningServer, token: string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    raw(server, method, `fhir/R4/${path}`, body, {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && typeof body !== 'string' ? { 'Content-Type': 'application/fhir+json' } : {}),
      ...headers,
    });
}

/** A PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Exchanges a login's code for tokens. */
export async function exchange(server: RunningServer, code: string, verifier: string): Promise<RawResponse> {
  return raw(
    server,
    'POST',
    'oauth2/token',
    new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier }).toString(),
    { 'Content-Type': 'application/x-www-form-urlencoded' }
  );
}

/** Signs up as a new user through auth/newuser (solving the bot check, as anyone can); answers the open login and its PKCE verifier. */
export async function newUser(
  server: RunningServer,
  email = `mallory-${randomUUID()}@example.com`,
  password = 'mallory-password-1'
): Promise<{ login: string; verifier: string; email: string; password: string }> {
  const { verifier, challenge } = pkce();
  const res = await raw(server, 'POST', 'auth/newuser', {
    firstName: 'Mallory',
    lastName: 'Attacker',
    email,
    password,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    altcha: await solveAltcha(server.url),
  });
  if (res.status !== 200) throw new Error(`auth/newuser answered ${res.status}: ${res.text}`);
  return { login: res.body.login, verifier, email, password };
}

/** What anyone can do: sign up, create a project, and take its admin token. */
export async function signUpProjectAdmin(
  server: RunningServer
): Promise<{ token: string; profile: string; project: string }> {
  const user = await newUser(server);
  const res = await raw(server, 'POST', 'auth/newproject', { login: user.login, projectName: 'Mallory Clinic' });
  if (res.status !== 200) throw new Error(`auth/newproject answered ${res.status}: ${res.text}`);
  const tokens = await exchange(server, res.body.code, user.verifier);
  if (tokens.status !== 200) throw new Error(`oauth2/token answered ${tokens.status}: ${tokens.text}`);
  return {
    token: tokens.body.access_token,
    profile: tokens.body.profile.reference,
    project: tokens.body.project.reference,
  };
}

/**
 * POSTs JSON from another loopback address (127.0.0.2 …), as a second machine would: the
 * server sees a different client address.
 */
export function postFrom(
  server: RunningServer,
  localAddress: string,
  path: string,
  body: unknown
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, server.url),
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: any = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      }
    );
    req.on('error', reject);
    req.end(payload);
  });
}
