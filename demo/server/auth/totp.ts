import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** Issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'fhir-portal-kit demo';

function totp(secret: string, label = 'user'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random TOTP secret in base32 (160 bits). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The current 6-digit code for a secret (tests and tools). */
export function generateTotpCode(secret: string, timestamp: number = Date.now()): string {
  return totp(secret).generate({ timestamp });
}

/** True when the token matches the secret within one 30 s step either side. */
export function verifyTotp(secret: string, token: unknown, timestamp: number = Date.now()): boolean {
  if (typeof token !== 'string' || !/^\d{6}$/.test(token.trim())) return false;
  return totp(secret).validate({ token: token.trim(), timestamp, window: 1 }) !== null;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, accountName: string): string {
  return totp(secret, accountName).toString();
}

/** The otpauth:// URI as a PNG data URL, for the 'Enroll in MFA' step. */
export function totpQrDataUrl(secret: string, accountName: string): Promise<string> {
  return QRCode.toDataURL(totpUri(secret, accountName));
}
