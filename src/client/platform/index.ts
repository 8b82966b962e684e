// The platform-only operations (servers with our extensions: bots, agents, email, bulk export,
// PDF, key-value), one small module each; FhirClient's methods of the same names call them.
export * from './agents';
export * from './bots';
export * from './bulk-export';
export * from './email';
export * from './key-value';
export * from './pdf';
export type { PlatformClient } from './client';
