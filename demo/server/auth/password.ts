import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { OutcomeCodes } from '../../../src/fhir/outcomes';
import { TooManyRequestsError } from '../core/errors';
import { CodedAuthTexts, tooManyAttempts } from './errors';

/** scrypt cost parameters; N=2^14 keeps a hash near 50 ms on a small machine. */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * scrypt runs on libuv's pool (4 threads), which file and DNS work share. At most
 * HASH_CONCURRENCY hashes run at once and at most HASH_QUEUE_LIMIT wait; beyond that the
 * caller hears 429 at once, so a flood cannot starve other users or grow memory.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 64;
let running = 0;
const waiting: (() => void)[] = [];

async function inHashQueue<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_LIMIT)
      throw tooManyAttempts(1000, CodedAuthTexts.serverBusy, OutcomeCodes.serverBusy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await fn();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return inHashQueue(() => rawScrypt(password, salt, keylen, opts));
}

function rawScrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keylen, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key)
    )
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when the password matches the stored hash; compares in constant time. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  if (typeof stored !== 'string' || typeof password !== 'string') return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length === 0) return false;
  let actual: Buffer;
  try {
    actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw err; // busy: not a wrong password
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
