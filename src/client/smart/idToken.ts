import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { errorOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import { SmartMessages } from './messages';

/** What an id_token is checked against. */
export interface IdTokenCheck {
  /** The server's key set address (smart-configuration `jwks_uri`). */
  jwksUri: string | undefined;
  /** The expected `iss` claim. */
  issuer: string;
  /** The app's client id: the expected `aud`. */
  clientId: string;
  fetch: typeof fetch;
}

/** Seconds of clock difference between browser and server an expiry check forgives. */
export const ID_TOKEN_CLOCK_TOLERANCE = 60;

function refuse(text: string, cause?: unknown): never {
  throw new OperationOutcomeError(errorOutcome(text, 'security'), cause ? { cause } : undefined);
}

async function loadKeys(check: IdTokenCheck): Promise<JSONWebKeySet> {
  if (!check.jwksUri) refuse(SmartMessages.missingJwksUri);
  let keys: JSONWebKeySet | undefined;
  try {
    const response = await check.fetch(check.jwksUri, { method: 'GET', headers: { Accept: 'application/json' } });
    if (response.ok) keys = await response.json();
  } catch (error) {
    refuse(SmartMessages.jwksFailed, error);
  }
  if (!Array.isArray(keys?.keys)) refuse(SmartMessages.jwksFailed);
  return keys;
}

// jose's error codes, matched by value so two copies of jose in one app still map the same.
function textFor(error: unknown): string {
  const { code, claim } = (error ?? {}) as { code?: string; claim?: string };
  if (code === 'ERR_JWT_EXPIRED') return SmartMessages.idTokenExpired;
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'iss') return SmartMessages.idTokenIssuer;
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'aud') return SmartMessages.idTokenAudience;
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JWKS_NO_MATCHING_KEY') {
    return SmartMessages.idTokenSignature;
  }
  return SmartMessages.idTokenInvalid;
}

/**
 * Verifies an id_token (signature against the server's JWKS, issuer, audience = client id,
 * expiry) and returns its claims; refuses with one of SmartMessages' texts.
 */
export async function verifyIdToken(idToken: string, check: IdTokenCheck): Promise<Record<string, unknown>> {
  const keys = await loadKeys(check);
  try {
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(keys), {
      issuer: check.issuer,
      audience: check.clientId,
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE,
      requiredClaims: ['exp'],
    });
    return payload as Record<string, unknown>;
  } catch (error) {
    refuse(textFor(error), error);
  }
}
