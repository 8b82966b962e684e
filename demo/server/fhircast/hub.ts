/**
 * The FHIRcast hub (client-layer.md sections 3, 5 and 7 "Live"):
 * - POST /fhircast/STU3, form-encoded hub.channel.type, hub.mode, hub.topic, hub.events
 *   (and hub.channel.endpoint to unsubscribe), answers { 'hub.channel.endpoint': ws URL };
 * - the websocket at that endpoint delivers every event of the topic the subscription asked for;
 * - POST /fhircast/STU3/{topic} publishes an event (JSON), validated as the client validates it;
 * - GET /fhircast/STU3/{topic} answers the topic's current context.
 *
 * Choices the spec leaves open: every call needs a signed-in caller, and topics belong to the
 * caller's project, so two projects never see each other's events. The endpoint's last segment
 * carries the subscription, signed (endpoint.ts), so the socket may reach any server process;
 * it accepts no socket after the lease or an unsubscribe. A *-open event sets the topic's
 * context, the matching *-close clears it. Events and unsubscribes reach the other server
 * processes through the live bus when one is given.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import {
  FHIRCAST_EVENT_NAMES,
  isFhircastEventName,
  validateFhircastContext,
  type FhircastContextEntry,
  type FhircastEventName,
} from '../../../src/fhir/fhircast-events';
import { badRequestOutcome, OperationOutcomeError, unauthorizedOutcome } from '../../../src/fhir/outcomes';
import type { ServerContext } from '../context';
import type { RequestAuth } from '../core/request-auth';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { SUBSCRIPTIONS_WS_PATH } from '../ws/subscriptions';
import type { LiveBus } from '../live-bus';
import { createEndpointId, endpointKey, readEndpointId, type EndpointSubscription } from './endpoint';

/** The hub's HTTP path. */
export const FHIRCAST_HUB_PATH = '/fhircast/STU3';
/** Websocket endpoints live under this path. */
export const FHIRCAST_WS_PREFIX = '/ws/fhircast/';
/** How long a subscription lasts, and how long an endpoint waits for its socket. */
export const FHIRCAST_LEASE_SECONDS = 3600;
/** Longest topic accepted, checked before anything else looks at it. */
export const MAX_TOPIC_LENGTH = 256;
/** Most sockets one project may hold on one server process, and most unsubscribes it may have pending. */
export const MAX_SUBSCRIPTIONS_PER_PROJECT = 1000;
/** The bus channel FHIRcast events travel on between processes. */
export const FHIRCAST_BUS_CHANNEL = 'fhircast';
/** The bus channel unsubscribes travel on, so every process closes the endpoint's sockets. */
export const FHIRCAST_UNSUBSCRIBE_CHANNEL = 'fhircast-unsubscribe';

/** The sockets this process holds for one endpoint. */
interface EndpointSockets {
  subscription: EndpointSubscription;
  sockets: Set<WebSocket>;
}

/** An endpoint unsubscribed before its lease ended: no socket may connect to it again. */
interface Unsubscribed {
  endpointId: string;
  project: string;
  expires: number;
}

interface TopicContext {
  type: string;
  versionId?: string;
  context: FhircastContextEntry[];
}

interface PublishedEvent {
  project: string;
  topic: string;
  event: FhircastEventName;
  payload: unknown;
  context: FhircastContextEntry[];
  versionId?: string;
}

function invalid(text: string, expression?: string): OperationOutcomeError {
  return new OperationOutcomeError(badRequestOutcome(text, expression));
}

function requireAuth(req: ServerRequest): RequestAuth {
  if (!req.auth) throw new OperationOutcomeError(unauthorizedOutcome());
  return req.auth;
}

function checkTopic(topic: unknown): string {
  if (typeof topic !== 'string' || topic === '')
    throw invalid('Invalid topic provided. Topic must be a non-empty string.', 'hub.topic');
  if (topic.length > MAX_TOPIC_LENGTH)
    throw invalid(`Topic must be at most ${MAX_TOPIC_LENGTH} characters.`, 'hub.topic');
  return topic;
}

/** Events whose context the topic keeps: 'Patient-open' → 'Patient'. */
function anchorType(event: FhircastEventName): string | undefined {
  const match = /^([A-Za-z]+)-(open|close)$/.exec(event);
  return match?.[1];
}

