/**
 * The fields the login forms send, checked before anything looks at them: the forms take input
 * from anyone, so each field is bounded before scrypt or storage sees it.
 */
import { isValidEmail, MAX_EMAIL_LENGTH } from './email';
import { AuthMessages, badRequest, tooLong } from './errors';

/** Minimum password length at registration. */
export const MIN_PASSWORD_LENGTH = 8;
/** Passwords and names are bounded before anything looks at them (scrypt, storage). */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 200;

/** Lower-cases and trims an email; refuses anything that is not one. */
export function normalizeEmail(email: unknown, expression = 'email'): string {
  if (typeof email !== 'string' || email.length > 4 * MAX_EMAIL_LENGTH)
    badRequest(AuthMessages.invalidEmail, expression);
  const trimmed = email.trim();
  if (!isValidEmail(trimmed)) badRequest(AuthMessages.invalidEmail, expression);
  return trimmed.toLowerCase();
}

/** A non-blank string of at most maxLength characters; 400 on the field otherwise. */
export function requireString(
  value: unknown,
  expression: string,
  text = `Missing ${expression}`,
  maxLength = MAX_NAME_LENGTH
): string {
  if (typeof value !== 'string' || value.trim() === '') badRequest(text, expression);
  if (value.length > maxLength) tooLong(expression, maxLength);
  return value;
}
