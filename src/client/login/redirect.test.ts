// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FhirClient } from '../FhirClient';
import { createMockFetch, MockLoginClient } from './mockLoginClient';
import {
  buildAuthorizeUrl,
  getExternalAuthRedirectUri,
  handleRedirectCallback,
  RedirectMessages,
  signInWithExternalAuth,
  signInWithRedirect,
  startSmartLaunch,
} from './redirect';

const BASE = 'https://fhir.example.com/';

function setup(clientId: string | undefined = 'app-1') {
  const fetch = createMockFetch({
    'POST oauth2/token': { body: { access_token: 'A', profile: { reference: 'Patient/1' } } },
  });
  return { fetch, client: new MockLoginClient(fetch, { baseUrl: BASE, clientId }) };
}

beforeEach(() => sessionStorage.clear());

describe('SMART standalone launch', () => {
  it('sends the browser to the authorize URL with every parameter', async () => {
    const { client } = setup();
    const navigate = vi.fn();
    await startSmartLaunch(client, { redirectUri: 'https://app.example.com/callback' }, { navigate });
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0][0]);
    expect(url.origin + url.pathname).toBe(`${BASE}oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      state: sessionStorage.getItem('pkceState'),
      client_id: 'app-1',
      redirect_uri: 'https://app.example.com/callback',
      code_challenge_method: 'S256',
      code_challenge: sessionStorage.getItem('codeChallenge'),
      scope: 'openid profile email',
    });
    expect(sessionStorage.getItem('pkceState')).toMatch(/^[0-9a-f]{224}$/);
  });

  it("sends the client's FHIR base as aud exactly, with no trailing slash added", async () => {
    const fhirClient = new FhirClient({ baseUrl: 'https://ehr.example.org', clientId: 'app-1', fetch: vi.fn() });
    const url = new URL(await buildAuthorizeUrl(fhirClient, { redirectUri: 'https://app.example.com/cb' }));
    expect(url.searchParams.get('aud')).toBe('https://ehr.example.org/fhir/R4');
  });

  it('uses a given authorize URL, scope, aud and launch', async () => {
    const { client } = setup();
    const url = new URL(
      await buildAuthorizeUrl(client, {
        authorizeUrl: 'https://ehr.example.org/auth/authorize',
        scope: 'launch/patient openid fhirUser patient/*.rs',
        aud: 'https://ehr.example.org/fhir',
        launch: 'xyz',
        clientId: 'other',
      })
    );
    expect(url.host).toBe('ehr.example.org');
    expect(url.searchParams.get('scope')).toBe('launch/patient openid fhirUser patient/*.rs');
    expect(url.searchParams.get('aud')).toBe('https://ehr.example.org/fhir');
    expect(url.searchParams.get('launch')).toBe('xyz');
    expect(url.searchParams.get('client_id')).toBe('other');
  });

  it('refuses to start without a client id, saying where to give one', async () => {
    const { client } = setup('');
    await expect(buildAuthorizeUrl(client)).rejects.toThrow(RedirectMessages.missingClientId);
  });

  describe('when the browser comes back', () => {
    async function launch() {
      const { client, fetch } = setup();
      const navigate = vi.fn();
      await startSmartLaunch(client, { redirectUri: 'https://app.example.com/callback' }, { navigate });
      const state = new URL(navigate.mock.calls[0][0]).searchParams.get('state')!;
      const verifier = sessionStorage.getItem('codeVerifier')!;
      return { client, fetch, state, verifier };
    }

    it('checks the state and exchanges the code with the verifier and the same redirect URI', async () => {
      const { client, fetch, state, verifier } = await launch();
      const result = await handleRedirectCallback(client, `https://app.example.com/callback?code=C1&state=${state}`);
      expect(result).toMatchObject({ access_token: 'A' });
      expect(fetch.requests).toHaveLength(1);
      expect(fetch.requests[0].url).toBe(`${BASE}oauth2/token`);
      expect(fetch.requests[0].body).toBe(
        `grant_type=authorization_code&code=C1&client_id=app-1&redirect_uri=${encodeURIComponent(
          'https://app.example.com/callback'
        )}&code_verifier=${verifier}`
      );
      expect(sessionStorage.getItem('pkceState')).toBeNull();
    });

    it('refuses a tampered state and sends nothing', async () => {
      const { client, fetch, state } = await launch();
      await expect(
        handleRedirectCallback(client, `https://app.example.com/callback?code=C1&state=${state.slice(0, -1)}0x`)
      ).rejects.toThrow(RedirectMessages.stateMismatch);
      expect(fetch.requests).toHaveLength(0);
      expect(client.getActiveLogin()).toBeUndefined();
    });

    it('refuses a missing state', async () => {
      const { client, fetch } = await launch();
      await expect(handleRedirectCallback(client, 'https://app.example.com/callback?code=C1')).rejects.toThrow(
        RedirectMessages.stateMismatch
      );
      expect(fetch.requests).toHaveLength(0);
    });

    it('refuses a replayed state (single use)', async () => {
      const { client, state } = await launch();
      await handleRedirectCallback(client, `https://app.example.com/callback?code=C1&state=${state}`);
      await expect(
        handleRedirectCallback(client, `https://app.example.com/callback?code=C1&state=${state}`)
      ).rejects.toThrow(RedirectMessages.stateMismatch);
    });

    it('raises the error the server sent back', async () => {
      const { client } = await launch();
      await expect(
        handleRedirectCallback(
          client,
          'https://app.example.com/callback?error=access_denied&error_description=User+said+no'
        )
      ).rejects.toThrow('User said no');
    });

    it('signInWithRedirect exchanges on return and redirects otherwise', async () => {
      const { client, state } = await launch();
      await expect(
        signInWithRedirect(client, {}, { url: `https://app.example.com/callback?code=C1&state=${state}` })
      ).resolves.toMatchObject({ access_token: 'A' });
      const navigate = vi.fn();
      await expect(
        signInWithRedirect(client, {}, { url: 'https://app.example.com/', navigate })
      ).resolves.toBeUndefined();
      expect(navigate).toHaveBeenCalledWith(expect.stringContaining(`${BASE}oauth2/authorize?response_type=code`));
    });
  });
});

