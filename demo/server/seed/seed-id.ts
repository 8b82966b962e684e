import { createHash } from 'node:crypto';

/** A stable UUID-shaped id for a seed key, so reseeding gives the same ids. */
export function seedId(key: string): string {
  const h = createHash('sha256').update(`fhir-portal-kit-seed:${key}`).digest('hex');
  // Version nibble 5 and variant bits, as in a name-based UUID.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
