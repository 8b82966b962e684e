// The hub's paths and bounds, apart from the hub so its routes read as routes; hub.ts re-exports them.
/** The hub's HTTP path. */
export const FHIRCAST_HUB_PATH = '/fhircast/STU3';
/** Websocket endpoints live under this path. */
export const FHIRCAST_WS_PREFIX = '/ws/fhircast/';
/** How long a subscription lasts, and how long an endpoint waits for its socket. */
export const FHIRCAST_LEASE_SECONDS = 3600;
/** Longest topic accepted, checked before anything else looks at it. */
export const MAX_TOPIC_LENGTH = 256;
/** Most sockets one project may hold on one server process. */
export const MAX_SUBSCRIPTIONS_PER_PROJECT = 1000;
/** Most sockets one user may hold on one server process: a tab each, with room to spare, far below the project's. */
export const MAX_SOCKETS_PER_USER = 32;
/** Most topics with a context one user may hold. */
export const MAX_TOPICS_PER_USER = 16;
/** Largest event body (and so the largest context a topic keeps), in bytes. */
export const MAX_FHIRCAST_EVENT_BYTES = 64 * 1024;
/** Most events of one user's topics waiting for delivery on a process; a publish past it answers 429. */
export const MAX_PENDING_EVENTS_PER_USER = 64;
/** Most unsubscribed endpoints one user may have pending (until their lease ends), and all users together. */
export const MAX_UNSUBSCRIBES_PER_USER = 256;
/** Most unsubscribed endpoints pending for all users together. */
export const MAX_UNSUBSCRIBES = 100_000;
/** The bus channel FHIRcast events travel on between processes. */
export const FHIRCAST_BUS_CHANNEL = 'fhircast';
/** The bus channel unsubscribes travel on, so every process closes the endpoint's sockets. */
export const FHIRCAST_UNSUBSCRIBE_CHANNEL = 'fhircast-unsubscribe';
