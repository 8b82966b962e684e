// A real user's sign-in while a flood of wrong passwords runs against another account: the
// figure of `npm run bench:server` that says whether password hashing and its throttles keep
// one attacker from slowing everyone's sign-in. Each flood loop has its own loopback address
// (127.0.1.x), as a botnet would, so only the per-account limit and the hashing queue stand
// between the flood and the user; the user signs in from 127.0.0.1.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

/** What the measurement needs. */
export interface LoginFloodOptions {
  url: string;
  user: { email: string; password: string };
  /** The account the flood guesses passwords for. */
  target: string;
  loops: number;
  durationMs: number;
}

/** The real user's sign-in latencies and what the flood got back. */
export interface LoginFloodResult {
  logins: number;
  failed: number;
  p50: number;
  p99: number;
  floodRequests: number;
  /** Answers to the flood by status ('400', '429', 'error'). */
  floodStatuses: Record<string, number>;
}

function post(
  agent: http.Agent,
  base: string,
  path: string,
  body: string,
  contentType: string
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: any;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = (agent: http.Agent, base: string, path: string, body: unknown) =>
  post(agent, base, path, JSON.stringify(body), 'application/json');

/** One full sign-in as the portal does it: password with a PKCE S256 challenge, then the code exchange. */
async function signIn(agent: http.Agent, base: string, user: { email: string; password: string }): Promise<boolean> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const login = await json(agent, base, 'auth/login', {
    email: user.email,
    password: user.password,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
  });
  if (login.status !== 200 || !login.body?.code) return false;
  const tokens = await post(
    agent,
    base,
    'oauth2/token',
    new URLSearchParams({
      grant_type: 'authorization_code',
      code: login.body.code,
      code_verifier: verifier,
    }).toString(),
    'application/x-www-form-urlencoded'
  );
  return tokens.status === 200 && typeof tokens.body?.access_token === 'string';
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** Runs the flood and the user's sign-ins side by side for durationMs. */
export async function measureLoginUnderFlood(opts: LoginFloodOptions): Promise<LoginFloodResult> {
  const stopAt = Date.now() + opts.durationMs;
  const floodStatuses: Record<string, number> = {};
  let floodRequests = 0;
  const floodAgents = Array.from(
    { length: opts.loops },
    (_, i) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${i + 1}` })
  );
  const flood = floodAgents.map(async (agent) => {
    while (Date.now() < stopAt) {
      let status: string;
      try {
        status = String(
          (await json(agent, opts.url, 'auth/login', { email: opts.target, password: 'wrong-guess-123' })).status
        );
      } catch {
        status = 'error';
      }
      floodRequests++;
      floodStatuses[status] = (floodStatuses[status] ?? 0) + 1;
    }
  });

  const userAgent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.1' });
  const latencies: number[] = [];
  let failed = 0;
  // Let the flood reach full speed before the first sign-in.
  await new Promise((resolve) => setTimeout(resolve, 500));
  while (Date.now() < stopAt) {
    const started = performance.now();
    const ok = await signIn(userAgent, opts.url, opts.user).catch(() => false);
    latencies.push(performance.now() - started);
    if (!ok) failed++;
  }
  await Promise.all(flood);
  for (const agent of [...floodAgents, userAgent]) agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    logins: latencies.length,
    failed,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    floodRequests,
    floodStatuses,
  };
}
