/**
 * The FHIRcast hub (client-layer.md sections 3, 5 and 7 "Live"):
 * - POST /fhircast/STU3, form-encoded hub.channel.type, hub.mode, hub.topic, hub.events
 *   (and hub.channel.endpoint to unsubscribe), answers { 'hub.channel.endpoint': ws URL };
 * - the websocket at that endpoint delivers every event of the topic the subscription asked for;
 * - POST /fhircast/STU3/{topic} publishes an event (JSON), validated as the client validates it;
 * - GET /fhircast/STU3/{topic} answers the topic's current context.
 *
 * Choices the spec leaves open: every call needs a signed-in caller, topics belong to the
 * caller's project, so two projects never see each other's events, and within it to one user
 * (topic-access.ts: the name says whose it is; only that user's sessions subscribe, publish or
 * read, with scopes and the AccessPolicy applied to what the context carries). The endpoint's
 * last segment carries the subscription and the login that made it, signed (endpoint.ts), so
 * the socket may reach any server process; it accepts no socket after the lease, an
 * unsubscribe or the end of that login, and each delivery checks the login and the rule again
 * (live-login.ts). A *-open event sets the topic's context, the matching *-close clears it.
 * Events and unsubscribes reach the other server processes through the live bus when one is
 * given.
 *
 * Bounds, so one member cannot hold the hub's memory or sockets: an event body is at most
 * MAX_FHIRCAST_EVENT_BYTES (refused with 413 before it is read in full or parsed: app.ts's body
 * limit), a topic keeps one context, a user holds at most MAX_TOPICS_PER_USER contexts and
 * MAX_SOCKETS_PER_USER sockets, and events waiting for delivery and pending unsubscribes are
 * counted per user.
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
import type { ServerContext } from '../context';
import { tooLarge, tooManyRequests } from '../core/errors';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { SUBSCRIPTIONS_WS_PATH } from '../ws/subscriptions';
import type { LiveBus } from '../live-bus';
import { createEndpointId, endpointKey, readEndpointId, type EndpointSubscription } from './endpoint';
import {
  FHIRCAST_BUS_CHANNEL,
  FHIRCAST_LEASE_SECONDS,
  FHIRCAST_UNSUBSCRIBE_CHANNEL,
  FHIRCAST_WS_PREFIX,
  FHIRCAST_HUB_PATH,
  MAX_FHIRCAST_EVENT_BYTES,
  MAX_PENDING_EVENTS_PER_USER,
  MAX_SOCKETS_PER_USER,
  MAX_SUBSCRIPTIONS_PER_PROJECT,
  MAX_TOPICS_PER_USER,
  MAX_UNSUBSCRIBES,
  MAX_UNSUBSCRIBES_PER_USER,
} from './hub-limits';
import { anchorType, assertTopicAccess, checkTopic, invalid, refuseUpgrade, requireAuth } from './hub-input';
import { liveLogins } from './live-login';
import { decideTopicAccess, topicOwner } from './topic-access';

export * from './hub-limits';

/** The sockets this process holds for one endpoint. */
interface EndpointSockets {
  subscription: EndpointSubscription;
  sockets: Set<WebSocket>;
}

