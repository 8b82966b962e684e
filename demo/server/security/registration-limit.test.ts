// Issue 19: registration had no per-address limit, so one machine could open accounts without
// end (each bot-check solution costs it seconds, not a limit). Registrations are now counted per
// client address in the database: past the hourly limit auth/newuser answers 429 with
// Retry-After, while other addresses still register.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveAltcha, TEST_BOT_CHECK } from '../test/login-helpers';
import { DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR, registrationsPerAddressFromEnv } from '../auth/throttles';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { pkce, postFrom } from '../test/attacker';

describe.each(backends())('registrations per address (%s)', (backend) => {
  let server: TestServer;
  const configured = process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR;
  beforeAll(async () => {
    // A small limit keeps the test short; the server reads it when its limits are first used.
    process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR = '3';
    server = await startTestServer(backend, { botCheck: TEST_BOT_CHECK });
  }, 60_000);
  afterAll(async () => {
    await server?.destroy();
    if (configured === undefined) delete process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR;
    else process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR = configured;
  });

  const register = async (address: string) =>
    postFrom(server, address, 'auth/newuser', {
      firstName: 'Mallory',
      lastName: 'Attacker',
      email: `mallory-${randomUUID()}@example.com`,
      password: 'mallory-password-1',
      codeChallenge: pkce().challenge,
      codeChallengeMethod: 'S256',
      altcha: await solveAltcha(server.url),
    });

  describe('when one address registers account after account', () => {
    it('answers 429 with Retry-After past the limit, while another address still registers', async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await register('127.0.0.30')).status);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await register('127.0.0.30');
      expect(refused.status).toBe(429);
      expect(refused.body.issue[0].details.text).toBe('Too many attempts; try again later');
      // An hour from the last one counted.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect((await register('127.0.0.31')).status).toBe(200);
    });
  });

  it('allows 20 an hour unless REGISTRATIONS_PER_ADDRESS_PER_HOUR says otherwise, and refuses a value that is not a count', () => {
    expect(registrationsPerAddressFromEnv({})).toBe(DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR);
    expect(DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR).toBe(20);
    expect(registrationsPerAddressFromEnv({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '5' })).toBe(5);
    expect(() => registrationsPerAddressFromEnv({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0' })).toThrow(
      /REGISTRATIONS_PER_ADDRESS_PER_HOUR/
    );
    expect(() => registrationsPerAddressFromEnv({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: 'lots' })).toThrow(
      /REGISTRATIONS_PER_ADDRESS_PER_HOUR/
    );
  });
});
