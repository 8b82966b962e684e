// Shared by the React tests and stories of live features: a fake subscription server behind a
// client's fetch and a fake WebSocket. Not exported from the package; no test runner imports,
// so stories can use it too.
import type { Bundle, Resource } from '../fhir';
import { FakeWebSocket } from '../client/subscriptions/fake-websocket';

/** One request as the wire carries it (JSON bodies parsed). */
export interface LiveRequest {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

function fhirJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
}

/** A FakeWebSocket that answers bind-with-token with a handshake, as the reference server does. */
export class LiveFakeWebSocket extends FakeWebSocket {
  /** Subscription ids bound on this socket. */
  readonly bound = new Set<string>();

  override send(data: string): void {
    super.send(data);
    const message = JSON.parse(data) as { type: string; payload?: { token?: string } };
    const id = message.payload?.token?.replace(/^token-/, '');
    if (message.type === 'bind-with-token' && id) {
      this.bound.add(id);
      queueMicrotask(() => this.receive(subscriptionBundle(id, 'handshake')));
    } else if (message.type === 'unbind-from-token' && id) {
      this.bound.delete(id);
    } else if (message.type === 'ping') {
      queueMicrotask(() => this.receive({ type: 'pong' }));
    }
  }

  /** The server notifies every bound subscription of a resource. */
  notify(resource: Resource): void {
    for (const id of this.bound) this.receive(subscriptionBundle(id, 'event-notification', resource));
  }

  /** The connection drops; bindings are gone, as on a server restart. */
  override drop(): void {
    this.bound.clear();
    super.drop();
  }
}

/** A subscription Bundle as the server sends it. */
export function subscriptionBundle(subscriptionId: string, type: string, resource?: Resource): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'history',
    entry: [
      {
        resource: {
          resourceType: 'SubscriptionStatus',
          type,
          subscription: { reference: `Subscription/${subscriptionId}` },
        } as never,
      },
      ...(resource ? [{ resource }] : []),
    ],
  };
}

/** Wraps a responder: Subscription creation and binding tokens are answered here, the rest by `respond`. */
export function withSubscriptions<R extends LiveRequest>(
  respond: (request: R) => Response | Promise<Response>
): (request: R) => Response | Promise<Response> {
  let next = 0;
  return (request: R) => {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname.endsWith('/Subscription')) {
      return fhirJson({ ...(request.body as object), id: `sub${++next}` }, 201);
    }
    const binding = /\/Subscription\/([^/]+)\/\$get-ws-binding-token$/.exec(url.pathname);
    if (binding) {
      return fhirJson({
        resourceType: 'Parameters',
        parameter: [
          { name: 'token', valueString: `token-${binding[1]}` },
          { name: 'websocket-url', valueUrl: 'ws://localhost:8103/ws/subscriptions-r4' },
        ],
      });
    }
    return respond(request);
  };
}

/** The newest fake socket. */
export function lastSocket(): LiveFakeWebSocket {
  return FakeWebSocket.last as LiveFakeWebSocket;
}