describe('external identity provider', () => {
  it('redirects with the code challenge and the login request as state', async () => {
    const { client } = setup();
    const navigate = vi.fn();
    await signInWithExternalAuth(
      client,
      'https://idp.example.org/authorize',
      'idp-client',
      'https://fhir.example.com/auth/external',
      { projectId: 'P1' },
      true,
      { navigate }
    );
    const url = new URL(navigate.mock.calls[0][0]);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      response_type: 'code',
      client_id: 'idp-client',
      redirect_uri: 'https://fhir.example.com/auth/external',
      scope: 'openid profile email',
      state: expect.any(String),
      code_challenge_method: 'S256',
      code_challenge: sessionStorage.getItem('codeChallenge'),
    });
    expect(JSON.parse(params.state)).toEqual({
      projectId: 'P1',
      codeChallenge: sessionStorage.getItem('codeChallenge'),
      codeChallengeMethod: 'S256',
    });
  });

  it('leaves PKCE out when disabled', async () => {
    const { client } = setup();
    const navigate = vi.fn();
    await signInWithExternalAuth(client, 'https://idp.example.org/authorize', 'c', 'https://r/', {}, false, {
      navigate,
    });
    expect(new URL(navigate.mock.calls[0][0]).searchParams.has('code_challenge')).toBe(false);
  });

  it('requires codeChallenge and codeChallengeMethod', () => {
    expect(() =>
      getExternalAuthRedirectUri('https://idp/authorize', 'c', 'https://r/', { codeChallenge: 'x' })
    ).toThrow(RedirectMessages.missingCodeChallengeMethod);
    expect(() =>
      getExternalAuthRedirectUri('https://idp/authorize', 'c', 'https://r/', { codeChallengeMethod: 'S256' })
    ).toThrow(RedirectMessages.missingCodeChallenge);
  });
});