/** An endpoint unsubscribed before its lease ended: no socket may connect to it again. */
interface Unsubscribed {
  endpointId: string;
  user: string;
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

/** Registers the hub's routes and websocket endpoint on a server; close() ends its sockets (before the HTTP server closes). */
export function registerFhircastHub(
  router: Router,
  httpServer: Server,
  ctx: ServerContext,
  bus?: LiveBus
): { close(): void } {
  const key = endpointKey(ctx.jwtSecret);
  const logins = liveLogins(ctx);
  const endpoints = new Map<string, EndpointSockets>();
  const unsubscribed = new Map<string, Unsubscribed>();
  const contexts = new Map<string, TopicContext>();
  /** The topics holding a context, by owner (project and profile): what MAX_TOPICS_PER_USER counts. */
  const ownedContexts = new Map<string, Set<string>>();
  /** Upgrades accepted but not yet connected, by user, so concurrent upgrades cannot pass the cap together. */
  const pendingSockets = new Map<string, number>();
  const topicKey = (project: string, topic: string) => `${project}\u0000${topic}`;
  const ownerKey = (project: string, topic: string) => `${project}\u0000${topicOwner(topic) ?? ''}`;
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

  /** Closes this process's sockets of an endpoint; an unsubscribe also refuses it from now on. */
  function closeEndpoint(endpointId: string, reason: { code: number; text: string }): void {
    const held = endpoints.get(endpointId);
    endpoints.delete(endpointId);
    for (const socket of held?.sockets ?? []) socket.close(reason.code, reason.text);
  }
  function unsubscribeEndpoint(entry: Unsubscribed): void {
    if (unsubscribed.size >= MAX_UNSUBSCRIBES) forgetEnded();
    unsubscribed.set(entry.endpointId, entry);
    closeEndpoint(entry.endpointId, { code: 1000, text: 'unsubscribed' });
  }
  const LOGIN_ENDED = { code: 1008, text: 'login ended' };

  // A sign-out or revocation through this process closes the login's sockets at once; other
  // processes find out on their next delivery (live-login.ts reads the Login each time).
  ctx.addChangeListener((resource) => {
    if ((resource.resourceType as string) !== 'Login' || !(resource as { revoked?: boolean }).revoked) return;
    for (const [id, { subscription }] of endpoints)
      if (subscription.login === resource.id) closeEndpoint(id, LOGIN_ENDED);
  });

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
      // Only the user who subscribed ends a subscription; anyone else's request changes nothing.
      if (
        subscription &&
        subscription.project === auth.project &&
        subscription.user === auth.user &&
        subscription.topic === topic
      ) {
        forgetEnded();
        let pending = 0;
        for (const entry of unsubscribed.values()) if (entry.user === auth.user) pending++;
        if (pending >= MAX_UNSUBSCRIBES_PER_USER || unsubscribed.size >= MAX_UNSUBSCRIBES)
          throw tooManyRequests('Too many FHIRcast unsubscribes pending; they end with their lease.', 60);
        const entry: Unsubscribed = { endpointId, user: auth.user, expires: subscription.expires };
        if (bus) bus.publish(FHIRCAST_UNSUBSCRIBE_CHANNEL, entry);
        else unsubscribeEndpoint(entry);
      }
      return { status: 202, body: { 'hub.channel.endpoint': endpoint } };
    }
    const policy = await logins.policy(auth);
    assertTopicAccess({ auth, policy, topic, action: 'subscribe', events: events as FhircastEventName[] });
    const endpointId = createEndpointId(key, {
      project: auth.project,
      topic,
      events: events as FhircastEventName[],
      expires: Date.now() + FHIRCAST_LEASE_SECONDS * 1000,
      login: auth.login,
      user: auth.user,
    });
    return {
      status: 202,
      body: { 'hub.channel.endpoint': endpointUrl(endpointId), 'hub.lease_seconds': FHIRCAST_LEASE_SECONDS },
    };
  }

  /** Keeps (or clears) the topic's context, within its owner's cap. */
  function keepContext(published: PublishedEvent): void {
    const key = topicKey(published.project, published.topic);
    const owner = ownerKey(published.project, published.topic);
    const type = anchorType(published.event);
    const held = ownedContexts.get(owner) ?? new Set<string>();
    if (type && published.event.endsWith('-open')) {
      // The publishing process refused this already; a message from elsewhere is held to it too.
      if (!held.has(key) && held.size >= MAX_TOPICS_PER_USER) return;
      contexts.set(key, { type, versionId: published.versionId, context: published.context });
      ownedContexts.set(owner, held.add(key));
    } else if (type && published.event.endsWith('-close')) {
      if (contexts.get(key)?.type !== type) return;
      contexts.delete(key);
      held.delete(key);
      if (held.size === 0) ownedContexts.delete(owner);
    }
  }

  /** Sends an event to this process's sockets of the topic whose login still holds and may read it. */
  async function send(published: PublishedEvent): Promise<void> {
    const text = JSON.stringify(published.payload);
    const callers = new Map<string, ReturnType<typeof logins.caller>>();
    for (const [endpointId, { subscription, sockets }] of [...endpoints]) {
      if (subscription.project !== published.project || subscription.topic !== published.topic) continue;
      if (!subscription.events.includes(published.event)) continue;
      let caller = callers.get(subscription.login);
      if (!caller) callers.set(subscription.login, (caller = logins.caller(subscription.login, subscription.user)));
      const live = await caller;
      if (!live) {
        closeEndpoint(endpointId, LOGIN_ENDED);
        continue;
      }
      // Read as a GET of the context would be: the owner, their scopes and policy, this context.
      const decision = decideTopicAccess({
        ...live,
        topic: published.topic,
        action: 'read',
        events: [published.event],
        context: published.context,
      });
      if (!decision.allowed) continue;
      for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    }
  }

  // Deliveries go out in the order events arrive, one at a time; each owner's waiting ones are
  // counted, so a member publishing faster than delivery cannot grow the queue without bound.
  let deliveries: Promise<void> = Promise.resolve();
  const pendingEvents = new Map<string, number>();
  function deliver(published: PublishedEvent): void {
    keepContext(published);
    const owner = ownerKey(published.project, published.topic);
    pendingEvents.set(owner, (pendingEvents.get(owner) ?? 0) + 1);
    deliveries = deliveries.then(() =>
      send(published)
        .catch((err) => console.error('[fhircast] delivery failed:', err instanceof Error ? err.message : err))
        .finally(() => {
          const left = (pendingEvents.get(owner) ?? 1) - 1;
          if (left > 0) pendingEvents.set(owner, left);
          else pendingEvents.delete(owner);
        })
    );
  }

  async function publish(req: ServerRequest): Promise<ServerResponse> {
    const auth = requireAuth(req);
    // app.ts refuses a longer body before reading it; this holds wherever the hub is mounted.
    if (req.rawBody.length > MAX_FHIRCAST_EVENT_BYTES)
      throw tooLarge(`A FHIRcast event may be at most ${MAX_FHIRCAST_EVENT_BYTES} bytes.`);
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
    const policy = await logins.policy(auth);
    assertTopicAccess({ auth, policy, topic, action: 'publish', events: [name as FhircastEventName], context });
    const owner = ownerKey(auth.project, topic);
    if ((pendingEvents.get(owner) ?? 0) >= MAX_PENDING_EVENTS_PER_USER)
      throw tooManyRequests('Too many FHIRcast events waiting for delivery; try again shortly.', 1);
    const held = ownedContexts.get(owner);
    const opens = anchorType(name as FhircastEventName) && (name as string).endsWith('-open');
    if (opens && held && !held.has(topicKey(auth.project, topic)) && held.size >= MAX_TOPICS_PER_USER)
      throw tooManyRequests(
        `At most ${MAX_TOPICS_PER_USER} FHIRcast topics may hold a context at once; close one first.`,
        FHIRCAST_LEASE_SECONDS
      );
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
    const event = current && (`${current.type}-open` as FhircastEventName);
    assertTopicAccess({
      auth,
      policy: await logins.policy(auth),
      topic,
      action: 'read',
      events: event && isFhircastEventName(event) ? [event] : [],
      context: current?.context ?? [],
    });
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
        bus.subscribe(FHIRCAST_UNSUBSCRIBE_CHANNEL, (message) => unsubscribeEndpoint(message as Unsubscribed)),
      ]
    : [];

  /** Sockets this process holds (and is about to hold) for a project and for a user. */
  function socketsHeld(subscription: EndpointSubscription): { project: number; user: number } {
    let project = 0;
    let user = pendingSockets.get(subscription.user) ?? 0;
    for (const entry of endpoints.values()) {
      if (entry.subscription.project === subscription.project) project += entry.sockets.size;
      if (entry.subscription.user === subscription.user) user += entry.sockets.size;
    }
    return { project, user };
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, endpointId: string): Promise<void> {
    const subscription = readEndpointId(key, endpointId);
    if (!subscription || subscription.expires < Date.now() || unsubscribed.has(endpointId))
      return refuseUpgrade(socket, '404 Not Found');
    // The login that subscribed must still hold, and still be allowed what it subscribed to.
    const live = await logins.caller(subscription.login, subscription.user);
    if (socket.destroyed) return;
    if (!live || live.auth.project !== subscription.project) return refuseUpgrade(socket, '401 Unauthorized');
    const decision = decideTopicAccess({
      ...live,
      topic: subscription.topic,
      action: 'subscribe',
      events: subscription.events,
    });
    if (!decision.allowed) return refuseUpgrade(socket, '403 Forbidden');
    const held = socketsHeld(subscription);
    if (held.user >= MAX_SOCKETS_PER_USER || held.project >= MAX_SUBSCRIPTIONS_PER_PROJECT)
      return refuseUpgrade(socket, '429 Too Many Requests');
    const user = subscription.user;
    pendingSockets.set(user, (pendingSockets.get(user) ?? 0) + 1);
    const settle = () => {
      const left = (pendingSockets.get(user) ?? 1) - 1;
      if (left > 0) pendingSockets.set(user, left);
      else pendingSockets.delete(user);
    };
    // The handshake may never finish (the peer goes away): the slot is given back then too.
    socket.once('close', settle);
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off('close', settle);
      settle();
      // Unsubscribed, or the login ended, while the handshake was on its way.
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
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (!path.startsWith(FHIRCAST_WS_PREFIX)) {
      // Not ours and not the subscriptions socket's: nobody will answer, so refuse.
      if (path !== SUBSCRIPTIONS_WS_PATH) refuseUpgrade(socket, '404 Not Found');
      return;
    }
    upgrade(req, socket, head, path.slice(FHIRCAST_WS_PREFIX.length)).catch((err: unknown) => {
      console.error('[fhircast] upgrade failed:', err instanceof Error ? err.message : err);
      if (!socket.destroyed) refuseUpgrade(socket, '500 Internal Server Error');
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
