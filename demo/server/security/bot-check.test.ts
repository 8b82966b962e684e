// Item 13: registration's bot check was off by default and the server ignored its token, so a
// script could create accounts and patients without limit. The server now issues ALTCHA
// proof-of-work challenges and verifies the solution on auth/newuser (and on auth/newpatient or
// auth/newproject beyond the one profile a registration covers); a missing, forged, expired or
// replayed solution is refused with an OperationOutcome. Tests lower the difficulty, never the check.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AltchaBotCheck } from '../auth/altcha';
import { solveAltcha, TEST_BOT_CHECK } from '../test/login-helpers';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { pkce, postFrom, raw } from '../test/attacker';

describe.each(backends())('bot check on registration (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { botCheck: TEST_BOT_CHECK });
    // The project registrations join (the demo project of a seeded server).
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: 'Project',
      id: server.ctx.defaultProjectId!,
      name: 'Registrations',
    });
  }, 120_000);
  afterAll(() => server?.destroy());

  const newUser = (extra: Record<string, unknown> = {}) =>
    raw(server, 'POST', 'auth/newuser', {
      firstName: 'Botty',
      lastName: 'McBotface',
      email: `bot-${randomUUID()}@example.com`,
      password: 'bot-password-1',
      codeChallenge: pkce().challenge,
      codeChallengeMethod: 'S256',
      ...extra,
    });
  const users = async () =>
    Number(
      (await server.ctx.db.query('SELECT count(*) AS n FROM resources WHERE resource_type = $1', ['User'])).rows[0].n
    );

  /** A solved payload, decoded, for an attacker to tamper with. */
  async function decoded(): Promise<{ challenge: any; solution: any }> {
    return JSON.parse(Buffer.from(await solveAltcha(server.url), 'base64').toString('utf8'));
  }
  const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

  describe('when a script registers without solving the challenge', () => {
    it('refuses a missing solution, creating nothing', async () => {
      const before = await users();
      const res = await newUser();
      expect(res.status).toBe(400);
      expect(res.body.resourceType).toBe('OperationOutcome');
      expect(res.body.issue[0].details.text).toBe('Bot check required');
      expect(res.body.issue[0].expression).toEqual(['altcha']);
      expect(await users()).toBe(before);
    });

    it('refuses garbage, the widget’s test-mode payload and a solution to a challenge it made up', async () => {
      const { challenge, solution } = await decoded();
      const forged = [
        'not-base64-json',
        'x'.repeat(5000),
        encode({ challenge: null, solution: null, test: true }),
        // Easier parameters with the old signature: the signature covers the parameters.
        encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } }, solution }),
        // A key that does not hash from the counter: the key signature does not match.
        encode({ challenge, solution: { ...solution, derivedKey: 'ab'.repeat(32) } }),
        // No signature at all.
        encode({ challenge: { parameters: challenge.parameters }, solution }),
      ];
      for (const altcha of forged) {
        const res = await newUser({ altcha });
        expect(res.status).toBe(400);
        expect(res.body.issue[0].details.text).toBe('Bot check failed');
      }
    });
  });

  describe('when a solved challenge is used twice', () => {
    it('accepts it once and refuses the replay', async () => {
      const altcha = await solveAltcha(server.url);
      const first = await newUser({ altcha });
      expect(first.status).toBe(200);
      expect(first.body.login).toEqual(expect.any(String));
      const replay = await newUser({ altcha });
      expect(replay.status).toBe(400);
      expect(replay.body.issue[0].details.text).toBe('Bot check already used');
    });

    it('lets only one of two simultaneous uses through', async () => {
      const altcha = await solveAltcha(server.url);
      const statuses = (await Promise.all([newUser({ altcha }), newUser({ altcha })])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400]);
    });
  });

  describe('when a solution comes after its challenge expired', () => {
    it('refuses it as expired', async () => {
      // A challenge of this server (same keys) that lives one second.
      const shortLived = new AltchaBotCheck(server.ctx.db, server.ctx.jwtSecret, {
        maxCounter: 10,
        cost: 1,
        expiresInSeconds: 1,
      });
      const challenge = await shortLived.challenge();
      const { solveChallenge } = await import('altcha-lib');
      const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
      const solution = await solveChallenge({ challenge, deriveKey });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const res = await newUser({ altcha: encode({ challenge, solution }) });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toBe('Bot check expired');
    });
  });

  describe('when one registration tries to become many patients', () => {
    it('covers one profile; each further one needs a solution of its own', async () => {
      const email = `family-${randomUUID()}@example.com`;
      const { challenge } = pkce();
      const created = await raw(server, 'POST', 'auth/newuser', {
        firstName: 'Many',
        lastName: 'Patients',
        email,
        password: 'many-patients-1',
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        altcha: await solveAltcha(server.url),
      });
      expect(created.status).toBe(200);
      expect((await raw(server, 'POST', 'auth/newpatient', { login: created.body.login })).status).toBe(200);
      const signIn = async () =>
        (
          await raw(server, 'POST', 'auth/login', {
            email,
            password: 'many-patients-1',
            codeChallenge: pkce().challenge,
            codeChallengeMethod: 'S256',
          })
        ).body.login as string;
      const second = await raw(server, 'POST', 'auth/newpatient', { login: await signIn() });
      expect(second.status).toBe(400);
      expect(second.body.issue[0].details.text).toBe('Bot check required');
      const solved = await raw(server, 'POST', 'auth/newpatient', {
        login: await signIn(),
        altcha: await solveAltcha(server.url),
      });
      expect(solved.status).toBe(200);
    });

    it('lets only one of two simultaneous profiles spend the registration’s check', async () => {
      const email = `race-${randomUUID()}@example.com`;
      const created = await raw(server, 'POST', 'auth/newuser', {
        firstName: 'Race',
        lastName: 'Condition',
        email,
        password: 'race-condition-1',
        codeChallenge: pkce().challenge,
        codeChallengeMethod: 'S256',
        altcha: await solveAltcha(server.url),
      });
      const other = await raw(server, 'POST', 'auth/login', {
        email,
        password: 'race-condition-1',
        codeChallenge: pkce().challenge,
        codeChallengeMethod: 'S256',
      });
      const results = await Promise.all([
        raw(server, 'POST', 'auth/newpatient', { login: created.body.login }),
        raw(server, 'POST', 'auth/newpatient', { login: other.body.login }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(results.find((r) => r.status === 400)!.body.issue[0].details.text).toBe('Bot check required');
    });
  });

  describe('when anyone asks for challenges', () => {
    it('answers signed, expiring challenges without credentials and stores nothing for them', async () => {
      const spent = async () => Number((await server.ctx.db.query('SELECT count(*) AS n FROM spent_tokens')).rows[0].n);
      const before = await spent();
      const answers = await Promise.all(Array.from({ length: 20 }, () => raw(server, 'GET', 'auth/altcha/challenge')));
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.body).toMatchObject({
          parameters: {
            algorithm: 'PBKDF2/SHA-256',
            keySignature: expect.any(String),
            expiresAt: expect.any(Number),
          },
          signature: expect.any(String),
        });
        expect(res.body.parameters.expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
        // The key the solver must find is never in the challenge, only its prefix and a signature.
        expect(res.text.length).toBeLessThan(1000);
      }
      expect(new Set(answers.map((r) => r.body.signature)).size).toBe(20);
      expect(await spent()).toBe(before);
    });

    it('makes one address wait after 60 in ten minutes, and no one else', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await postFrom(server, '127.0.0.21', 'auth/altcha/challenge', {})).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await postFrom(server, '127.0.0.21', 'auth/altcha/challenge', {});
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await postFrom(server, '127.0.0.22', 'auth/altcha/challenge', {})).status).toBe(200);
    });
  });
});
