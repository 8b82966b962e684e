// src/client: the FhirClient and its parts.
export { FhirClient } from './FhirClient';
export type { CacheChangeListener, ValueSetExpandParams } from './FhirClient';
export type { CreatePdfOptions, EmailMessage, KeyValueClient } from './platform';
export type { FhirClientEventMap } from './events';
export type { CreatePdfFunction, FhirClientOptions } from './options';
export { ReadablePromise } from './readable-promise';
export type { ReadablePromiseStatus } from './readable-promise';
export { ClientStorage, MemoryStorage } from './storage';
export type { StorageLike } from './storage';
export { TypedEventTarget } from './events';
export type { TypedEventListener } from './events';
export { ACCEPT_HEADER, ContentType } from './transport';
export type { RequestOptions } from './transport';
export { parseRateLimitHeader } from './retry';
export type { RateLimitEntry } from './retry';
export type { BinaryResult, BinarySource, CreateBinaryOptions } from './binary';
export type { QueryTypes, ResourceArray } from './query';
export type {
  LoginState,
  ProfileResource,
  SessionDetails,
  SessionMembership,
  SessionProject,
  TokenResponse,
} from './session';
// The other client parts, each with its own index.
export * from './login';
export * from './subscriptions';
export * from './fhircast';
export * from './chat';
// Offline use (opt in): the persisted stores for FhirClient's offline option.
export * from './offline';
// SMART App Launch from just the FHIR base: thin entry points, the work loads on demand.
export * from './smart';
