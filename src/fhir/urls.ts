// Which URLs from server data may go into href or src: http(s), data and blob, and paths on this
// site. Anything else (javascript:, vbscript:, file:, protocol-relative //host) is refused, so data
// from a server can never run script through a link or an image.

const SAFE_SCHEME = /^(https?:|data:|blob:)/i;

/** True when the URL may be put in an href or src: http(s), data, blob, or a path on this site ('/Patient/1'). */
export function isSafeUrl(url: string | undefined): url is string {
  if (typeof url !== 'string' || !url || url.length > 2_000_000) return false;
  // Browsers drop tabs and newlines inside a scheme ('java\tscript:'), and ignore leading spaces.
  let clean = '';
  for (const char of url.slice(0, 64)) if (char > ' ') clean += char;
  if (clean.startsWith('/')) return !clean.startsWith('//') && !clean.startsWith('/\\');
  return SAFE_SCHEME.test(clean);
}

/** The URL when it is safe for href or src, else undefined. */
export function safeUrl(url: string | undefined): string | undefined {
  return isSafeUrl(url) ? url : undefined;
}

/** The link of a literal reference ('Patient/1' → '/Patient/1'); undefined for anything that is not a plain Type/id or a safe URL. */
export function getSafeReferenceHref(reference: string | undefined): string | undefined {
  if (!reference || reference.length > 2048) return undefined;
  if (/^[A-Z][A-Za-z]{0,63}\/[A-Za-z0-9\-.]{1,64}$/.test(reference)) return `/${reference}`;
  return /^https?:/i.test(reference) ? reference : undefined;
}
