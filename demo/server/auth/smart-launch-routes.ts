/**
 * The staff area's EHR launch: GET auth/launch/apps lists the registered apps a practitioner
 * can open, POST auth/launch makes a launch for one app and the patient on screen and answers
 * the URL to open (`{launch_uri}?iss={FHIR base}&launch={id}`). Both need a signed-in
 * practitioner (the route is not public, so a caller is there); anyone else gets 403.
 */
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { requestObject } from './request-body';
import type { ServerContext } from '../context';
import type { RequestAuth } from '../core/request-auth';
import type { ClientApplicationRecord } from '../core/account-records';
import { badRequest, forbidden, unauthorized } from '../core/errors';
import { withAccessPolicy } from '../access/member-policy';
import { createLaunch } from './smart-launch';
import { launchableApps } from './smart-apps';
import { fhirBaseUrl } from './smart-configuration';

/** The error text for a caller who is not a practitioner. */
export const PRACTITIONERS_ONLY = 'Only a practitioner can launch an app';

const ID = /^[A-Za-z0-9.-]{1,64}$/;

function practitioner(req: ServerRequest): RequestAuth {
  if (!req.auth) throw unauthorized();
  if (!req.auth.profile.startsWith('Practitioner/')) throw forbidden(PRACTITIONERS_ONLY);
  return req.auth;
}

function idField(body: Record<string, unknown>, field: string, required: boolean): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !ID.test(value)) throw badRequest(`${field} must be an id`, field);
  return value;
}

/** POST auth/launch: {client_id, patient, encounter?} → 201 {launch, launch_url}. */
async function startLaunch(ctx: ServerContext, req: ServerRequest): Promise<ServerResponse> {
  const auth = practitioner(req);
  const body = requestObject(req);
  const clientId = idField(body, 'client_id', true)!;
  const patientId = idField(body, 'patient', true)!;
  const encounterId = idField(body, 'encounter', false);
  const client = await ctx.systemRepo
    .readResource<ClientApplicationRecord>('ClientApplication', clientId)
    .catch(() => undefined);
  if (!client?.launchUri || client.project?.reference !== `Project/${auth.project}`)
    throw badRequest('client_id names no launchable app', 'client_id');
  // Read as the practitioner: only a patient (and encounter) they may see can be put in context.
  const repo = ctx.systemRepo.withAuth(await withAccessPolicy(ctx, auth));
  await repo.readResource('Patient', patientId);
  if (encounterId) {
    const encounter = await repo.readResource<{ subject?: { reference?: string } }>('Encounter', encounterId);
    if (encounter.subject?.reference !== `Patient/${patientId}`)
      throw badRequest('encounter is not one of this patient', 'encounter');
  }
  const launch = await createLaunch(ctx.systemRepo, {
    clientId,
    membership: auth.membership,
    patient: patientId,
    ...(encounterId ? { encounter: encounterId } : {}),
  });
  const url = new URL(client.launchUri);
  url.searchParams.set('iss', fhirBaseUrl(ctx));
  url.searchParams.set('launch', launch);
  return {
    status: 201,
    body: { launch, launch_url: url.toString() },
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
  };
}

/** Registers POST auth/launch and GET auth/launch/apps (both for practitioners only). */
export function registerSmartLaunchRoutes(router: Router, ctx: ServerContext): void {
  router.add('POST', '/auth/launch', (req) => startLaunch(ctx, req));
  router.add('GET', '/auth/launch/apps', async (req) => ({
    status: 200,
    body: await launchableApps(ctx, practitioner(req).project),
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
  }));
}
