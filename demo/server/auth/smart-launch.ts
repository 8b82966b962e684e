/**
 * EHR launches (SMART App Launch): a practitioner opens a registered app for a patient; the
 * app gets an opaque launch id, sends it to oauth2/authorize, and the code exchange turns it
 * into the token's `patient` (and `encounter`). A launch lives LAUNCH_LIFETIME_MS, is used
 * once, and only by a login of the practitioner's own membership. The id is handed out once
 * and stored as a digest, like codes and refresh secrets.
 *
 * Who decides what: authorize.ts asks findUsableLaunch before it shows the sign-in page (so a
 * stale launch is refused up front); token-grants.ts calls claimLaunch, the one place a launch
 * becomes context, once the person who signed in is known.
 */
import type { Repository } from '../store/repository';
import type { LoginRecord, SmartLaunchRecord } from '../core/account-records';
import { OAuthError } from './errors';
import { digest, secret } from './login-secrets';

/** A launch id must reach the token endpoint within this time. */
export const LAUNCH_LIFETIME_MS = 5 * 60_000;

/** Launch ids are 43 characters (32 random bytes); anything much longer is not one of ours. */
export const MAX_LAUNCH_ID_LENGTH = 128;

/** The error text of every refused launch: it does not tell a used one from an unknown one. */
export const INVALID_LAUNCH = 'Invalid launch';

/** What a practitioner's launch is for. */
export interface LaunchRequest {
  clientId: string;
  /** The practitioner's ProjectMembership id. */
  membership: string;
  patient: string;
  encounter?: string;
}

/** The context a claimed launch gives a login. */
export interface LaunchContext {
  patient: string;
  encounter?: string;
}

/** Stores a launch and answers its id (shown once, to the practitioner who made it). */
export async function createLaunch(repo: Repository, request: LaunchRequest, now = Date.now()): Promise<string> {
  const launch = secret();
  await repo.createResource<SmartLaunchRecord>({
    resourceType: 'SmartLaunch',
    token: digest(launch),
    clientId: request.clientId,
    membership: { reference: `ProjectMembership/${request.membership}` },
    patient: request.patient,
    ...(request.encounter ? { encounter: request.encounter } : {}),
    expires: now + LAUNCH_LIFETIME_MS,
    used: false,
  });
  return launch;
}

/** The digest a Login keeps of the launch id its authorize request carried. */
export function launchDigest(launch: string): string {
  return digest(launch);
}

async function byDigest(repo: Repository, token: string): Promise<SmartLaunchRecord | undefined> {
  return repo.searchOne<SmartLaunchRecord>('SmartLaunch', { token });
}

function usable(record: SmartLaunchRecord | undefined, clientId: string | undefined, now: number): boolean {
  return !!record && !record.used && record.expires > now && !!clientId && record.clientId === clientId;
}

/** At oauth2/authorize: the launch when the id names one this client may still use. */
export async function findUsableLaunch(
  repo: Repository,
  launch: string,
  clientId: string | undefined,
  now = Date.now()
): Promise<SmartLaunchRecord | undefined> {
  if (launch.length > MAX_LAUNCH_ID_LENGTH) return undefined;
  const record = await byDigest(repo, digest(launch));
  return usable(record, clientId, now) ? record : undefined;
}

/**
 * At the code exchange: marks the login's launch used and answers its context. Refused
 * (invalid_grant) when it is unknown, used, expired, for another client, or when the login is
 * not the practitioner's who made it (another practitioner, a patient).
 */
export async function claimLaunch(repo: Repository, login: LoginRecord, now = Date.now()): Promise<LaunchContext> {
  const refused = new OAuthError('invalid_grant', INVALID_LAUNCH);
  const record = login.launch ? await byDigest(repo, login.launch) : undefined;
  if (!record || !usable(record, login.clientId, now)) throw refused;
  // Only a login through the very membership that made it: not another practitioner, not a
  // patient (whose own membership never made one: POST auth/launch refuses patients).
  if (!login.membership?.reference || login.membership.reference !== record.membership.reference) throw refused;
  try {
    // Conditional on the version read: of two exchanges racing for one launch, one wins.
    await repo.updateResource<SmartLaunchRecord>(
      { ...record, used: true },
      record.meta?.versionId ? { ifMatch: record.meta.versionId } : {}
    );
  } catch {
    throw refused;
  }
  return { patient: record.patient, ...(record.encounter ? { encounter: record.encounter } : {}) };
}
