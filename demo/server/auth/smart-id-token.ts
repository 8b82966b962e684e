/**
 * The OpenID Connect id_token of a SMART launch: RS256 with the key the JWKS publishes
 * (smart-signing-key.ts), issued at the code exchange when the granted scope holds both
 * `openid` and `fhirUser`, so an app can learn who signed in and verify it was this server.
 */
import { SignJWT } from 'jose';
import type { ServerContext } from '../context';
import { ID_TOKEN_ALG, signingKeyOf } from './smart-signing-key';

/** id_tokens live as long as access tokens: one hour. */
export const ID_TOKEN_LIFETIME_SECONDS = 3600;

/** What an id_token says. */
export interface IdTokenInput {
  /** The user id (User/{sub}). */
  sub: string;
  /** The client the token is for (its `aud`). */
  clientId: string;
  /** 'Patient/{id}' or 'Practitioner/{id}': the FHIR resource of the person signed in. */
  fhirUser: string;
  nonce?: string;
  /** ISO instant the person signed in. */
  authTime?: string;
}

/** True when a granted scope asks for an id_token (both openid and fhirUser). */
export function wantsIdToken(scope: string): boolean {
  const scopes = scope.split(' ');
  return scopes.includes('openid') && scopes.includes('fhirUser');
}

/** Signs an id_token; iss is the issuer smart-configuration names (the server's base URL). */
export async function signIdToken(ctx: ServerContext, input: IdTokenInput, now = Date.now()): Promise<string> {
  const key = await signingKeyOf(ctx);
  const iat = Math.floor(now / 1000);
  const authTime = input.authTime ? Math.floor(Date.parse(input.authTime) / 1000) : NaN;
  return new SignJWT({
    fhirUser: input.fhirUser,
    ...(input.nonce ? { nonce: input.nonce } : {}),
    ...(Number.isFinite(authTime) ? { auth_time: authTime } : {}),
  })
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(ctx.baseUrl)
    .setSubject(input.sub)
    .setAudience(input.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_LIFETIME_SECONDS)
    .sign(key.privateKey);
}
