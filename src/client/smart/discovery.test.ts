import { describe, expect, it } from 'vitest';
import { json } from '../test-helpers';
import { discoverSmartEndpoints, OAUTH_URIS_EXTENSION } from './discovery';
import { SmartMessages } from './messages';
import { ISS, smartServer } from './test-server';

const capabilityStatement = {
  resourceType: 'CapabilityStatement',
  rest: [
    {
      mode: 'server',
      security: {
        extension: [
          {
            url: OAUTH_URIS_EXTENSION,
            extension: [
              { url: 'token', valueUri: 'https://old.example.org/token' },
              { url: 'authorize', valueUri: 'https://old.example.org/authorize' },
            ],
          },
        ],
      },
    },
  ],
};

describe('discoverSmartEndpoints', () => {
  it('reads the endpoints, jwks_uri and issuer from .well-known/smart-configuration', async () => {
    const fetch = smartServer();
    expect(await discoverSmartEndpoints(ISS, fetch)).toEqual({
      authorizationEndpoint: 'https://auth.example.org/authorize',
      tokenEndpoint: 'https://auth.example.org/token',
      jwksUri: 'https://auth.example.org/jwks.json',
      issuer: 'https://auth.example.org',
      capabilities: ['launch-ehr', 'launch-standalone'],
    });
    expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${ISS}/.well-known/smart-configuration`]);
  });

  describe('when the server has no well-known document', () => {
    it("falls back to the CapabilityStatement's oauth-uris extension", async () => {
      const fetch = smartServer({ wellKnown: json({}, 404), metadata: json(capabilityStatement) });
      expect(await discoverSmartEndpoints(ISS, fetch)).toEqual({
        authorizationEndpoint: 'https://old.example.org/authorize',
        tokenEndpoint: 'https://old.example.org/token',
      });
      expect(fetch.requests.map((r) => `${r.method} ${r.url} ${r.headers.Accept}`)).toEqual([
        `GET ${ISS}/.well-known/smart-configuration application/json`,
        `GET ${ISS}/metadata application/json`,
      ]);
    });

    it('falls back too when the document names no endpoints', async () => {
      const fetch = smartServer({ wellKnown: json({ capabilities: [] }), metadata: json(capabilityStatement) });
      expect((await discoverSmartEndpoints(ISS, fetch)).tokenEndpoint).toBe('https://old.example.org/token');
    });

    it('refuses with a clear text when neither names the endpoints', async () => {
      const fetch = smartServer({ wellKnown: json({}, 404), metadata: json({ resourceType: 'CapabilityStatement' }) });
      await expect(discoverSmartEndpoints(ISS, fetch)).rejects.toThrow(SmartMessages.discoveryFailed);
    });
  });
});
