/**
 * The caller a FHIRcast socket stands for, read again whenever it matters: a socket carries no
 * token, only the Login that subscribed (in its signed endpoint), so the hub asks here on the
 * upgrade and before each delivery whether that login still holds. The test is the bearer
 * check's (auth/authenticate.ts): a granted, unrevoked Login of the same user, then the
 * membership it names as authForMembership reads it. Sign-out, a password change elsewhere and
 * a revocation all revoke the Login, so they end the socket too.
 */
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import { authForMembership } from '../access/membership-caller';
import { refId, type LoginRecord, type MembershipRecord } from '../core/account-records';
import type { ServerContext } from '../context';
import type { RequestAuth } from '../core/request-auth';
import { memberPolicyLoader } from '../access/member-policy';

/** A caller with the AccessPolicy of their membership (undefined: none). */
export interface LiveCaller {
  auth: RequestAuth;
  policy: AccessPolicy | undefined;
}

/** Reads logins and policies for the hub. */
export interface LiveLogins {
  /** The caller behind a live login of the user, or undefined once it is revoked, gone or someone else's. */
  caller(loginId: string, userId: string): Promise<LiveCaller | undefined>;
  /** The policy of a request's caller. */
  policy(auth: RequestAuth): Promise<AccessPolicy | undefined>;
}

/** The hub's login reader on a context (the policy cache is its own, emptied on any policy or membership change). */
export function liveLogins(ctx: ServerContext): LiveLogins {
  const loadPolicy = memberPolicyLoader(ctx);
  const read = async <T>(type: string, id: string | undefined): Promise<T | undefined> => {
    if (!id) return undefined;
    try {
      return await ctx.systemRepo.readResource<T>(type, id);
    } catch (error) {
      // Missing or deleted means no caller; the database failing is not a reason to deliver.
      if (isOperationOutcomeError(error)) return undefined;
      throw error;
    }
  };
  return {
    async caller(loginId, userId) {
      const login = await read<LoginRecord>('Login', loginId);
      if (!login || login.revoked || !login.granted || refId(login.user) !== userId) return undefined;
      const membership = await read<MembershipRecord>('ProjectMembership', refId(login.membership));
      if (!membership) return undefined;
      const auth = await authForMembership(ctx, login, membership).catch((error: unknown) => {
        if (isOperationOutcomeError(error)) return undefined;
        throw error;
      });
      return auth && { auth, policy: await loadPolicy(auth) };
    },
    policy: loadPolicy,
  };
}
