// The one SubscriptionManager of a client, made on first use. FhirClient's subscribeToCriteria,
// unsubscribeFromCriteria and getSubscriptionManager (MedplumClient's names) delegate here, so
// the client facade keeps a few lines and a client nobody subscribes with opens no socket.

import type { Subscription } from '../../fhir';
import {
  getSubscriptionsWebSocketUrl,
  SubscriptionManager,
  type SubscriptionClient,
  type SubscriptionEmitter,
  type SubscriptionManagerOptions,
} from './subscription-manager';

/** A client that can own a SubscriptionManager: FhirClient. */
export interface SubscribingClient extends SubscriptionClient {
  getFhirBaseUrl(): string;
}

const managers = new WeakMap<object, SubscriptionManager>();

/** The FHIR path of a client (`fhir/R4`), from its base and FHIR base URLs. */
function fhirPathOf(client: SubscribingClient): string {
  const base = client.getBaseUrl();
  const fhirBase = client.getFhirBaseUrl();
  return fhirBase.startsWith(base) ? fhirBase.slice(base.length) : 'fhir/R4';
}

/** The client's SubscriptionManager, created with `options` on the first call (later options are ignored). */
export function getClientSubscriptionManager(
  client: SubscribingClient,
  options?: SubscriptionManagerOptions
): SubscriptionManager {
  let manager = managers.get(client);
  if (!manager) {
    manager = new SubscriptionManager(client, getSubscriptionsWebSocketUrl(client.getBaseUrl()), {
      fhirPath: fhirPathOf(client),
      ...options,
    });
    managers.set(client, manager);
  }
  return manager;
}

/** Subscribes the client to a criteria; repeat calls share one subscription (ref-counted). */
export function subscribeClientToCriteria(
  client: SubscribingClient,
  criteria: string,
  subscriptionProps?: Partial<Subscription>
): SubscriptionEmitter {
  return getClientSubscriptionManager(client).addCriteria(criteria, subscriptionProps);
}

/** Drops one use of a criteria; the last one unbinds it. */
export function unsubscribeClientFromCriteria(client: SubscribingClient, criteria: string): void {
  managers.get(client)?.removeCriteria(criteria);
}
