// Shared by the SMART tests: a SMART server behind an injected fetch that records every request,
// with a real RS256 key (jose) so id_tokens are signed and checked as on the wire. Not exported.
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { json, mockFetch, nowSeconds, type RecordedRequest } from '../test-helpers';
import type { PkceStore } from '../login/pkce';

export const ISS = 'https://ehr.example.org/fhir/r4';
export const AUTHORIZE = 'https://auth.example.org/authorize';
export const TOKEN = 'https://auth.example.org/token';
export const JWKS = 'https://auth.example.org/jwks.json';
export const ISSUER = 'https://auth.example.org';
export const CLIENT_ID = 'my-app';
export const REDIRECT = 'https://app.example.com/app.html';
export const SCOPE = 'launch/patient openid fhirUser patient/*.read';

/** A sessionStorage stand-in. */
export function memoryStore(): PkceStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** An RS256 key pair with its public JWKS, and a signer of id_tokens. */
export async function makeSigner(kid = 'k1') {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const sign = (claims: JWTPayload, expiresIn = 300) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt()
      .setExpirationTime(nowSeconds() + expiresIn)
      .sign(privateKey);
  return { jwks, sign };
}

/** What the fake server answers; each field may be replaced by a test. */
export interface ServerAnswers {
  wellKnown?: Response;
  metadata?: Response;
  token?: Record<string, unknown> | Response;
  jwks?: unknown;
}

/** A fetch that answers like a SMART server at ISS (well-known, token, JWKS, FHIR reads). */
export function smartServer(answers: ServerAnswers = {}) {
  return mockFetch((request: RecordedRequest) => {
    if (request.url === `${ISS}/.well-known/smart-configuration`) {
      return (
        answers.wellKnown?.clone() ??
        json({
          issuer: ISSUER,
          authorization_endpoint: AUTHORIZE,
          token_endpoint: TOKEN,
          jwks_uri: JWKS,
          capabilities: ['launch-ehr', 'launch-standalone'],
        })
      );
    }
    if (request.url === `${ISS}/metadata`) return answers.metadata?.clone() ?? json({}, 404);
    if (request.url === TOKEN) {
      const token = answers.token ?? { access_token: 'AT', token_type: 'Bearer' };
      return token instanceof Response ? token.clone() : json(token);
    }
    if (request.url === JWKS) return json(answers.jwks ?? { keys: [] });
    return json({ resourceType: 'Patient', id: '123' });
  });
}
