// Item 2: the email check was a backtracking pattern reached without credentials; a 128 KB
// email blocked every other request for seconds, growing with the square of the length.
// Lengths are bounded before any pattern and the check is linear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { raw } from '../test/attacker';

describe.each(backends())('unauthenticated input (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.destroy());

  describe('when an attacker sends a huge email that a backtracking pattern chokes on', () => {
    // A domain of dots that never ends well: quadratic for /^[^\s@]+@[^\s@]+\.[^\s@]+$/ (a 16 KB
    // one took 0.6 s, a 40 KB one about 4 s, and the server answered nobody meanwhile). They fit
    // the 64 KB body limit of the login routes, so the email check itself must be linear.
    const hostile = ['a@' + '.'.repeat(40 * 1024) + '@', 'a@' + 'a.'.repeat(20 * 1024) + '@'];

    it('answers 400 at once on login and registration', async () => {
      for (const email of hostile) {
        for (const [path, body] of [
          ['auth/login', { email, password: 'whatever-123' }],
          ['auth/newuser', { email, password: 'whatever-123', firstName: 'A', lastName: 'B' }],
        ] as const) {
          const res = await raw(server, 'POST', path, body);
          expect(res.status).toBe(400);
          expect(res.body.issue[0].details.text).toBe('Valid email address required');
        }
      }
    }, 8_000);

    it('keeps answering everyone else meanwhile', async () => {
      const attack = Promise.all(
        hostile.map((email) => raw(server, 'POST', 'auth/login', { email, password: 'whatever-123' }))
      );
      const health = await raw(server, 'GET', 'healthcheck');
      expect(health.status).toBe(200);
      expect((await attack).map((r) => r.status)).toEqual([400, 400]);
    }, 8_000);
  });

  describe('when an attacker sends oversized fields or bodies without credentials', () => {
    it('refuses an email over 254 characters, a password over 1,024 and names over 200', async () => {
      const long = await raw(server, 'POST', 'auth/newuser', {
        email: `${'a'.repeat(250)}@example.com`,
        password: 'whatever-123',
        firstName: 'A',
        lastName: 'B',
      });
      expect(long.status).toBe(400);
      expect(long.body.issue[0].expression).toEqual(['email']);
      const password = await raw(server, 'POST', 'auth/login', {
        email: 'someone@example.com',
        password: 'x'.repeat(1025),
      });
      expect(password.status).toBe(400);
      const name = await raw(server, 'POST', 'auth/newuser', {
        email: 'long-name@example.com',
        password: 'whatever-123',
        firstName: 'A'.repeat(201),
        lastName: 'B',
      });
      expect(name.status).toBe(400);
      expect(name.body.issue[0].expression).toEqual(['firstName']);
    });

    it('answers 413 to a login body over 64 KB', async () => {
      const res = await raw(server, 'POST', 'auth/login', {
        email: 'someone@example.com',
        password: 'whatever-123',
        padding: 'x'.repeat(100 * 1024),
      });
      expect(res.status).toBe(413);
      expect(res.body.resourceType).toBe('OperationOutcome');
    });
  });
});
