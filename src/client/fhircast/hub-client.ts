// A FHIRcast hub client: subscribe and unsubscribe with
// form-encoded requests, publish events as JSON, read the current context.
// Events are POSTed to `{hub}/{topic}`, the same URL the context is read from, as in FHIRcast STU3.

import { isOperationOutcome, OperationOutcomeError, throwError } from '../../fhir';
import {
  createFhircastMessagePayload,
  FHIRCAST_EVENT_NAMES,
  isFhircastEventName,
  serializeFhircastSubscriptionRequest,
  validateFhircastTopic,
  type FhircastContextEntry,
  type FhircastEventName,
  type FhircastMessagePayload,
  type FhircastSubscriptionRequest,
} from '../../fhir/fhircast-events';
import { FhircastConnection } from './connection';
import type { ReconnectOptions } from '../subscriptions/reconnecting-websocket';

/** Options of a FhircastClient. */
export interface FhircastClientOptions {
  /** The hub URL, e.g. `https://example.com/fhircast/STU3`. */
  hubUrl: string;
  /** The fetch to use. Default: globalThis.fetch. */
  fetch?: typeof fetch;
  /** The bearer token to send, if any; called on every request so a refreshed token is used. */
  getAccessToken?: () => string | undefined;
  /** The clock, for the event timestamp. */
  now?: () => Date;
  /** Event id generator. Default: crypto.randomUUID. */
  generateId?: () => string;
}

/** A client of a FHIRcast hub. */
export class FhircastClient {
  private readonly hubUrl: string;
  private readonly options: FhircastClientOptions;

  constructor(options: FhircastClientOptions) {
    this.options = options;
    this.hubUrl = options.hubUrl.replace(/\/+$/, '');
  }

  /** Subscribes to events of a topic; resolves to the request with the hub's websocket endpoint. */
  async subscribe(topic: string, events: FhircastEventName[]): Promise<FhircastSubscriptionRequest> {
    validateFhircastTopic(topic);
    if (!Array.isArray(events) || events.length === 0 || !events.every(isFhircastEventName)) {
      throwError(`Events must be a non-empty array of: ${FHIRCAST_EVENT_NAMES.join(', ')}.`, 'invalid');
    }
    const request: FhircastSubscriptionRequest = { channelType: 'websocket', mode: 'subscribe', topic, events };
    const body = await this.request(
      'POST',
      this.hubUrl,
      serializeFhircastSubscriptionRequest(request),
      'application/x-www-form-urlencoded'
    );
    const endpoint = (body as Record<string, unknown> | undefined)?.['hub.channel.endpoint'];
    if (typeof endpoint !== 'string' || !endpoint) throwError('Invalid response!');
    return { ...request, endpoint };
  }

  /** Unsubscribes a subscription made with subscribe; it must carry its ws endpoint. */
  async unsubscribe(subscription: FhircastSubscriptionRequest): Promise<void> {
    if (typeof subscription?.endpoint !== 'string' || !subscription.endpoint.startsWith('ws')) {
      throwError('Subscription request should contain an endpoint.', 'invalid');
    }
    const request: FhircastSubscriptionRequest = { ...subscription, mode: 'unsubscribe' };
    await this.request(
      'POST',
      this.hubUrl,
      serializeFhircastSubscriptionRequest(request),
      'application/x-www-form-urlencoded'
    );
  }

  /** Connects to the websocket endpoint of a subscription made with subscribe; the connection emits each event. */
  connect(subscription: FhircastSubscriptionRequest, options?: ReconnectOptions): FhircastConnection {
    return new FhircastConnection(subscription, options);
  }

  /** Publishes an event with its context to the topic; update events need a version id. */
  async publish(
    topic: string,
    event: FhircastEventName,
    context: FhircastContextEntry | FhircastContextEntry[],
    versionId?: string
  ): Promise<FhircastMessagePayload> {
    const payload = createFhircastMessagePayload(topic, event, context, {
      versionId,
      timestamp: (this.options.now?.() ?? new Date()).toISOString(),
      id: this.options.generateId?.(),
    });
    await this.request('POST', this.topicUrl(topic), JSON.stringify(payload), 'application/json');
    return payload;
  }

  /** The hub's current context of a topic. */
  async getContext(topic: string): Promise<unknown> {
    validateFhircastTopic(topic);
    return this.request('GET', this.topicUrl(topic));
  }

  private topicUrl(topic: string): string {
    return `${this.hubUrl}/${encodeURIComponent(topic)}`;
  }

  private async request(method: 'GET' | 'POST', url: string, body?: string, contentType?: string): Promise<unknown> {
    const fetchFn = this.options.fetch ?? globalThis.fetch;
    if (!fetchFn) throwError('Fetch not available in this environment', 'not-supported');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (contentType) headers['Content-Type'] = contentType;
    const token = this.options.getAccessToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetchFn(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    } catch (error) {
      throw new OperationOutcomeError(
        {
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'error', code: 'transient', details: { text: 'Request error' } }],
        },
        { cause: error }
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      if (isOperationOutcome(json)) throw new OperationOutcomeError(json);
      throwError('Request error');
    }
    return json;
  }
}
