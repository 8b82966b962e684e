import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base64UrlEncode,
  createCodeChallenge,
  createCodeVerifier,
  getRandomString,
  PKCE_VERIFIER_MAX_LENGTH,
  startPkce,
  type PkceCrypto,
} from './pkce';
import { MemoryStorage } from '../storage';

describe('PKCE', () => {
  it('makes the random string from 28 random 32-bit words in hex', () => {
    let asked = 0;
    const crypto: PkceCrypto = {
      getRandomValues: (array) => {
        asked = (array as unknown as Uint32Array).length;
        (array as unknown as Uint32Array).fill(0xabc);
        return array;
      },
    };
    const text = getRandomString(crypto);
    expect(asked).toBe(28);
    expect(text).toBe('00000abc'.repeat(28));
  });

  it('makes verifiers of at most 128 unreserved characters, different each time', () => {
    const a = createCodeVerifier();
    const b = createCodeVerifier();
    expect(a.length).toBeLessThanOrEqual(PKCE_VERIFIER_MAX_LENGTH);
    expect(a).toHaveLength(128);
    expect(a).toMatch(/^[0-9a-f]{43,128}$/);
    expect(a).not.toBe(b);
  });

  it('makes an S256 challenge: base64url of the SHA-256 of the verifier, no padding', async () => {
    const verifier = createCodeVerifier();
    const { codeChallenge, codeChallengeMethod } = await createCodeChallenge(verifier);
    expect(codeChallengeMethod).toBe('S256');
    expect(codeChallenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('matches the RFC 7636 appendix B example', async () => {
    const { codeChallenge } = await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(codeChallenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  describe('when the browser has no crypto digest', () => {
    it('falls back to plain', async () => {
      const crypto: PkceCrypto = { getRandomValues: (a) => globalThis.crypto.getRandomValues(a as any) as typeof a };
      expect(await createCodeChallenge('abc', crypto)).toEqual({ codeChallenge: 'abc', codeChallengeMethod: 'plain' });
    });
  });

  it('keeps state and verifier in the store for the return trip', async () => {
    const store = new MemoryStorage();
    const result = await startPkce(store);
    expect(store.getItem('pkceState')).toBe(result.state);
    expect(store.getItem('codeVerifier')).toHaveLength(128);
    expect(store.getItem('codeChallenge')).toBe(result.codeChallenge);
    expect(result.codeChallengeMethod).toBe('S256');
  });

  it('encodes base64url', () => {
    expect(base64UrlEncode(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ');
  });
});
