import { createHash, timingSafeEqual } from 'node:crypto';

/** PKCE code challenge methods this server accepts (RFC 7636). */
export type CodeChallengeMethod = 'S256' | 'plain';

/** True for a supported code challenge method. */
export function isCodeChallengeMethod(value: unknown): value is CodeChallengeMethod {
  return value === 'S256' || value === 'plain';
}

/** The S256 challenge of a verifier: base64url(sha256(verifier)) without padding. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Verifier syntax of RFC 7636 section 4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * True when the verifier answers the challenge. `plain` compares as is; `S256` hashes first.
 * The verifier length is not enforced for `plain` so that older clients that send short
 * verifiers still work; for S256 any non-empty verifier hashes to a fixed-size value.
 */
export function verifyPkce(
  challenge: string | undefined,
  method: string | undefined,
  verifier: string | undefined
): boolean {
  if (!challenge || !verifier || typeof verifier !== 'string' || verifier.length > 128) return false;
  const expected =
    method === 'plain' ? verifier : method === 'S256' || method === undefined ? s256Challenge(verifier) : undefined;
  if (expected === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the verifier follows RFC 7636's character set and length. */
export function isWellFormedVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}
