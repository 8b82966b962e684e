import { SignJWT, jwtVerify, errors } from 'jose';
import { OperationOutcomeError, OutcomeMessages, unauthorizedOutcome } from '../../../src/fhir/outcomes';

/** Access tokens live one hour. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Claims of an access token. */
export interface AccessTokenClaims {
  /** User id. */
  sub: string;
  /** Login id; revoking the login revokes the token. */
  login_id: string;
  /** Profile reference, e.g. 'Patient/123'. */
  profile: string;
  client_id?: string;
  scope: string;
  iss: string;
  iat?: number;
  exp?: number;
}

/** Signs an HS256 access token that expires after `lifetimeSeconds`. */
export async function signAccessToken(
  secret: Uint8Array,
  claims: Omit<AccessTokenClaims, 'iat' | 'exp'>,
  lifetimeSeconds: number = ACCESS_TOKEN_LIFETIME_SECONDS,
  now: number = Date.now()
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const { sub, iss, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(iss)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(secret);
}

/** Verifies an HS256 access token; throws a 401 outcome ('Token expired' or 'Unauthorized'). */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  opts: { issuer?: string; now?: number } = {}
): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      // A token without an expiry would be good forever: refused, whoever signed it.
      requiredClaims: ['exp'],
      ...(opts.issuer ? { issuer: opts.issuer } : {}),
      ...(opts.now !== undefined ? { currentDate: new Date(opts.now) } : {}),
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.login_id !== 'string' ||
      typeof payload.profile !== 'string'
    ) {
      throw new OperationOutcomeError(unauthorizedOutcome());
    }
    return payload as unknown as AccessTokenClaims;
  } catch (err) {
    if (err instanceof errors.JWTExpired)
      throw new OperationOutcomeError(unauthorizedOutcome(OutcomeMessages.tokenExpired));
    if (err instanceof OperationOutcomeError) throw err;
    throw new OperationOutcomeError(unauthorizedOutcome());
  }
}
