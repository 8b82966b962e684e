// SMART scopes: what a token's granted scopes allow, on top of what the role allows (scopes
// only ever narrow). v1 `patient/Observation.read|write|*` and v2 `patient/Observation.cruds`,
// in the patient/, user/ and system/ contexts. A token without any resource scope is a
// first-party session (the portal's 'openid profile email'): the role alone decides.
import type { OperationOutcomeError } from '../../../src/fhir/outcomes';
import type { RequestAuth } from '../core/request-auth';
import { forbidden } from '../core/errors';

/** One FHIR interaction, as SMART v2 letters name them. */
export type ScopeInteraction = 'c' | 'r' | 'u' | 'd' | 's';

/** A parsed resource scope. */
export interface ResourceScope {
  context: 'patient' | 'user' | 'system';
  /** A resource type or '*'. */
  type: string;
  interactions: Set<ScopeInteraction>;
}

const V1: Record<string, ScopeInteraction[]> = {
  read: ['r', 's'],
  write: ['c', 'u', 'd'],
  '*': ['c', 'r', 'u', 'd', 's'],
};
const V2_LETTERS = 'cruds';

/** Parses one scope; undefined for anything that is not a resource scope (openid, profile…). */
export function parseResourceScope(scope: string): ResourceScope | undefined {
  // Bounded and split by hand: scopes arrive from anyone on auth/login.
  if (scope.length > 100) return undefined;
  const slash = scope.indexOf('/');
  const dot = scope.lastIndexOf('.');
  if (slash < 0 || dot < slash) return undefined;
  const context = scope.slice(0, slash);
  if (context !== 'patient' && context !== 'user' && context !== 'system') return undefined;
  const type = scope.slice(slash + 1, dot);
  if (type !== '*' && !/^[A-Z][A-Za-z]{0,63}$/.test(type)) return undefined;
  // v2 may carry query parameters after '?'; they narrow further, which we do not model: refuse them.
  const permission = scope.slice(dot + 1);
  if (V1[permission]) return { context, type, interactions: new Set(V1[permission]) };
  // v2: letters in the order c, r, u, d, s, each at most once.
  let last = -1;
  const letters = new Set<ScopeInteraction>();
  for (const ch of permission) {
    const index = V2_LETTERS.indexOf(ch);
    if (index <= last) return undefined;
    last = index;
    letters.add(ch as ScopeInteraction);
  }
  return letters.size ? { context, type, interactions: letters } : undefined;
}

function isResourceScopeShaped(scope: string): boolean {
  return scope.startsWith('patient/') || scope.startsWith('user/') || scope.startsWith('system/');
}

/** The resource scopes of a space-separated scope string. */
export function resourceScopes(scope: string): ResourceScope[] {
  const out: ResourceScope[] = [];
  for (const s of scope.split(' ')) {
    const parsed = s ? parseResourceScope(s) : undefined;
    if (parsed) out.push(parsed);
    // One we cannot read (v2 query parameters, a typo) grants nothing, yet still means "scoped".
    else if (isResourceScopeShaped(s)) out.push({ context: 'user', type: '', interactions: new Set() });
  }
  return out;
}

const parsedCache = new Map<string, ResourceScope[]>();

function scopesOf(auth: RequestAuth): ResourceScope[] {
  let found = parsedCache.get(auth.scope);
  if (!found) {
    found = resourceScopes(auth.scope);
    if (parsedCache.size > 1000) parsedCache.clear();
    parsedCache.set(auth.scope, found);
  }
  return found;
}

/** The contexts a caller's scopes may use: system/ for client applications, patient/ with a patient. */
function usableContext(auth: RequestAuth, context: ResourceScope['context']): boolean {
  if (context === 'system') return auth.profile.startsWith('ClientApplication/');
  if (context === 'patient') return Boolean(auth.patientId);
  return true;
}

/** True when the caller's granted scopes allow the interaction on the type. */
export function scopeAllows(auth: RequestAuth | undefined, type: string, interaction: ScopeInteraction): boolean {
  if (!auth) return true;
  const scopes = scopesOf(auth);
  // A first-party session (no resource scope asked for): the role decides. One whose asked-for
  // resource scopes were all dropped holds none: scopes only ever narrow.
  if (!scopes.length) return !auth.scoped;
  return scopes.some(
    (s) => usableContext(auth, s.context) && (s.type === '*' || s.type === type) && s.interactions.has(interaction)
  );
}

const NAMES: Record<ScopeInteraction, string> = { c: 'create', r: 'read', u: 'update', d: 'delete', s: 'search' };

/** The 403 of an interaction the granted scopes do not allow. */
export function scopeRefusal(type: string, interaction: ScopeInteraction): OperationOutcomeError {
  return forbidden(`Forbidden: the granted scopes do not allow ${NAMES[interaction]} on ${type}`);
}

/** Throws 403 unless the granted scopes allow the interaction on the type. */
export function assertScope(auth: RequestAuth | undefined, type: string, interaction: ScopeInteraction): void {
  if (!scopeAllows(auth, type, interaction)) throw scopeRefusal(type, interaction);
}

/**
 * The scopes a grant may hold: resource scopes in contexts the profile can use (no system/ for
 * people; patient/ only for a patient), everything else (openid, profile, offline_access…) as asked.
 */
export function grantableScope(requested: string, profile: string): string {
  const isPatient = profile.startsWith('Patient/');
  const isClient = profile.startsWith('ClientApplication/');
  const kept: string[] = [];
  for (const s of requested.split(' ')) {
    if (!s || kept.includes(s)) continue;
    const parsed = parseResourceScope(s);
    if (!parsed && isResourceScopeShaped(s)) continue; // a malformed resource scope grants nothing
    if (parsed?.context === 'system' && !isClient) continue;
    if (parsed?.context === 'patient' && !isPatient) continue;
    kept.push(s);
  }
  return kept.join(' ');
}
