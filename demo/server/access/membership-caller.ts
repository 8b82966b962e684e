// The caller a login acting through a membership is: the RequestAuth every layer above reads.
// Built here, below the login protocol, so that what serves a signed-in session outside HTTP
// (websocket subscriptions, FHIRcast) builds it the same way without depending on auth/.
import { OperationOutcomeError, OutcomeMessages, unauthorizedOutcome } from '../../../src/fhir/outcomes';
import { refId, refType, type LoginRecord, type MembershipRecord, type ProjectRecord } from '../core/account-records';
import type { RequestAuth } from '../core/request-auth';
import { grantableScope, resourceScopes } from './scopes';

/** What building a caller reads of the server (ServerContext has it). */
export interface CallerContext {
  systemRepo: { readResource<T>(type: string, id: string): Promise<T> };
}

function fail(text: string = OutcomeMessages.unauthorized): never {
  throw new OperationOutcomeError(unauthorizedOutcome(text));
}

/** A record the system reads for a credential; a missing id or record is 401, never a 404 that tells it apart. */
export async function readAccountRecord<T>(ctx: CallerContext, type: string, id: string | undefined): Promise<T> {
  if (!id) fail();
  try {
    return await ctx.systemRepo.readResource<T>(type, id);
  } catch {
    fail();
  }
}

/** Builds the RequestAuth of a membership for a login. */
export async function authForMembership(
  ctx: CallerContext,
  login: Pick<LoginRecord, 'id' | 'user' | 'scope' | 'clientId' | 'thirdParty'>,
  membership: MembershipRecord
): Promise<RequestAuth> {
  const project = await readAccountRecord<ProjectRecord>(ctx, 'Project', refId(membership.project));
  const profile = membership.profile.reference!;
  return {
    login: login.id!,
    user: refId(login.user)!,
    project: project.id!,
    membership: membership.id!,
    profile,
    ...(refType(profile) === 'Patient' ? { patientId: refId(profile) } : {}),
    admin: !!membership.admin,
    superAdmin: !!project.superAdmin,
    // What the grant may hold, whatever was asked (no system/ scopes for people).
    scope: grantableScope(login.scope ?? '', profile),
    // Scopes narrow a session that asked for resource scopes, and always a third-party app's.
    ...(login.thirdParty || resourceScopes(login.scope ?? '').length ? { scoped: true } : {}),
    ...(login.clientId ? { clientId: login.clientId } : {}),
  };
}
