import { describe, expect, it, vi } from 'vitest';
import { base64UrlEncode } from '../login/pkce';
import { smartLaunch, SmartMessages } from './index';
import { PENDING_LAUNCH_KEY } from './pending';
import {
  AUTHORIZE,
  CLIENT_ID,
  ISS,
  ISSUER,
  JWKS,
  memoryStore,
  REDIRECT,
  SCOPE,
  smartServer,
  TOKEN,
} from './test-server';

async function launch(options: { iss?: string; launch?: string; url?: string } = {}) {
  const fetch = smartServer();
  const store = memoryStore();
  const navigate = vi.fn();
  await smartLaunch({ clientId: CLIENT_ID, scope: SCOPE, redirectUri: REDIRECT, fetch, navigate, store, ...options });
  expect(navigate).toHaveBeenCalledTimes(1);
  const url = new URL(navigate.mock.calls[0][0]);
  const pending = JSON.parse(store.map.get(PENDING_LAUNCH_KEY) ?? '{}');
  return { fetch, url, pending };
}

async function s256(verifier: string): Promise<string> {
  return base64UrlEncode(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

describe('smartLaunch', () => {
  describe('when standalone (iss only)', () => {
    it('discovers the endpoints from iss and navigates to the authorize URL with every parameter', async () => {
      const { fetch, url, pending } = await launch({ iss: ISS });
      expect(fetch.requests).toEqual([
        {
          method: 'GET',
          url: `${ISS}/.well-known/smart-configuration`,
          headers: { Accept: 'application/json' },
          body: undefined,
          credentials: undefined,
        },
      ]);
      expect(url.origin + url.pathname).toBe(AUTHORIZE);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT,
        scope: SCOPE,
        state: pending.state,
        aud: ISS,
        code_challenge: await s256(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      expect(pending.state).toMatch(/^[0-9a-f]{224}$/);
      expect(pending).toMatchObject({ iss: ISS, tokenEndpoint: TOKEN, jwksUri: JWKS, issuer: ISSUER });
    });

    it('sends a fresh state each launch', async () => {
      const first = await launch({ iss: ISS });
      const second = await launch({ iss: ISS });
      expect(first.url.searchParams.get('state')).not.toBe(second.url.searchParams.get('state'));
    });

    it('sends aud exactly as iss is written, adding and removing no slash', async () => {
      const { fetch, url } = await launch({ iss: `${ISS}/` });
      expect(url.searchParams.get('aud')).toBe(`${ISS}/`);
      expect(fetch.requests[0].url).toBe(`${ISS}/.well-known/smart-configuration`);
    });
  });

  describe('when the EHR launches (iss and launch in the page URL)', () => {
    it('takes iss and launch from the page query and sends launch', async () => {
      const page = `https://app.example.com/launch.html?iss=${encodeURIComponent(ISS)}&launch=xyz123`;
      const { url } = await launch({ url: page });
      expect(url.searchParams.get('launch')).toBe('xyz123');
      expect(url.searchParams.get('aud')).toBe(ISS);
    });
  });

  describe('when there is no iss', () => {
    it('refuses with a text that says how to pass one, and navigates nowhere', async () => {
      const navigate = vi.fn();
      const fetch = smartServer();
      await expect(
        smartLaunch({
          clientId: CLIENT_ID,
          scope: SCOPE,
          redirectUri: REDIRECT,
          url: 'https://app.example.com/launch.html',
          fetch,
          navigate,
          store: memoryStore(),
        })
      ).rejects.toThrow(SmartMessages.missingIss);
      expect(navigate).not.toHaveBeenCalled();
      expect(fetch.requests).toEqual([]);
    });

    it('refuses an iss that is not http(s), e.g. javascript:', async () => {
      const fetch = smartServer();
      await expect(
        smartLaunch({ clientId: CLIENT_ID, scope: SCOPE, redirectUri: REDIRECT, iss: 'javascript:alert(1)', fetch })
      ).rejects.toThrow(SmartMessages.invalidIss);
      expect(fetch.requests).toEqual([]);
    });
  });
});
