// The websocket side of a FHIRcast subscription: connects to the endpoint the hub returned and
// emits each event the hub delivers. Reconnects by itself with growing delays, like the subscriptions' websocket.

import { TypedEmitter } from '../subscriptions/emitter';
import {
  ReconnectingWebSocket,
  type ReconnectOptions,
  type WebSocketConstructor,
} from '../subscriptions/reconnecting-websocket';
import { throwError } from '../../fhir';
import type { FhircastMessagePayload, FhircastSubscriptionRequest } from '../../fhir/fhircast-events';

/** Events of a FhircastConnection. */
export interface FhircastConnectionEvents {
  /** The socket is open. */
  open: { type: 'open' };
  /** The hub confirmed the subscription on this socket. */
  subscribed: { type: 'subscribed'; topic: string; events: string[] };
  /** An event the hub delivered. */
  message: { type: 'message'; payload: FhircastMessagePayload };
  close: { type: 'close' };
  error: { type: 'error'; error: unknown };
}

/** A live connection to a FHIRcast websocket endpoint. */
export class FhircastConnection extends TypedEmitter<FhircastConnectionEvents> {
  private readonly socket: ReconnectingWebSocket;
  /** The subscription this connection serves. */
  readonly subscription: FhircastSubscriptionRequest;

  constructor(subscription: FhircastSubscriptionRequest, options: ReconnectOptions = {}) {
    super();
    const endpoint = subscription?.endpoint;
    if (typeof endpoint !== 'string' || !endpoint.startsWith('ws')) {
      throwError('Subscription request should contain an endpoint.', 'invalid');
    }
    this.subscription = subscription;
    const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WebSocketClass) throwError('WebSocket not available in this environment', 'not-supported');
    this.socket = new ReconnectingWebSocket(endpoint, WebSocketClass, options);
    this.socket.on('open', () => this.emit('open', { type: 'open' }));
    this.socket.on('close', () => this.emit('close', { type: 'close' }));
    this.socket.on('error', ({ error }) => this.emit('error', { type: 'error', error }));
    this.socket.on('message', ({ data }) => this.handle(data));
  }

  /** Closes the socket for good. */
  disconnect(): void {
    this.socket.close();
  }

  private handle(data: unknown): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(String(data)) as Record<string, unknown>;
    } catch (error) {
      this.emit('error', { type: 'error', error });
      return;
    }
    if (message && typeof message.event === 'object' && message.event !== null) {
      this.emit('message', { type: 'message', payload: message as unknown as FhircastMessagePayload });
      // FHIRcast asks subscribers to acknowledge each event by its id.
      if (typeof message.id === 'string')
        this.socket.send(JSON.stringify({ id: message.id, timestamp: new Date().toISOString() }));
    } else if (message?.['hub.mode'] === 'subscribe') {
      const events = String(message['hub.events'] ?? '')
        .split(',')
        .filter(Boolean);
      this.emit('subscribed', { type: 'subscribed', topic: String(message['hub.topic'] ?? ''), events });
    }
  }
}
