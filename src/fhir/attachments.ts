// What an attachment is and where it may be shown from: its kind by content type (image, video,
// audio, PDF, C-CDA, text), its inline data as a data: URL, the name a download saves under, and
// the cache that reuses a signed URL until shortly before it expires. Nothing here touches the DOM.

import { getAttachmentName } from './format';
import type { Attachment } from './types';
import { isSafeUrl } from './urls';

/** How an attachment can be previewed; 'other' offers only the download. */
export type AttachmentKind = 'image' | 'video' | 'audio' | 'pdf' | 'ccda' | 'text' | 'other';

/** Content types whose bytes are text a person reads (shown as text, never as HTML). */
const TEXT_TYPES = new Set(['application/json', 'application/fhir+json', 'application/xml', 'text/xml']);

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The content type without parameters, lower case: 'text/plain; charset=utf-8' → 'text/plain'. */
export function getMediaType(contentType: string | undefined): string {
  return (contentType ?? '').slice(0, 300).split(';')[0].trim().toLowerCase();
}

/**
 * The preview an attachment gets from its content type. HTML and SVG count as 'other': a server's
 * HTML or an SVG with script must never be rendered as a page or an image of this site.
 */
export function getAttachmentKind(contentType: string | undefined): AttachmentKind {
  const type = getMediaType(contentType);
  if (!MEDIA_TYPE.test(type) || type === 'image/svg+xml') return 'other';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/cda+xml' || type === 'xml/cda') return 'ccda';
  if (type === 'text/html') return 'other';
  if (type.startsWith('text/') || TEXT_TYPES.has(type)) return 'text';
  return 'other';
}

// 10 MB of base64 is as much inline data as a browser should be asked to hold as a URL.
const MAX_INLINE_DATA = 14_000_000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The type the attachment's bytes may carry in a data: or blob: URL of this site: images, video,
 * audio and PDF keep theirs; text and XML become text/plain (an XML or HTML document opened from
 * a URL of this site could run script in it); anything else becomes application/octet-stream.
 */
export function getSafeMediaType(contentType: string | undefined): string {
  const type = getMediaType(contentType);
  const kind = getAttachmentKind(type);
  if (kind === 'text' || kind === 'ccda') return 'text/plain';
  if (kind === 'other') return 'application/octet-stream';
  return type;
}

/** The attachment's inline data as a data: URL (of its safe media type); undefined without data, or when the data is not base64. */
export function getAttachmentDataUrl(attachment: Attachment | undefined): string | undefined {
  const raw = attachment?.data;
  if (!raw || raw.length > MAX_INLINE_DATA) return undefined;
  const data = raw.replace(/\s+/g, '');
  if (!BASE64.test(data)) return undefined;
  return `data:${getSafeMediaType(attachment?.contentType)};base64,${data}`;
}

/** The file name a download saves under: the attachment's name without path characters. */
export function getDownloadName(attachment: Attachment | undefined): string {
  const name = getAttachmentName(attachment).slice(0, 200);
  let out = '';
  for (const char of name) out += char < ' ' || '/\\:*?"<>|'.includes(char) ? '_' : char;
  return out;
}

/** How long before its expiry a signed URL stops being reused. */
export const SIGNED_URL_REUSE_MARGIN_MS = 5000;

/**
 * When a signed URL expires, in ms since the epoch: from `Expires` (seconds since the epoch, as
 * CloudFront and Medplum sign) or from `X-Amz-Date` + `X-Amz-Expires` (S3 presigned URLs).
 * Undefined for a URL that carries no expiry.
 */
export function getSignedUrlExpiry(url: string): number | undefined {
  const query = url.indexOf('?');
  if (query < 0 || url.length > 8192) return undefined;
  const params = new URLSearchParams(url.slice(query + 1).split('#')[0]);
  const expires = params.get('Expires');
  if (expires && /^\d{1,12}$/.test(expires)) return Number(expires) * 1000;
  const amzDate = params.get('X-Amz-Date');
  const amzExpires = params.get('X-Amz-Expires');
  const match = amzDate?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (match && amzExpires && /^\d{1,9}$/.test(amzExpires)) {
    const [, y, mo, d, h, mi, s] = match.map(Number);
    return Date.UTC(y, mo - 1, d, h, mi, s) + Number(amzExpires) * 1000;
  }
  return undefined;
}

/**
 * Remembers signed URLs by their address without the query, so a resource read again (with a
 * freshly signed URL each time) keeps showing the URL the browser already downloaded, until
 * 5 s before that one expires. Bounded: the oldest entries go first.
 */
export class SignedUrlCache {
  readonly #entries = new Map<string, { url: string; expires: number }>();

  constructor(readonly maxEntries = 500) {}

  /** The URL to use for `url` at time `now`: a cached signing of the same address while it is valid, else `url` itself. */
  resolve(url: string, now = Date.now()): string {
    const expires = getSignedUrlExpiry(url);
    if (expires === undefined) return url;
    const key = url.slice(0, url.indexOf('?'));
    const cached = this.#entries.get(key);
    if (cached && cached.expires - SIGNED_URL_REUSE_MARGIN_MS > now) return cached.url;
    this.#entries.delete(key);
    if (expires - SIGNED_URL_REUSE_MARGIN_MS > now) {
      this.#entries.set(key, { url, expires });
      if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return url;
  }

  /** Forgets every URL. */
  clear(): void {
    this.#entries.clear();
  }
}

/** The id of a Binary when the URL points at one on this FHIR server (`{fhirBase}Binary/{id}`), else undefined. */
export function getServerBinaryId(url: string | undefined, fhirBaseUrl: string): string | undefined {
  if (!url || !fhirBaseUrl || url.length > 4096) return undefined;
  const base = fhirBaseUrl.endsWith('/') ? fhirBaseUrl : `${fhirBaseUrl}/`;
  const rest = url.startsWith(base) ? url.slice(base.length) : /^Binary\//.test(url) ? url : undefined;
  const match = rest?.match(/^Binary\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]{1,64})?(?:[?#].*)?$/);
  return match?.[1];
}

/** The URL a preview or a download may use: safe http(s), data or blob only; anything else is undefined. */
export function getSafeAttachmentUrl(url: string | undefined): string | undefined {
  if (!isSafeUrl(url)) return undefined;
  // A path on this site is safe for links but an attachment is never one: it would be fetched
  // with the site's cookies from wherever the server says.
  return /^\s*\//.test(url) ? undefined : url;
}
