/**
 * Turns an Authorization header into the RequestAuth the repository checks access with.
 * Bearer: a JWT of this server whose Login is still live. Basic: a ClientApplication's
 * id and secret (client credentials on every request).
 */
import { authForMembership, readAccountRecord as read } from '../access/membership-caller';
import type { RequestAuth } from '../core/request-auth';
import type { ServerContext } from '../context';
import { OperationOutcomeError, OutcomeMessages, unauthorizedOutcome } from '../../../src/fhir/outcomes';
import { verifyAccessToken } from './jwt';
import { parseBasicAuth } from './basic';
import { verifyClientSecret } from './client-policy';
import { refId, type LoginRecord, type MembershipRecord } from '../core/account-records';

function fail(text: string = OutcomeMessages.unauthorized): never {
  throw new OperationOutcomeError(unauthorizedOutcome(text));
}

/**
 * Live logins by id with the RequestAuth they stand for, so a request costs no reads of Login,
 * ProjectMembership and Project. An entry lives AUTH_CACHE_MS at most, and is dropped as soon
 * as its Login changes (logout, revocation, refresh); any membership, project or user change
 * empties the cache. Changes are heard after commit from this process and, through the live
 * bus, from every other process on the same database, so a revocation holds everywhere at once.
 */
const AUTH_CACHE_MS = 30_000;
interface CachedAuth {
  auth: RequestAuth;
  loginId: string;
  expires: number;
}
type AuthCache = Map<string, CachedAuth> & { generation: number };
const authCaches = new WeakMap<ServerContext, AuthCache>();
const EMPTIES_THE_CACHE = new Set(['ProjectMembership', 'Project', 'User', 'ClientApplication']);

function authCache(ctx: ServerContext): AuthCache {
  const cache = authCaches.get(ctx);
  if (cache) return cache;
  const created = Object.assign(new Map<string, CachedAuth>(), { generation: 0 });
  ctx.addStoredChangeListener((change) => {
    // The generation tells a request that read the records before this change not to cache them.
    if ('everything' in change || EMPTIES_THE_CACHE.has(change.resourceType)) {
      created.generation++;
      created.clear();
    } else if (change.resourceType === 'Login') {
      created.generation++;
      for (const [token, entry] of created) if (entry.loginId === change.id) created.delete(token);
    }
  });
  authCaches.set(ctx, created);
  return created;
}

/** The caller of a request, or undefined without credentials; a bad credential throws 401. */
export async function authenticateRequest(
  ctx: ServerContext,
  authorization: string | undefined
): Promise<RequestAuth | undefined> {
  if (!authorization || !authorization.trim()) return undefined;
  const [scheme, ...rest] = authorization.trim().split(/\s+/);
  if (/^bearer$/i.test(scheme)) {
    const token = rest.join(' ');
    if (!token) fail();
    // A token verified a moment ago (same bytes, not expired, login unchanged) is not verified again.
    const cache = authCache(ctx);
    const hit = cache?.get(token);
    if (hit && hit.expires > Date.now()) return hit.auth;
    const generation = cache?.generation;
    const claims = await verifyAccessToken(ctx.jwtSecret, token, { issuer: ctx.baseUrl });
    const login = await read<LoginRecord>(ctx, 'Login', claims.login_id);
    if (login.revoked || !login.granted || refId(login.user) !== claims.sub) fail();
    const membership = await read<MembershipRecord>(ctx, 'ProjectMembership', refId(login.membership));
    const auth = await authForMembership(ctx, login, membership);
    if (cache && cache.generation === generation) {
      if (cache.size > 10_000) cache.clear();
      const tokenExpires = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now();
      cache.set(token, { auth, loginId: login.id!, expires: Math.min(Date.now() + AUTH_CACHE_MS, tokenExpires) });
    }
    return auth;
  }
  if (/^basic$/i.test(scheme)) {
    const credentials = parseBasicAuth(authorization.trim());
    if (!credentials) fail();
    const client = await verifyClientSecret(ctx.systemRepo, credentials.clientId, credentials.clientSecret);
    if (!client) fail();
    const membership = await ctx.systemRepo.searchOne<MembershipRecord>('ProjectMembership', {
      profile: `ClientApplication/${client.id}`,
    });
    if (!membership) fail();
    return authForMembership(
      ctx,
      {
        id: `client:${client.id}`,
        user: { reference: `ClientApplication/${client.id}` },
        scope: 'system/*.*',
        clientId: client.id,
      },
      membership
    );
  }
  fail();
}
