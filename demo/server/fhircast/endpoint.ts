/**
 * FHIRcast websocket endpoints that carry their own subscription. Several server processes share
 * one public URL, so a subscriber's socket may reach a process other than the one it subscribed
 * through. The endpoint's last segment therefore holds the subscription itself (project, topic,
 * events, lease end, the login and user that subscribed, and a random part, so only the
 * subscriber can know it), signed with a key
 * every process derives from the database's shared secret: any process can check it without a
 * shared registry.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isFhircastEventName, type FhircastEventName } from '../../../src/fhir/fhircast-events';

/** What an endpoint says about its subscription. */
export interface EndpointSubscription {
  readonly project: string;
  readonly topic: string;
  readonly events: readonly FhircastEventName[];
  /** Lease end, in ms since the epoch. */
  readonly expires: number;
  /** The Login that subscribed: the socket lives only while it does. */
  readonly login: string;
  /** Its user, whose caps the socket counts against. */
  readonly user: string;
}

/** Longest endpoint id accepted, checked before anything else looks at it. */
export const MAX_ENDPOINT_ID_LENGTH = 2048;

/** The key endpoints are signed with: derived from the server secret, apart from the tokens' own use of it. */
export function endpointKey(serverSecret: Uint8Array): Buffer {
  return createHmac('sha256', serverSecret).update('fhircast-endpoint').digest();
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new endpoint id for a subscription: `{payload}.{signature}`, both base64url. */
export function createEndpointId(key: Buffer, subscription: EndpointSubscription): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: subscription.project,
      t: subscription.topic,
      e: subscription.events,
      x: subscription.expires,
      l: subscription.login,
      u: subscription.user,
      n: randomBytes(16).toString('base64url'),
    })
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The subscription an endpoint id carries, or undefined when it is not one this server signed. */
export function readEndpointId(key: Buffer, endpointId: string): EndpointSubscription | undefined {
  if (endpointId.length > MAX_ENDPOINT_ID_LENGTH) return undefined;
  const dot = endpointId.indexOf('.');
  if (dot <= 0) return undefined;
  const payload = endpointId.slice(0, dot);
  const given = Buffer.from(endpointId.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(key, payload), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { p, t, e, x, l, u } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof p !== 'string' || typeof t !== 'string' || typeof x !== 'number') return undefined;
    if (typeof l !== 'string' || typeof u !== 'string') return undefined;
    if (!Array.isArray(e) || !e.every(isFhircastEventName)) return undefined;
    return { project: p, topic: t, events: e, expires: x, login: l, user: u };
  } catch {
    return undefined;
  }
}
