import { isWellFormedVerifier, s256Challenge, verifyPkce } from './pkce';

describe('PKCE', () => {
  // RFC 7636 appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('computes the RFC 7636 S256 example', () => {
    expect(s256Challenge(verifier)).toBe(challenge);
  });

  it('accepts a matching S256 verifier and refuses another', () => {
    expect(verifyPkce(challenge, 'S256', verifier)).toBe(true);
    expect(verifyPkce(challenge, 'S256', verifier + 'x')).toBe(false);
  });

  it('accepts a plain verifier equal to the challenge', () => {
    expect(verifyPkce('plain-verifier-value', 'plain', 'plain-verifier-value')).toBe(true);
    expect(verifyPkce('plain-verifier-value', 'plain', 'other')).toBe(false);
  });

  it('does not accept the challenge itself as an S256 verifier', () => {
    expect(verifyPkce(challenge, 'S256', challenge)).toBe(false);
  });

  it('refuses missing values and unknown methods', () => {
    expect(verifyPkce(undefined, 'S256', verifier)).toBe(false);
    expect(verifyPkce(challenge, 'S256', undefined)).toBe(false);
    expect(verifyPkce(challenge, 'S512', verifier)).toBe(false);
    expect(verifyPkce(challenge, 'S256', 'a'.repeat(129))).toBe(false);
  });

  it('checks verifier syntax', () => {
    expect(isWellFormedVerifier(verifier)).toBe(true);
    expect(isWellFormedVerifier('short')).toBe(false);
  });
});
