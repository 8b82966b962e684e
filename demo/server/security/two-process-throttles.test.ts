// Issue 19: login and MFA limits lived in each process's memory, so N processes behind one load
// balancer allowed N times the guesses. They are counted in the database now: guesses sent to
// two processes on one PostgreSQL meet one limit. Two servers in one test process stand for two
// processes: they share nothing but the database.
import { randomUUID } from 'node:crypto';
import { dropSchema } from '../test/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../app';
import { createPasswordAccount, wrongCode } from '../test/accounts';
import { pkce, postFrom, raw } from '../test/attacker';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.log('DATABASE_URL not set: PostgreSQL path skipped');

describe.runIf(databaseUrl)('attempt limits across two processes on one PostgreSQL', () => {
  const schema = `fpk_throttle_${randomUUID().slice(0, 8)}`;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    a = await createServer({ port: 0, databaseUrl, databaseSchema: schema, seed: false });
    const second = await createServer({ port: 0, databaseUrl, databaseSchema: schema, seed: false, baseUrl: a.url });
    b = { ...second, url: `http://127.0.0.1:${second.port}/` };
  }, 180_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropSchema(schema, databaseUrl);
  });

  it('holds a guesser back after 6 wrong passwords sent to A and B together, not 6 on each', async () => {
    const account = await createPasswordAccount(a);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postFrom(i % 2 ? b : a, '127.0.0.40', 'auth/login', {
        email: account.email,
        password: 'wrong-guess-1',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    for (const server of [a, b]) {
      const held = await postFrom(server, '127.0.0.40', 'auth/login', { email: account.email, password: 'wrong-2' });
      expect(held.status).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('refuses the right MFA code after 5 wrong ones sent to A and B together', async () => {
    const account = await createPasswordAccount(a, { mfa: true });
    const started = await raw(a, 'POST', 'auth/login', {
      email: account.email,
      password: account.password,
      codeChallenge: pkce().challenge,
      codeChallengeMethod: 'S256',
    });
    expect(started.body.mfaRequired).toBe(true);
    const login = started.body.login;
    for (let i = 0; i < 5; i++) {
      const res = await raw(i % 2 ? b : a, 'POST', 'auth/mfa/verify', { login, token: wrongCode() });
      expect(res.status).toBe(400);
    }
    const right = await raw(b, 'POST', 'auth/mfa/verify', { login, token: account.code() });
    expect(right.status).toBe(400);
    expect(right.body.code).toBeUndefined();
    expect(right.body.issue[0].details.text).toBe('Login revoked');
  });
});
