/**
 * Subscription/{id}/$get-ws-binding-token: a short-lived token that lets one websocket bind
 * to a Subscription the caller can read. The token is stored as a SubscriptionBinding.
 */
import { randomBytes } from 'node:crypto';
import type { Parameters, Subscription } from '../../../src/fhir/types';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import type { ServerContext } from '../context';
import { OperationOutcomeError, badRequestOutcome, unauthorizedOutcome } from '../../../src/fhir/outcomes';
import type { SubscriptionBindingRecord } from '../core/account-records';
import { websocketUrl } from './criteria';

/** Binding tokens must be used within this time. */
export const BINDING_TOKEN_LIFETIME_MS = 5 * 60_000;

async function getBindingToken(ctx: ServerContext, req: ServerRequest): Promise<ServerResponse> {
  const auth = req.auth;
  if (!auth) throw new OperationOutcomeError(unauthorizedOutcome());
  // The access check: 404 unless the caller may read it (a patient reads the ones they wrote).
  const subscription = await ctx.systemRepo.withAuth(auth).readResource<Subscription>('Subscription', req.params.id);
  if (subscription.channel?.type !== 'websocket') {
    throw new OperationOutcomeError(
      badRequestOutcome('Subscription channel type is not websocket', 'Subscription.channel.type')
    );
  }
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + BINDING_TOKEN_LIFETIME_MS).toISOString();
  await ctx.systemRepo.createResource<SubscriptionBindingRecord>({
    resourceType: 'SubscriptionBinding',
    subscription: { reference: `Subscription/${subscription.id}` },
    token,
    expires,
    login: { reference: `Login/${auth.login}` },
    membership: { reference: `ProjectMembership/${auth.membership}` },
  });
  const body: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'token', valueString: token },
      { name: 'expiration', valueDateTime: expires },
      { name: 'subscription', valueString: subscription.id },
      { name: 'websocket-url', valueUrl: websocketUrl(ctx.baseUrl) },
    ],
  };
  return { status: 200, body, headers: { 'Cache-Control': 'no-store' } };
}

/** Registers GET and POST /fhir/R4/Subscription/:id/$get-ws-binding-token. */
export function registerBindingTokenRoutes(router: Router, ctx: ServerContext): void {
  router.add('GET', '/fhir/R4/Subscription/:id/$get-ws-binding-token', (req) => getBindingToken(ctx, req));
  router.add('POST', '/fhir/R4/Subscription/:id/$get-ws-binding-token', (req) => getBindingToken(ctx, req));
}
