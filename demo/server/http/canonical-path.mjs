// @ts-check
// The one parse of a request path (issue 19). Routing, authentication, body limits and the
// access policy once each read the path their own way (the raw string, a decoded one, a
// prefix), so `/fhir//R4/User` or `/%66hir/R4/User` passed the auth check as "not FHIR" and
// then routed as FHIR. Now every reader sees the one form this answers, or the request is
// refused before anything decides. Plain JavaScript so the portal's proxy (demo/app/serve.mjs,
// plain node) forwards by the same rules as the server routes by.
//
// Refused (400): a target that is not an absolute path (no `http://host/...`, no `*`), a
// fragment, an empty segment (`//`), a dot segment (`.`, `..`), a backslash, a character a URL
// may not hold literally (space, quotes, non-ASCII...), and an escape that is not needed:
// a percent-encoded letter, digit or `-._~` (`%66hir`), an encoded slash or backslash
// (`%2F`, `%5C`), an encoded control character, a broken escape, or escapes that are not UTF-8.
// Canonicalised: an escape of a character a path segment may hold literally (`%24everything`
// is `$everything`, `%3A` is `:`) is decoded, and any other escape kept is written in upper
// case; one trailing slash is dropped (`/fhir/R4/` is the base, as it always answered), so
// each path has one spelling. Nothing else is decoded: a segment in the canonical form may
// still hold `%20` (a space) or `%25` (a percent sign), and who reads it decodes it.
// Linear: one pass over at most MAX_PATH_LENGTH characters, checked first.

/** The longest path (before `?`) a request may name; longer answers 414. */
export const MAX_PATH_LENGTH = 2048;

const HEX = '0123456789ABCDEF';

/** Characters a path segment may hold literally: RFC 3986 unreserved, sub-delims, ':' and '@'. */
const LITERAL = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~' + "!$&'()*+,;=:@")
  LITERAL[c.charCodeAt(0)] = 1;

/** Of those, the unreserved ones, whose escape is never needed (`%66` is `f`). */
const UNRESERVED = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') UNRESERVED[c.charCodeAt(0)] = 1;

/** @param {number} code */
function hexValue(code) {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * @param {string} reason
 * @param {400 | 414} [status]
 * @returns {{ ok: false, status: 400 | 414, reason: string }}
 */
function refuse(reason, status = 400) {
  return { ok: false, status, reason };
}

/**
 * The canonical path of a path alone (no query): `/fhir/R4/Patient/1/$everything`.
 * @param {string} path
 * @returns {import('./canonical-path.mjs').CanonicalPath}
 */
export function canonicalPath(path) {
  if (path.length > MAX_PATH_LENGTH) return refuse(`The path is longer than ${MAX_PATH_LENGTH} characters`, 414);
  if (path.charCodeAt(0) !== 47) return refuse('The path must start with /');
  /** @type {string[]} */
  const segments = [];
  let segment = '';
  for (let i = 1; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code === 47) {
      segments.push(segment);
      segment = '';
    } else if (code === 37) {
      const high = hexValue(path.charCodeAt(i + 1));
      const low = hexValue(path.charCodeAt(i + 2));
      if (high < 0 || low < 0) return refuse('The path holds a % that is not an escape');
      const byte = high * 16 + low;
      if (byte < 128 && UNRESERVED[byte]) return refuse('The path escapes a letter, digit or -._~ that needs none');
      if (byte === 47 || byte === 92) return refuse('The path holds an encoded slash or backslash');
      if (byte < 32 || byte === 127) return refuse('The path holds an encoded control character');
      segment += byte < 128 && LITERAL[byte] ? String.fromCharCode(byte) : '%' + HEX[high] + HEX[low];
      i += 2;
    } else if (code < 128 && LITERAL[code]) {
      segment += path[i];
    } else {
      return refuse(code === 92 ? 'The path holds a backslash' : 'The path holds a character that must be escaped');
    }
  }
  segments.push(segment);
  // '/' alone is the root; otherwise one trailing slash names the same resource as none.
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  if (segments.length === 1 && segments[0] === '') return { ok: true, path: '/' };
  for (const s of segments) {
    if (s === '') return refuse('The path holds an empty segment (//)');
    if (s === '.' || s === '..') return refuse('The path holds a dot segment (. or ..)');
    // What stays escaped must decode (UTF-8), so whoever decodes a segment cannot fail on it.
    if (s.includes('%')) {
      try {
        decodeURIComponent(s);
      } catch {
        return refuse('The path holds escapes that are not UTF-8');
      }
    }
  }
  return { ok: true, path: '/' + segments.join('/') };
}

/**
 * A request target (`req.url`: path, then `?query`) split and its path canonicalised.
 * @param {string} target
 * @returns {import('./canonical-path.mjs').CanonicalTarget}
 */
export function canonicalTarget(target) {
  // Lengths before anything else: the query is bounded by the HTTP parser's header limit.
  const mark = target.indexOf('?');
  const rawPath = mark < 0 ? target : target.slice(0, mark);
  if (rawPath.length > MAX_PATH_LENGTH) return refuse(`The path is longer than ${MAX_PATH_LENGTH} characters`, 414);
  if (target.includes('#')) return refuse('A request target holds no fragment (#)');
  const parsed = canonicalPath(rawPath);
  if (!parsed.ok) return parsed;
  return { ok: true, path: parsed.path, query: mark < 0 ? '' : target.slice(mark + 1) };
}
