// The email check of every unauthenticated form. It runs on input anyone can send, so it
// bounds the length first and then scans once: no pattern that can backtrack (the old
// /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took seconds on a 64 KB domain of dots).

/** RFC 5321: a path holds at most 254 characters of address. */
export const MAX_EMAIL_LENGTH = 254;

/** True for `local@domain.tld` without whitespace, one '@', a dot inside the domain; linear. */
export function isValidEmail(email: string): boolean {
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const domain = email.slice(at + 1);
  // A dot with at least one character before and after it.
  if (domain.length < 3 || !domain.slice(1, -1).includes('.')) return false;
  for (let i = 0; i < email.length; i++) {
    const c = email.charCodeAt(i);
    // Whitespace (ASCII and the Unicode spaces \s knows) and control characters.
    if (c <= 0x20 || c === 0x7f || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)) return false;
    if (c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff) return false;
  }
  return true;
}
