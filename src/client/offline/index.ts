// Offline use, opt in: the stores an app hands FhirClient's offline option. The layer that uses
// them (offline-layer.ts) loads on demand, so a client without the option never carries it.
export { createMemoryStore } from './memory-store';
export { createIndexedDbStore } from './indexeddb-store';
export type { OfflineArea, OfflineStore } from './store';
export type { OfflineOptions } from './offline-layer';
export type { Outbox, OutboxEventMap } from './outbox';
export { OUTBOX_IDENTIFIER_SYSTEM } from './outbox-entry';
export type { OutboxConflict, OutboxEntry, OutboxKind, OutboxState } from './outbox-entry';
export type { BackoffOptions } from './backoff';
