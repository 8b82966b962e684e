/** The random secrets a login hands out (codes, refresh secrets) and the digests it keeps of them. */
import { createHash, randomBytes } from 'node:crypto';

/** A random secret, base64url. */
export function secret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Codes and refresh secrets are stored as SHA-256 digests: a copy of the database holds no live credential. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
