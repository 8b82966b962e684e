/**
 * What a client must prove at the code exchange. A public client (no registered secret, or no
 * registration at all, like the portal) must use PKCE with S256; `plain` only where its
 * ClientApplication says it cannot hash (`pkcePlain: true`). A confidential client (one with a
 * secret) must send the secret (Basic or client_secret in the form) and may never use `plain`;
 * its id and secret alone also stand for it (client_credentials grant, Basic auth on FHIR calls).
 * Where a registered client may be sent back to (redirectUriAllowed) and which scopes it may
 * hold (narrowToClientScope) are decided here too.
 */
import type { Repository } from '../store/repository';
import { AuthMessages, OAuthError, badRequest } from './errors';
import type { ClientApplicationRecord, LoginRecord } from '../core/account-records';
import { clientSecretMatches, isConfidentialClient } from './client-secrets';
import { parseResourceScope } from '../access/scopes';

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
  const confidential = isConfidentialClient(client);
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
    if (!clientSecretMatches(policy.client, clientSecret))
      throw new OAuthError('invalid_client', 'Invalid client credentials', 401);
  } else if (!login.codeChallenge) {
    throw new OAuthError('invalid_request', 'PKCE code challenge required');
  }
  if (login.codeChallenge && (login.codeChallengeMethod ?? 'plain') === 'plain' && !policy.plainPkce)
    throw new OAuthError('invalid_grant', AuthMessages.pkceS256Required);
}

/** The client application when id and secret match (digests compared in constant time): client_credentials and Basic auth. */
export async function verifyClientSecret(
  repo: Repository,
  clientId: string,
  clientSecret: string
): Promise<(ClientApplicationRecord & { id: string }) | undefined> {
  try {
    const client = await repo.readResource<ClientApplicationRecord & { id: string }>('ClientApplication', clientId);
    return clientSecretMatches(client, clientSecret) ? client : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether oauth2/authorize may send a code to this redirect_uri: one of the client's registered
 * redirect URIs exactly; on the origin of one only for a client registered with
 * `redirectUriMatch: 'origin'` (the demo's first-party clients). A client with none gets none.
 */
export function redirectUriAllowed(client: ClientApplicationRecord, redirectUri: string): boolean {
  const registered = [client.redirectUri, ...(client.redirectUris ?? [])].filter((u): u is string => !!u);
  if (registered.includes(redirectUri)) return true;
  if (client.redirectUriMatch !== 'origin') return false;
  const origin = (u: string) => {
    try {
      return new URL(u).origin;
    } catch {
      return undefined;
    }
  };
  const wanted = origin(redirectUri);
  return !!wanted && registered.some((u) => origin(u) === wanted);
}

const isResourceScope = (s: string) => /^(patient|user|system)\//.test(s);

/**
 * The requested scopes a client registered with `scope` may hold (its other requests are
 * dropped); a client registered without one: all of them. When the request named resource
 * scopes and none is allowed, the exchange is refused: a token with no resource scope is a
 * first-party session that the role alone limits (access/scopes.ts), never a narrower one.
 */
export function narrowToClientScope(requested: string, client: ClientApplicationRecord | undefined): string {
  if (!client?.scope) return requested;
  const allowed = new Set(client.scope.split(/\s+/).filter(Boolean));
  const asked = requested.split(/\s+/).filter(Boolean);
  const kept = asked.filter((s) => allowed.has(s));
  if (asked.some(isResourceScope) && !kept.some((s) => isResourceScope(s) && parseResourceScope(s)))
    throw new OAuthError('invalid_scope', 'None of the requested resource scopes is allowed for this client');
  return kept.join(' ');
}
