import { useEffect, useRef, useState } from 'react';
import type { Bundle, Subscription } from '../../fhir';
import type { FhirClient } from '../../client';
import { useFhirClient } from '../FhirProvider';

/** How long a listener stays subscribed after unmount, so a quick remount does not resubscribe. */
export const SUBSCRIPTION_REMOVAL_DELAY_MS = 3000;

/**
 * The state of a criteria's live connection: `connecting` until the server's handshake,
 * `connected` after it, `disconnected` from a dropped socket until the next handshake.
 */
export type SubscriptionConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** Options of {@link useSubscription}. */
export interface UseSubscriptionOptions {
  /** Extra fields of the Subscription resource (e.g. an extension). */
  readonly subscriptionProps?: Partial<Subscription>;
  /**
   * The server confirmed the criteria (handshake), the first time and after every reconnect; a
   * hook that joins a subscription already confirmed (shared, or kept after an unmount) is told
   * at once.
   */
  readonly onSubscriptionConnect?: (subscriptionId: string) => void;
  /** The socket carrying the criteria dropped; the client reconnects by itself. */
  readonly onSubscriptionDisconnect?: () => void;
  /** Subscribing failed, or the socket reported an error. */
  readonly onError?: (error: Error) => void;
}

type CriteriaEmitter = ReturnType<FhirClient['subscribeToCriteria']>;

interface KnownConnection {
  state: Exclude<SubscriptionConnectionState, 'idle'>;
  subscriptionId?: string;
}

// The connection state of each criteria's emitter, followed from its first use. A subscription
// is shared and kept 3000 ms after unmount, so a hook that joins it will not see the handshake
// that already happened; it reads the state here instead of waiting for the next reconnect.
const knownConnections = new WeakMap<CriteriaEmitter, KnownConnection>();

function followConnection(emitter: CriteriaEmitter): KnownConnection {
  let known = knownConnections.get(emitter);
  if (!known) {
    const followed: KnownConnection = { state: 'connecting' };
    knownConnections.set(emitter, (known = followed));
    emitter.on('connect', ({ payload }) => {
      followed.state = 'connected';
      followed.subscriptionId = payload.subscriptionId;
    });
    emitter.on('disconnect', () => (followed.state = 'disconnected'));
    // The last user left; the client may hand this emitter out again, and it subscribes anew.
    emitter.on('close', () => (followed.state = 'connecting'));
  }
  return known;
}

/**
 * Calls `onMessage` with each notification Bundle for `criteria` (e.g.
 * 'Communication?recipient=Patient/1') and answers the connection state. Components with the
 * same criteria share one subscription through the client's subscription manager; an unmount
 * keeps it 3000 ms. An undefined criteria subscribes to nothing.
 */
export function useSubscription(
  criteria: string | undefined,
  onMessage: (bundle: Bundle) => void,
  options?: UseSubscriptionOptions
): SubscriptionConnectionState {
  const client = useFhirClient();
  const [state, setState] = useState<SubscriptionConnectionState>(criteria ? 'connecting' : 'idle');
  const latest = useRef({ onMessage, options });
  useEffect(() => {
    latest.current = { onMessage, options };
  });
  const propsKey = options?.subscriptionProps ? JSON.stringify(options.subscriptionProps) : '';

  useEffect(() => {
    if (!criteria) {
      setState('idle');
      return undefined;
    }
    const props = propsKey ? (JSON.parse(propsKey) as Partial<Subscription>) : undefined;
    const emitter = client.subscribeToCriteria(criteria, props);
    const known = followConnection(emitter);
    setState(known.state);
    if (known.state === 'connected' && known.subscriptionId) {
      latest.current.options?.onSubscriptionConnect?.(known.subscriptionId);
    }
    const removers = [
      emitter.on('message', ({ payload }) => latest.current.onMessage(payload)),
      emitter.on('connect', ({ payload }) => {
        setState('connected');
        latest.current.options?.onSubscriptionConnect?.(payload.subscriptionId);
      }),
      emitter.on('disconnect', () => {
        setState('disconnected');
        latest.current.options?.onSubscriptionDisconnect?.();
      }),
      emitter.on('error', ({ payload }) => latest.current.options?.onError?.(payload)),
    ];
    return () => {
      // Listeners go at once (this component no longer wants events); the subscription itself
      // stays a while, so a remount with the same criteria shares it instead of subscribing again.
      for (const remove of removers) remove();
      setTimeout(() => client.unsubscribeFromCriteria(criteria, props), SUBSCRIPTION_REMOVAL_DELAY_MS);
    };
  }, [client, criteria, propsKey]);

  return state;
}
