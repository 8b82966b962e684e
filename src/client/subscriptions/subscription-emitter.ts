import type { Bundle } from '../../fhir';
import { TypedEmitter } from './emitter';

/** Events of a subscription emitter: one per criteria, plus the manager's own. */
export interface SubscriptionEventMap {
  open: { type: 'open' };
  close: { type: 'close' };
  error: { type: 'error'; payload: Error };
  heartbeat: { type: 'heartbeat'; payload: Bundle };
  connect: { type: 'connect'; payload: { subscriptionId: string } };
  message: { type: 'message'; payload: Bundle };
  disconnect: { type: 'disconnect'; payload: { subscriptionId?: string } };
}

/** Emits the events of one criteria (or, from getMasterEmitter, of all of them). */
export class SubscriptionEmitter extends TypedEmitter<SubscriptionEventMap> {
  /** The criteria this emitter reports on; empty for the master emitter. */
  readonly criteria: string;

  constructor(criteria = '') {
    super();
    this.criteria = criteria;
  }
}
