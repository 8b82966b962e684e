// The one SubscriptionManager of a client. FhirClient's subscribeToCriteria,
// unsubscribeFromCriteria and getSubscriptionManager (MedplumClient's names) delegate here, so
// the client facade keeps a few lines. The manager and its reconnecting websocket are loaded on
// the first subscribe (a dynamic import): an app that never subscribes does not ship them, and
// one that does opens no socket until then. subscribeToCriteria still answers its emitter at once.

import type { Subscription } from '../../fhir';
import { errorOutcome, normalizeErrorString, OperationOutcomeError } from '../../fhir';
import { SubscriptionEmitter } from './subscription-emitter';
import type { SubscriptionClient, SubscriptionManager, SubscriptionManagerOptions } from './subscription-manager';

/** A client that can own a SubscriptionManager: FhirClient. */
export interface SubscribingClient extends SubscriptionClient {
  getFhirBaseUrl(): string;
}

interface ClientSubscriptions {
  options?: SubscriptionManagerOptions;
  manager?: Promise<SubscriptionManager>;
  /** Subscribe and unsubscribe calls run in order, after the manager is there. */
  queue: Promise<unknown>;
  /** The emitter handed out per criteria, so repeat calls get the same one before the manager loads. */
  emitters: Map<string, SubscriptionEmitter>;
}

const states = new WeakMap<object, ClientSubscriptions>();

function stateOf(client: object): ClientSubscriptions {
  let state = states.get(client);
  if (!state) states.set(client, (state = { queue: Promise.resolve(), emitters: new Map() }));
  return state;
}

/** The FHIR path of a client (`fhir/R4`), from its base and FHIR base URLs. */
function fhirPathOf(client: SubscribingClient): string {
  const base = client.getBaseUrl();
  const fhirBase = client.getFhirBaseUrl();
  return fhirBase.startsWith(base) ? fhirBase.slice(base.length) : 'fhir/R4';
}

/** Sets the manager's options (WebSocket class, reconnect timing, ping period); call before the first subscribe. */
export function configureClientSubscriptions(client: SubscribingClient, options: SubscriptionManagerOptions): void {
  stateOf(client).options = options;
}

/** The client's SubscriptionManager, loaded and created on the first call. */
export function getClientSubscriptionManager(client: SubscribingClient): Promise<SubscriptionManager> {
  const state = stateOf(client);
  state.manager ??= import('./subscription-manager').then(
    ({ getSubscriptionsWebSocketUrl, SubscriptionManager }) =>
      new SubscriptionManager(client, getSubscriptionsWebSocketUrl(client.getBaseUrl()), {
        fhirPath: fhirPathOf(client),
        ...state.options,
      })
  );
  return state.manager;
}

/** Subscribes the client to a criteria; repeat calls share one subscription (ref-counted) and one emitter. */
export function subscribeClientToCriteria(
  client: SubscribingClient,
  criteria: string,
  subscriptionProps?: Partial<Subscription>
): SubscriptionEmitter {
  const state = stateOf(client);
  let emitter = state.emitters.get(criteria);
  if (!emitter) state.emitters.set(criteria, (emitter = new SubscriptionEmitter(criteria)));
  const handedOut = emitter;
  state.queue = state.queue
    .then(() => getClientSubscriptionManager(client))
    .then((manager) => manager.addCriteria(criteria, subscriptionProps, handedOut))
    .catch((error: unknown) => {
      const payload = new OperationOutcomeError(errorOutcome(normalizeErrorString(error)), { cause: error });
      handedOut.emit('error', { type: 'error', payload });
    });
  return emitter;
}

/** Drops one use of a criteria; the last one unbinds it. */
export function unsubscribeClientFromCriteria(client: SubscribingClient, criteria: string): void {
  const state = stateOf(client);
  if (!state.manager) return;
  state.queue = state.queue
    .then(() => state.manager)
    .then((manager) => {
      manager?.removeCriteria(criteria);
      if (!manager?.getEmitter(criteria)) state.emitters.delete(criteria);
    })
    .catch(() => undefined);
}
