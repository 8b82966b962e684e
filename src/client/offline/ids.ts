let sequence = 0;

/** A random UUID, also where crypto.randomUUID is missing (a page served over plain http). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An outbox key that sorts in the order writes were made: the time, then a counter for writes in the same millisecond. */
export function outboxKey(now = Date.now()): string {
  return `${String(now).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}`;
}
