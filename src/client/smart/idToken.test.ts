import { describe, expect, it, vi } from 'vitest';
import { ClientStorage, MemoryStorage } from '../storage';
import { json, makeJwt } from '../test-helpers';
import { completeSmartLaunch, smartLaunch, SmartMessages } from './index';
import {
  AUTHORIZE,
  CLIENT_ID,
  ISS,
  ISSUER,
  JWKS,
  makeSigner,
  memoryStore,
  REDIRECT,
  SCOPE,
  type ServerAnswers,
  smartServer,
  TOKEN,
} from './test-server';

const GOOD_CLAIMS = { iss: ISSUER, aud: CLIENT_ID, sub: 'u1', fhirUser: 'Practitioner/77' };

/** A full launch whose token response carries the given id_token, signed with the server's key unless told. */
async function completeWith(idToken: string, jwks: unknown, answers: ServerAnswers = {}) {
  const fetch = smartServer({ jwks, token: { access_token: 'AT', patient: '123', id_token: idToken }, ...answers });
  const store = memoryStore();
  const navigate = vi.fn();
  await smartLaunch({ clientId: CLIENT_ID, scope: SCOPE, redirectUri: REDIRECT, iss: ISS, fetch, navigate, store });
  const state = new URL(navigate.mock.calls[0][0]).searchParams.get('state') as string;
  const storage = new ClientStorage(new MemoryStorage());
  const promise = completeSmartLaunch({
    url: `${REDIRECT}?code=C&state=${state}`,
    fetch,
    store,
    clientOptions: { storage },
  });
  return { promise, fetch, storage };
}

describe('the id_token of completeSmartLaunch', () => {
  it('is verified against the JWKS and exposes fhirUser and its claims', async () => {
    const server = await makeSigner();
    const { promise, fetch } = await completeWith(await server.sign(GOOD_CLAIMS), server.jwks);
    const client = await promise;
    expect(client.getLaunchContext()).toMatchObject({
      patient: '123',
      fhirUser: 'Practitioner/77',
      idTokenClaims: { ...GOOD_CLAIMS },
    });
    expect(fetch.requests.filter((r) => r.url === JWKS).map((r) => `${r.method} ${r.headers.Accept}`)).toEqual([
      'GET application/json',
    ]);
  });

  // Each refusal: the promise rejects with the text, and nothing is signed in.
  const refusals: [string, (server: Awaited<ReturnType<typeof makeSigner>>) => Promise<[string, unknown]>, string][] = [
    [
      'a wrong issuer',
      async (s) => [await s.sign({ ...GOOD_CLAIMS, iss: 'https://evil.example.org' }), s.jwks],
      SmartMessages.idTokenIssuer,
    ],
    [
      'a wrong audience',
      async (s) => [await s.sign({ ...GOOD_CLAIMS, aud: 'other-app' }), s.jwks],
      'Token not issued for this audience',
    ],
    ['an expired token', async (s) => [await s.sign(GOOD_CLAIMS, -3600), s.jwks], 'Token expired'],
    [
      'a signature by another key with the same kid',
      async (s) => [await (await makeSigner()).sign(GOOD_CLAIMS), s.jwks],
      SmartMessages.idTokenSignature,
    ],
    [
      'a token with its claims rewritten (fhirUser swapped)',
      async (s) => {
        const [header, , signature] = (await s.sign(GOOD_CLAIMS)).split('.');
        const forged = Buffer.from(JSON.stringify({ ...GOOD_CLAIMS, fhirUser: 'Practitioner/1' })).toString(
          'base64url'
        );
        return [`${header}.${forged}.${signature}`, s.jwks];
      },
      SmartMessages.idTokenSignature,
    ],
    ["an unsigned token (alg 'none')", async (s) => [makeJwt(GOOD_CLAIMS), s.jwks], SmartMessages.idTokenInvalid],
  ];

  for (const [name, make, text] of refusals) {
    it(`refuses ${name} with '${text}'`, async () => {
      const [idToken, jwks] = await make(await makeSigner());
      const { promise, storage } = await completeWith(idToken, jwks);
      await expect(promise).rejects.toThrow(text);
      expect(storage.getObject('activeLogin')).toBeUndefined();
    });
  }

  it('refuses an id_token when the server names no jwks_uri', async () => {
    const server = await makeSigner();
    const wellKnown = json({ issuer: ISSUER, authorization_endpoint: AUTHORIZE, token_endpoint: TOKEN });
    const { promise } = await completeWith(await server.sign(GOOD_CLAIMS), server.jwks, { wellKnown });
    await expect(promise).rejects.toThrow(SmartMessages.missingJwksUri);
  });
});
