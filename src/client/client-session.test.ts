import { inspect } from 'node:util';
import { json, makeJwt, nowSeconds, setup } from './test-helpers';

// The session part keeps tokens in #private fields and never hands them to an error or a log line.
describe('token secrecy', () => {
  describe('when anything fails or logs', () => {
    it('never lets a token reach an error or a log line', async () => {
      const secret = makeJwt({ exp: nowSeconds() - 10, secret: 'SECRET-ACCESS' });
      const lines: string[] = [];
      const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          lines.push(
            args.map((a) => (a instanceof Error ? `${a.stack} ${JSON.stringify(a)}` : JSON.stringify(a))).join(' ')
          );
        })
      );
      const errors: unknown[] = [];
      const capture = (p: Promise<unknown>) => p.catch((e: unknown) => errors.push(e));
      try {
        let { client } = setup(() => json({ error_description: 'Invalid refresh token' }, 400), { maxRetries: 0 });
        client.setAccessToken(secret, 'SECRET-REFRESH');
        await capture(client.readResource('Patient', '1'));
        await capture(client.refresh());

        ({ client } = setup(() => json({}, 401), { maxRetries: 0 }));
        client.setAccessToken('SECRET-OPAQUE');
        await capture(client.readResource('Patient', '1'));
        client.setAccessToken('SECRET-OPAQUE');
        await capture(client.signOut());

        ({ client } = setup(
          () => {
            throw new TypeError('Failed to fetch');
          },
          { maxRetries: 0 }
        ));
        client.setAccessToken('SECRET-OPAQUE');
        await capture(client.readResource('Patient', '1'));
        await capture(client.signOut());

        ({ client } = setup(() => json({ access_token: secret }), { maxRetries: 0 }));
        await capture(client.startClientLogin('id', 'SECRET-CLIENT'));
      } finally {
        spies.forEach((spy) => spy.mockRestore());
      }
      expect(errors.length).toBeGreaterThanOrEqual(5);
      const serialised = [
        ...errors.map(
          (e) => `${String(e)} ${(e as Error).stack} ${JSON.stringify(e)} ${JSON.stringify((e as Error).cause ?? null)}`
        ),
        ...lines,
      ].join('\n');
      for (const s of [
        'SECRET-ACCESS',
        secret,
        'SECRET-REFRESH',
        'SECRET-OPAQUE',
        'SECRET-CLIENT',
        btoa('id:SECRET-CLIENT'),
      ]) {
        expect(serialised).not.toContain(s);
      }
    });
  });

  describe('when code looks at the client object', () => {
    it('finds no token in its own properties, its JSON or its inspection', async () => {
      const access = makeJwt({ exp: nowSeconds() + 3600, marker: 'SECRET-ACCESS' });
      const { client } = setup(() => json({ access_token: access, refresh_token: 'SECRET-REFRESH' }));
      await client.startClientLogin('id', 'SECRET-CLIENT');
      expect(client.getAccessToken()).toBe(access);
      const seen = [
        JSON.stringify(client),
        inspect(client, { depth: 10, showHidden: true }),
        JSON.stringify(Object.entries(client)),
        Object.getOwnPropertyNames(client).join(' '),
      ].join('\n');
      for (const secret of [access, 'SECRET-REFRESH', 'SECRET-CLIENT', btoa('id:SECRET-CLIENT')]) {
        expect(seen).not.toContain(secret);
      }
    });
  });

  describe('when a session ends under a storm of requests', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Answers arrive spread out, some after the failed refresh has already ended the session.
    function server(expiredToken = false) {
      const onUnauthenticated = vi.fn();
      const { client, fetch } = setup(
        async (request, index) => {
          await sleep(index % 7);
          return request.url.endsWith('oauth2/token')
            ? json({ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400)
            : json({ resourceType: 'OperationOutcome', issue: [] }, 401);
        },
        { maxRetries: 0, onUnauthenticated }
      );
      const signIn = (n: number) =>
        client.setActiveLogin({
          accessToken: expiredToken ? makeJwt({ exp: nowSeconds() - 10, n }) : `opaque-${n}`,
          refreshToken: `r-${n}`,
        });
      const storm = async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => client.readResource('Patient', `${i}`))
        );
        return results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'resolved'));
      };
      const tokenPosts = () => fetch.requests.filter((r) => r.url.endsWith('oauth2/token')).length;
      return { client, onUnauthenticated, signIn, storm, tokenPosts };
    }

    it('runs onUnauthenticated once for 50 requests that all get 401', async () => {
      const { client, onUnauthenticated, signIn, storm, tokenPosts } = server();
      await signIn(1);
      expect(await storm()).toEqual(Array(50).fill('Unauthorized'));
      expect(onUnauthenticated).toHaveBeenCalledTimes(1);
      expect(tokenPosts()).toBe(1);
      expect(client.getAccessToken()).toBeUndefined();
    });

    it('runs it once for 50 requests whose expired token cannot be refreshed', async () => {
      const { onUnauthenticated, signIn, storm, tokenPosts } = server(true);
      await signIn(1);
      expect(await storm()).toEqual(Array(50).fill('Unauthorized'));
      expect(onUnauthenticated).toHaveBeenCalledTimes(1);
      expect(tokenPosts()).toBe(1);
    });

    it('runs it again when the next session is lost', async () => {
      const { onUnauthenticated, signIn, storm } = server();
      await signIn(1);
      await storm();
      await signIn(2);
      await storm();
      expect(onUnauthenticated).toHaveBeenCalledTimes(2);
    });
  });
});
