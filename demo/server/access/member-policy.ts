// The AccessPolicy of the member behind a request: the ProjectMembership's `accessPolicy`
// reference, read with the system's repository and kept for a while, as the login itself is.
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import type { Reference } from '../../../src/fhir/types';
import type { RequestAuth } from '../core/request-auth';

/**
 * What the loader needs of the server (ServerContext has it): access/ sits below the store and
 * the context in the layer order, so it names the two members it uses rather than importing them.
 */
export interface PolicyContext {
  systemRepo: { readResource<T>(type: string, id: string): Promise<T> };
  /** Hears of every committed write, this process's and (through the live bus) the others'. */
  addStoredChangeListener(listener: (change: { resourceType: string } | { everything: true }) => void): void;
}

/** How long a membership's policy is reused; any AccessPolicy or membership change drops it at once. */
export const MEMBER_POLICY_CACHE_MS = 30_000;

/** A membership that names a policy the server cannot read is allowed nothing (fail closed). */
const NOTHING_ALLOWED: AccessPolicy = { resourceType: 'AccessPolicy', resource: [] };

interface Cached {
  policy: AccessPolicy | undefined;
  expires: number;
}

/** Answers the policy of a request's membership (undefined: none, everything the role allows). */
export type MemberPolicyLoader = (auth: RequestAuth) => Promise<AccessPolicy | undefined>;

/** A loader with its own cache, emptied by any AccessPolicy or membership change in any process. */
export function memberPolicyLoader(ctx: PolicyContext): MemberPolicyLoader {
  const cache = new Map<string, Cached>();
  // Bumped on every change, so a read that raced a change is not cached.
  let generation = 0;
  ctx.addStoredChangeListener((change) => {
    if ('everything' in change || ['AccessPolicy', 'ProjectMembership'].includes(change.resourceType)) {
      generation++;
      cache.clear();
    }
  });
  const read = async <T>(type: string, id: string): Promise<T | undefined> => {
    try {
      return await ctx.systemRepo.readResource<T>(type, id);
    } catch (error) {
      // Missing or deleted; anything else (the database failing) is not a reason to allow.
      if (isOperationOutcomeError(error)) return undefined;
      throw error;
    }
  };
  return async (auth) => {
    const hit = cache.get(auth.membership);
    if (hit && hit.expires > Date.now()) return hit.policy;
    const seen = generation;
    const membership = await read<{ accessPolicy?: Reference }>('ProjectMembership', auth.membership);
    const reference = membership?.accessPolicy?.reference;
    let policy: AccessPolicy | undefined;
    if (reference) {
      const [type, id] = reference.split('/');
      policy = (type === 'AccessPolicy' && id && (await read<AccessPolicy>('AccessPolicy', id))) || NOTHING_ALLOWED;
    }
    if (seen === generation) {
      if (cache.size > 10_000) cache.clear();
      cache.set(auth.membership, { policy, expires: Date.now() + MEMBER_POLICY_CACHE_MS });
    }
    return policy;
  };
}

const loaders = new WeakMap<PolicyContext, MemberPolicyLoader>();

/** The context's one loader (one cache, one change listener), shared by the gate, websockets and FHIRcast. */
export function sharedPolicyLoader(ctx: PolicyContext): MemberPolicyLoader {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = memberPolicyLoader(ctx);
    loaders.set(ctx, loader);
  }
  return loader;
}

/**
 * The caller with its member's AccessPolicy loaded, as the access decision needs it: for callers
 * that do not come through the FHIR routes' gate (websocket notifications, FHIRcast). The
 * system (undefined) stays the system.
 */
export async function withAccessPolicy<A extends RequestAuth | undefined>(ctx: PolicyContext, auth: A): Promise<A> {
  if (!auth || 'accessPolicy' in auth) return auth;
  return { ...auth, accessPolicy: await sharedPolicyLoader(ctx)(auth) };
}
