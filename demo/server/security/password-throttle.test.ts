// Item 5: password login had no throttle (unlimited guesses), and a flood of wrong passwords
// saturated scrypt so a real user's login took 9 s. Wrong passwords are now limited per
// account and per client address with growing delays (429 + Retry-After), counted before the
// hash runs, so a flood costs a handful of hashes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount } from '../test/accounts';
import { postFrom, raw } from '../test/attacker';

describe.each(backends())('password login throttling (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.destroy());

  describe('when an attacker guesses one account’s password', () => {
    it('answers 429 with a Retry-After that grows, even to the right password', async () => {
      const account = await createPasswordAccount(server);
      const guess = () =>
        postFrom(server, '127.0.0.2', 'auth/login', { email: account.email, password: 'wrong-guess-1' });
      const first = [];
      for (let i = 0; i < 6; i++) first.push((await guess()).status);
      expect(first).toEqual([400, 400, 400, 400, 400, 400]);
      const blocked = await guess();
      expect(blocked.status).toBe(429);
      expect(blocked.body.resourceType).toBe('OperationOutcome');
      expect(Number(blocked.headers['retry-after'])).toBe(1);
      const right = await postFrom(server, '127.0.0.2', 'auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(right.status).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await guess()).status).toBe(400);
      const longer = await guess();
      expect(longer.status).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBe(2);
    });
  });

  describe('when a stranger sends wrong passwords for someone else’s account', () => {
    it('holds the stranger back, not the owner signing in from another address (issue 19)', async () => {
      // Before: the limit was the account's, so 7 wrong passwords from anyone locked the owner out.
      const account = await createPasswordAccount(server);
      const stranger = () =>
        postFrom(server, '127.0.0.20', 'auth/login', { email: account.email, password: 'wrong-guess-4' });
      for (let i = 0; i < 6; i++) expect((await stranger()).status).toBe(400);
      const held = await stranger();
      expect(held.status).toBe(429);
      expect(held.body.issue[0].details.text).toBe('Too many attempts; try again later');
      const owner = await postFrom(server, '127.0.0.21', 'auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(owner.status).toBe(200);
      expect(owner.body.code).toEqual(expect.any(String));
    });

    it('still bounds a guess spread over many addresses: past 50 an hour, the account slows down', async () => {
      const account = await createPasswordAccount(server);
      const statuses: number[] = [];
      // 10 addresses × 5 wrong passwords: each guesser within its own allowance.
      for (let i = 0; i < 50; i++) {
        const res = await postFrom(server, `127.0.1.${i % 10}`, 'auth/login', {
          email: account.email,
          password: 'wrong-guess-5',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual(Array(50).fill(400));
      // Two more from fresh addresses at once: the 51st is counted and holds the account 1 s.
      const [first, second] = await Promise.all(
        ['127.0.1.10', '127.0.1.11'].map((address) =>
          postFrom(server, address, 'auth/login', { email: account.email, password: 'wrong-guess-6' })
        )
      );
      expect([first.status, second.status].sort()).toEqual([400, 429]);
      const slowed = first.status === 429 ? first : second;
      expect(Number(slowed.headers['retry-after'])).toBe(1);
    });
  });

  describe('when 64 wrong passwords arrive at once for one account', () => {
    it('runs only a few hashes, and another user signs in meanwhile', async () => {
      const target = await createPasswordAccount(server);
      const user = await createPasswordAccount(server);
      const flood = Promise.all(
        Array.from({ length: 64 }, () =>
          postFrom(server, '127.0.0.4', 'auth/login', { email: target.email, password: 'wrong-guess-2' })
        )
      );
      const login = await raw(server, 'POST', 'auth/login', { email: user.email, password: user.password });
      expect(login.status).toBe(200);
      const statuses = (await flood).map((r) => r.status);
      // 6 before the first delay, then one more each time a delay (1 s, 2 s, 4 s…) runs out while
      // the 64 connections are still arriving (seconds on a loaded machine); before: all 64 hashed.
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(9);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(55);
    });
  });

  describe('when wrong passwords for many accounts arrive from many addresses at once', () => {
    it('hashes a bounded number at a time and answers the excess 429 with Retry-After at once', async () => {
      // 6 addresses × 20 (each address's free attempts), every guess for another account: no
      // throttle stops these, only the hashing queue (2 hashes running, 64 waiting). Before it,
      // all 120 queued for scrypt and every other sign-in waited behind them.
      const attempts = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          postFrom(server, `127.0.0.${10 + (i % 6)}`, 'auth/login', {
            email: `queue-${i}@example.com`,
            password: 'wrong-guess-3',
          })
        )
      );
      const statuses = attempts.map((a) => a.status);
      expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
      const busy = attempts.filter((a) => a.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].headers['retry-after']).toBe('1');
      expect(busy[0].body.issue[0].details.text).toBe('The server is busy; try again in a moment');
    });
  });

  describe('when an attacker sprays one password over many accounts from one address', () => {
    it('answers 429 to that address after 20 wrong ones, while other addresses still sign in', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await postFrom(server, '127.0.0.3', 'auth/login', {
          email: `spray-${i}@example.com`,
          password: 'Summer2026!',
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(21)).toEqual([429]);
      const user = await createPasswordAccount(server);
      expect((await raw(server, 'POST', 'auth/login', { email: user.email, password: user.password })).status).toBe(
        200
      );
    });
  });
});
