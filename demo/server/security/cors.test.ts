// Item 11: CORS echoed any Origin (even `null`) with credentials allowed, so any web page could
// read a signed-in user's answers. Only allow-listed origins (the portal's by default, more by
// CORS_ORIGINS) get CORS headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestServer } from '../test/test-server';
import { raw } from '../test/attacker';

describe.each(backends())('CORS (%s)', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    token = (await createAccount(server, 'Patient')).token;
  }, 60_000);
  afterAll(() => server?.destroy());

  describe('when a page on another origin calls the server', () => {
    it('gets no CORS grant for an unknown origin or `null`, on requests and preflights', async () => {
      for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
        const res = await raw(server, 'GET', 'fhir/R4/Patient', undefined, {
          Origin: origin,
          Authorization: `Bearer ${token}`,
        });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        const preflight = await raw(server, 'OPTIONS', 'fhir/R4/Patient', undefined, {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        });
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
      }
    });

    it('grants the portal’s origin', async () => {
      const res = await raw(server, 'GET', 'fhir/R4/Patient', undefined, {
        Origin: 'http://localhost:3000',
        Authorization: `Bearer ${token}`,
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(res.headers.get('vary')).toContain('Origin');
    });
  });
});
