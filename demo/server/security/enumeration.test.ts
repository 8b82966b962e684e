// Item 10: an unknown email and a wrong password answered the same text but a different
// `expression`, which told an attacker which emails have accounts. They are now identical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount } from '../test/accounts';
import { raw } from '../test/attacker';

describe.each(backends())('user enumeration (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.destroy());

  describe('when an attacker probes emails on auth/login', () => {
    it('answers an unknown email and a wrong password byte for byte alike', async () => {
      const account = await createPasswordAccount(server);
      const known = await raw(server, 'POST', 'auth/login', { email: account.email, password: 'not-the-password' });
      const unknown = await raw(server, 'POST', 'auth/login', {
        email: `nobody-${Date.now()}@example.com`,
        password: 'not-the-password',
      });
      expect(known.status).toBe(400);
      expect(unknown.status).toBe(known.status);
      expect(unknown.text).toBe(known.text);
      expect(known.body.issue[0].details.text).toBe('Email or password is invalid');
      expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    });
  });
});
