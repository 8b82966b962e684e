/**
 * What a client must prove at the code exchange. A public client (no registered secret, or no
 * registration at all, like the portal) must use PKCE with S256; `plain` only where its
 * ClientApplication says it cannot hash (`pkcePlain: true`). A confidential client (one with a
 * secret) must send the secret (Basic or client_secret in the form) and may never use `plain`;
 * its id and secret alone also stand for it (client_credentials grant, Basic auth on FHIR calls).
 */
import type { Repository } from '../store/repository';
import { AuthMessages, OAuthError, badRequest } from './errors';
import type { ClientApplicationRecord, LoginRecord } from '../core/account-records';
import { safeEqual } from './safe-equal';

/** The rules that apply to one client. */
export interface ClientPolicy {
  /** The registered client application, when the id names one. */
  client?: ClientApplicationRecord;
  /** A secret is registered: the exchange must present it. */
  confidential: boolean;
  /** May use the `plain` PKCE method (a public client configured as unable to hash). */
  plainPkce: boolean;
}

/** The policy of a client id (none or unknown: a public client that must use S256). */
export async function clientPolicy(repo: Repository, clientId: string | undefined): Promise<ClientPolicy> {
  const client = clientId
    ? await repo.readResource<ClientApplicationRecord>('ClientApplication', clientId).catch(() => undefined)
    : undefined;
  const confidential = !!client?.secret;
  return { client, confidential, plainPkce: !confidential && client?.pkcePlain === true };
}

/** At the start of a login: refuses `plain` for a client that may not use it (400 on codeChallengeMethod). */
export function assertChallengeMethodAllowed(policy: ClientPolicy, method: string | undefined): void {
  if (method === 'plain' && !policy.plainPkce) badRequest(AuthMessages.pkceS256Required, 'codeChallengeMethod');
}

/**
 * At the code exchange: the client proves itself (secret for a confidential client, PKCE for a
 * public one) and the login's challenge method is one this client may use.
 */
export function assertClientMayExchange(
  policy: ClientPolicy,
  login: Pick<LoginRecord, 'codeChallenge' | 'codeChallengeMethod'>,
  clientSecret: string | undefined
): void {
  if (policy.confidential) {
    if (!clientSecret) throw new OAuthError('invalid_client', 'Client authentication required', 401);
    if (!safeEqual(policy.client!.secret!, clientSecret))
      throw new OAuthError('invalid_client', 'Invalid client credentials', 401);
  } else if (!login.codeChallenge) {
    throw new OAuthError('invalid_request', 'PKCE code challenge required');
  }
  if (login.codeChallenge && (login.codeChallengeMethod ?? 'plain') === 'plain' && !policy.plainPkce)
    throw new OAuthError('invalid_grant', AuthMessages.pkceS256Required);
}

/** The client application when id and secret match (constant-time compare): client_credentials and Basic auth. */
export async function verifyClientSecret(
  repo: Repository,
  clientId: string,
  clientSecret: string
): Promise<{ id: string; secret?: string } | undefined> {
  try {
    const client = await repo.readResource<{ id: string; secret?: string }>('ClientApplication', clientId);
    return client.secret && safeEqual(client.secret, clientSecret) ? client : undefined;
  } catch {
    return undefined;
  }
}
