// Item 3: auth/mfa/verify had no attempt limit; the right code still worked after 300 wrong
// ones. Wrong codes are limited per login (then the login is revoked: sign in again) and per
// account (then 429 with Retry-After, whatever the code).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount, wrongCode, type PasswordAccount } from '../test/accounts';
import { pkce, raw } from '../test/attacker';

describe.each(backends())('MFA attempt limits (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.destroy());

  async function passwordStep(account: PasswordAccount): Promise<string> {
    const res = await raw(server, 'POST', 'auth/login', {
      email: account.email,
      password: account.password,
      codeChallenge: pkce().challenge,
      codeChallengeMethod: 'S256',
    });
    expect(res.status).toBe(200);
    expect(res.body.mfaRequired).toBe(true);
    return res.body.login;
  }

  describe('when an attacker with the password guesses codes on one login', () => {
    it('refuses the right code after 5 wrong ones, even sent all at once', async () => {
      const account = await createPasswordAccount(server, { mfa: true });
      const login = await passwordStep(account);
      const guesses = await Promise.all(
        Array.from({ length: 30 }, () => raw(server, 'POST', 'auth/mfa/verify', { login, token: wrongCode() }))
      );
      expect(guesses.every((g) => g.status === 400 || g.status === 429)).toBe(true);
      const right = await raw(server, 'POST', 'auth/mfa/verify', { login, token: account.code() });
      expect(right.status).toBe(400);
      expect(right.body.code).toBeUndefined();
      expect(right.body.resourceType).toBe('OperationOutcome');
    });

    it('lets the real user in with a new login', async () => {
      const account = await createPasswordAccount(server, { mfa: true });
      const first = await passwordStep(account);
      for (let i = 0; i < 5; i++) await raw(server, 'POST', 'auth/mfa/verify', { login: first, token: wrongCode() });
      const again = await passwordStep(account);
      const right = await raw(server, 'POST', 'auth/mfa/verify', { login: again, token: account.code() });
      expect(right.status).toBe(200);
      expect(right.body.code).toEqual(expect.any(String));
    });
  });

  describe('when an attacker starts login after login to keep guessing', () => {
    it('answers 429 with Retry-After for the account, even to the right code', async () => {
      const account = await createPasswordAccount(server, { mfa: true });
      for (let round = 0; round < 4; round++) {
        const login = await passwordStep(account);
        for (let i = 0; i < 5; i++) await raw(server, 'POST', 'auth/mfa/verify', { login, token: wrongCode() });
      }
      const login = await passwordStep(account).catch(() => undefined);
      const res = login
        ? await raw(server, 'POST', 'auth/mfa/verify', { login, token: account.code() })
        : { status: 429, headers: new Headers({ 'retry-after': '1' }), body: {} };
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
