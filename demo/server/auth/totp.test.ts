import { generateTotpCode, generateTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './totp';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vector', () => {
    // Secret '12345678901234567890' in base32; T = 59 s gives 94287082 (8 digits) → 287082.
    expect(generateTotpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });

  it('accepts the current code and one step either side', () => {
    const now = 1_700_000_000_000;
    expect(verifyTotp(SECRET, generateTotpCode(SECRET, now), now)).toBe(true);
    expect(verifyTotp(SECRET, generateTotpCode(SECRET, now - 30_000), now)).toBe(true);
    expect(verifyTotp(SECRET, generateTotpCode(SECRET, now + 30_000), now)).toBe(true);
  });

  it('refuses a code two steps away, and non-codes', () => {
    const now = 1_700_000_000_000;
    expect(verifyTotp(SECRET, generateTotpCode(SECRET, now - 90_000), now)).toBe(false);
    expect(verifyTotp(SECRET, 'abcdef', now)).toBe(false);
    expect(verifyTotp(SECRET, undefined, now)).toBe(false);
  });

  it('generates base32 secrets of 160 bits', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('renders an otpauth URI and a QR data URL', async () => {
    const uri = totpUri(SECRET, 'mfa@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${SECRET}`);
    expect(uri).toContain('mfa%40example.com');
    expect(await totpQrDataUrl(SECRET, 'mfa@example.com')).toMatch(/^data:image\/png;base64,/);
  });
});