/** Registers the hub's routes and websocket endpoint on a server; close() ends its sockets (before the HTTP server closes). */
export function registerFhircastHub(
  router: Router,
  httpServer: Server,
  ctx: ServerContext,
  bus?: LiveBus
): { close(): void } {
  const key = endpointKey(ctx.jwtSecret);
  const endpoints = new Map<string, EndpointSockets>();
  const unsubscribed = new Map<string, Unsubscribed>();
  const contexts = new Map<string, TopicContext>();
  const topicKey = (project: string, topic: string) => `${project}\u0000${topic}`;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });

  const endpointUrl = (endpointId: string) => {
    const url = new URL(FHIRCAST_WS_PREFIX.slice(1) + endpointId, ctx.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  };

  const forgetEnded = () => {
    const now = Date.now();
    for (const [id, entry] of unsubscribed) if (entry.expires < now) unsubscribed.delete(id);
  };

  /** Closes this process's sockets of an unsubscribed endpoint and refuses it from now on. */
  function closeEndpoint(entry: Unsubscribed): void {
    unsubscribed.set(entry.endpointId, entry);
    const held = endpoints.get(entry.endpointId);
    endpoints.delete(entry.endpointId);
    for (const socket of held?.sockets ?? []) socket.close(1000, 'unsubscribed');
  }

  async function subscribe(req: ServerRequest): Promise<ServerResponse> {
    const auth = requireAuth(req);
    const form = (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {}) as Record<
      string,
      unknown
    >;
    if (form['hub.channel.type'] !== 'websocket')
      throw invalid("hub.channel.type must be 'websocket'.", 'hub.channel.type');
    const mode = form['hub.mode'];
    if (mode !== 'subscribe' && mode !== 'unsubscribe')
      throw invalid("hub.mode must be 'subscribe' or 'unsubscribe'.", 'hub.mode');
    const topic = checkTopic(form['hub.topic']);
    const rawEvents = typeof form['hub.events'] === 'string' ? form['hub.events'] : '';
    if (rawEvents.length > 1024) throw invalid('hub.events is too long.', 'hub.events');
    const events = rawEvents
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (events.length === 0 || !events.every(isFhircastEventName)) {
      throw invalid(`hub.events must be a comma-separated list of: ${FHIRCAST_EVENT_NAMES.join(', ')}.`, 'hub.events');
    }
    if (mode === 'unsubscribe') {
      const endpoint = form['hub.channel.endpoint'];
      if (typeof endpoint !== 'string' || !endpoint.startsWith('ws')) {
        throw invalid('Subscription request should contain an endpoint.', 'hub.channel.endpoint');
      }
      const endpointId = endpoint.split('/').pop() ?? '';
      const subscription = readEndpointId(key, endpointId);
      if (subscription && subscription.project === auth.project && subscription.topic === topic) {
        forgetEnded();
        let pending = 0;
        for (const entry of unsubscribed.values()) if (entry.project === auth.project) pending++;
        if (pending >= MAX_SUBSCRIPTIONS_PER_PROJECT) throw invalid('Too many FHIRcast unsubscribes for this project.');
        const entry: Unsubscribed = { endpointId, project: auth.project, expires: subscription.expires };
        if (bus) bus.publish(FHIRCAST_UNSUBSCRIBE_CHANNEL, entry);
        else closeEndpoint(entry);
      }
      return { status: 202, body: { 'hub.channel.endpoint': endpoint } };
    }
    const endpointId = createEndpointId(key, {
      project: auth.project,
      topic,
      events: events as FhircastEventName[],
      expires: Date.now() + FHIRCAST_LEASE_SECONDS * 1000,
    });
    return {
      status: 202,
      body: { 'hub.channel.endpoint': endpointUrl(endpointId), 'hub.lease_seconds': FHIRCAST_LEASE_SECONDS },
    };
  }

  /** Delivers an event to this process's sockets and keeps the topic's context. */
  function deliver(published: PublishedEvent): void {
    const key = topicKey(published.project, published.topic);
    const type = anchorType(published.event);
    if (type && published.event.endsWith('-open')) {
      contexts.set(key, { type, versionId: published.versionId, context: published.context });
    } else if (type && published.event.endsWith('-close')) {
      if (contexts.get(key)?.type === type) contexts.delete(key);
    }
    const text = JSON.stringify(published.payload);
    for (const { subscription, sockets } of endpoints.values()) {
      if (subscription.project !== published.project || subscription.topic !== published.topic) continue;
      if (!subscription.events.includes(published.event)) continue;
      for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    }
  }

  async function publish(req: ServerRequest): Promise<ServerResponse> {
    const auth = requireAuth(req);
    const topic = checkTopic(decodeURIComponent(req.params.topic ?? ''));
    const body = req.body as { id?: unknown; timestamp?: unknown; event?: Record<string, unknown> } | undefined;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || typeof body.event !== 'object' || !body.event) {
      throw invalid('The body must be a FHIRcast event message with an event object.', 'event');
    }
    const event = body.event;
    if (event['hub.topic'] !== topic)
      throw invalid('event.hub.topic must equal the topic of the URL.', 'event.hub.topic');
    const name = event['hub.event'];
    const versionId = event['context.versionId'];
    let context: FhircastContextEntry[];
    try {
      context = validateFhircastContext(name, event.context, versionId);
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : String(error), 'event.context');
    }
    const payload = {
      id: typeof body.id === 'string' ? body.id : randomBytes(16).toString('hex'),
      timestamp: typeof body.timestamp === 'string' ? body.timestamp : new Date().toISOString(),
      event: { ...event, 'hub.topic': topic, 'hub.event': name, context },
    };
    const published: PublishedEvent = {
      project: auth.project,
      topic,
      event: name as FhircastEventName,
      payload,
      context,
      ...(typeof versionId === 'string' ? { versionId } : {}),
    };
    if (bus) bus.publish(FHIRCAST_BUS_CHANNEL, published);
    else deliver(published);
    return { status: 202, body: { success: true } };
  }

  async function getContext(req: ServerRequest): Promise<ServerResponse> {
    const auth = requireAuth(req);
    const topic = checkTopic(decodeURIComponent(req.params.topic ?? ''));
    const current = contexts.get(topicKey(auth.project, topic));
    return {
      status: 200,
      body: current
        ? {
            'context.type': current.type,
            ...(current.versionId ? { 'context.versionId': current.versionId } : {}),
            context: current.context,
          }
        : { 'context.type': '', context: [] },
    };
  }

  router.add('POST', FHIRCAST_HUB_PATH, subscribe);
  router.add('POST', `${FHIRCAST_HUB_PATH}/:topic`, publish);
  router.add('GET', `${FHIRCAST_HUB_PATH}/:topic`, getContext);
  const busListeners = bus
    ? [
        bus.subscribe(FHIRCAST_BUS_CHANNEL, (message) => deliver(message as PublishedEvent)),
        bus.subscribe(FHIRCAST_UNSUBSCRIBE_CHANNEL, (message) => closeEndpoint(message as Unsubscribed)),
      ]
    : [];

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (!path.startsWith(FHIRCAST_WS_PREFIX)) {
      // Not ours and not the subscriptions socket's: nobody will answer, so refuse.
      if (path !== SUBSCRIPTIONS_WS_PATH) {
        socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        socket.destroy();
      }
      return;
    }
    const endpointId = path.slice(FHIRCAST_WS_PREFIX.length);
    const subscription = readEndpointId(key, endpointId);
    if (!subscription || subscription.expires < Date.now() || unsubscribed.has(endpointId)) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    let held = 0;
    for (const entry of endpoints.values())
      if (entry.subscription.project === subscription.project) held += entry.sockets.size;
    if (held >= MAX_SUBSCRIPTIONS_PER_PROJECT) {
      socket.write('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Unsubscribed while the handshake was on its way.
      if (unsubscribed.has(endpointId)) return ws.close(1000, 'unsubscribed');
      let entry = endpoints.get(endpointId);
      if (!entry) endpoints.set(endpointId, (entry = { subscription, sockets: new Set() }));
      const sockets = entry.sockets;
      sockets.add(ws);
      ws.on('close', () => {
        sockets.delete(ws);
        if (sockets.size === 0 && endpoints.get(endpointId)?.sockets === sockets) endpoints.delete(endpointId);
      });
      ws.on('error', (err) => console.error('[fhircast] socket error:', err.message));
      // Messages from the subscriber (acknowledgements) need no answer.
      ws.on('message', () => undefined);
      // The hub's confirmation of the subscription, as FHIRcast sends it on connect.
      ws.send(
        JSON.stringify({
          'hub.mode': 'subscribe',
          'hub.topic': subscription.topic,
          'hub.events': subscription.events.join(','),
          'hub.lease_seconds': FHIRCAST_LEASE_SECONDS,
        })
      );
    });
  };
  httpServer.on('upgrade', onUpgrade);

  const close = () => {
    httpServer.off('upgrade', onUpgrade);
    for (const stop of busListeners) stop();
    for (const { sockets } of endpoints.values()) for (const socket of sockets) socket.terminate();
    endpoints.clear();
    wss.close();
  };
  return { close };
}
