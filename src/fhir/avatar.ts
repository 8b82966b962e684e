// What an avatar shows for a person or a place: a photo when the resource has a safe one, else
// up to two initials of its name.

import { getAttachmentDataUrl, getAttachmentKind, getSafeAttachmentUrl } from './attachments';
import type { Attachment, HumanName, Resource } from './types';

const TITLE = /^\s*(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+/i;
const CREDENTIAL = /^(?:[A-Z]{2,}|Ph\.?D|Jr|Sr)\.?$/;

/**
 * Up to two initials for the avatar fallback: the first given name's and the family name's
 * ('Dr. Julia Hibbert MD' is JH). From a plain name, a leading title and trailing credentials
 * ('MD', ', PhD') are skipped.
 */
export function getInitials(name: HumanName | string | undefined): string {
  if (typeof name === 'object' && (name.given?.[0] || name.family)) {
    return ((name.given?.[0]?.[0] ?? '') + (name.family?.[0] ?? '')).toUpperCase();
  }
  const words = ((typeof name === 'object' ? name.text : name) ?? '')
    .slice(0, 500)
    .split(',')[0]
    .replace(TITLE, '')
    .trim()
    .split(/\s+/);
  while (words.length > 1 && CREDENTIAL.test(words[words.length - 1])) words.pop();
  if (!words[0]) return '?';
  return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

/**
 * The resource's photo as a URL an `<img src>` may take: its first photo's http(s), data or blob
 * URL, or its inline image data. Undefined when it has none, or only an unsafe or non-image one.
 */
export function getAvatarPhotoUrl(resource: Resource | undefined): string | undefined {
  const photos = (resource as { photo?: unknown } | undefined)?.photo;
  const photo = (Array.isArray(photos) ? photos[0] : photos) as Attachment | undefined;
  if (!photo || typeof photo !== 'object') return undefined;
  if (photo.contentType && getAttachmentKind(photo.contentType) !== 'image') return undefined;
  return getSafeAttachmentUrl(photo.url) ?? (photo.contentType ? getAttachmentDataUrl(photo) : undefined);
}
