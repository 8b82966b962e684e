/**
 * The `state` this server sends to an external identity provider: the pending sign-in
 * (who asked, where to send the browser back, its PKCE challenge) sealed with an HMAC under a
 * key derived from the server's secret, so it needs no table and any process of the server
 * can finish it. Nothing secret travels in it: the verifier this server shows the provider is
 * derived from the same key and the flow's random id, never sent to the browser.
 *
 * A state is valid for FLOW_LIFETIME_MS and once per process (a bounded set remembers the
 * ids seen until they expire); the provider's code is single use at the provider too.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser may take at the identity provider. */
export const FLOW_LIFETIME_MS = 10 * 60_000;
/** The longest state accepted back (checked before anything else looks at it). */
export const MAX_SEALED_STATE_LENGTH = 8192;
/** Flows remembered as used, at most (the oldest are forgotten first; they expire anyway). */
const MAX_REMEMBERED = 50_000;

/** A sign-in waiting for the external provider's answer. */
export interface ExternalFlow {
  /** Random id of this flow. */
  id: string;
  /** Epoch ms after which the flow is refused. */
  expires: number;
  projectId: string;
  domain: string;
  clientId: string;
  /** Where the browser goes back with our code: checked exactly against the client's list. */
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  scope?: string;
  /** The browser's own state, given back unchanged. */
  state: string;
  /** Registration: create the patient when no account matches. */
  createUser: boolean;
}

function keyOf(secret: Uint8Array, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`fhir-portal-kit external auth: ${purpose}`).digest();
}

function mac(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', keyOf(secret, 'state')).update(payload).digest('base64url');
}

/** A new flow id (128 random bits). */
export function newFlowId(): string {
  return randomBytes(16).toString('base64url');
}

/** Seals a flow into a state: base64url(JSON) '.' HMAC. */
export function sealFlow(secret: Uint8Array, flow: ExternalFlow): string {
  const payload = Buffer.from(JSON.stringify(flow), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** Opens a state this server sealed; undefined when it was altered, is malformed or has expired. */
export function openFlow(secret: Uint8Array, state: unknown, now = Date.now()): ExternalFlow | undefined {
  if (typeof state !== 'string' || state.length > MAX_SEALED_STATE_LENGTH) return undefined;
  const dot = state.indexOf('.');
  if (dot <= 0 || dot !== state.lastIndexOf('.')) return undefined;
  const payload = state.slice(0, dot);
  const given = Buffer.from(state.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let flow: ExternalFlow;
  try {
    flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!flow || typeof flow !== 'object' || typeof flow.expires !== 'number' || flow.expires < now) return undefined;
  return flow;
}

/** The PKCE verifier this server uses with the provider for a flow (43 characters, RFC 7636). */
export function providerVerifier(secret: Uint8Array, flowId: string): string {
  return createHmac('sha256', keyOf(secret, 'pkce')).update(flowId).digest('base64url');
}

/** Remembers flows already finished, so a replayed state is refused. */
export class UsedFlows {
  private readonly used = new Map<string, number>();

  /** True the first time a flow id is seen (before it expires); false after. */
  claim(flow: Pick<ExternalFlow, 'id' | 'expires'>, now = Date.now()): boolean {
    for (const [id, expires] of this.used) {
      if (expires >= now && this.used.size <= MAX_REMEMBERED) break;
      this.used.delete(id);
    }
    if (this.used.has(flow.id)) return false;
    this.used.set(flow.id, flow.expires);
    return true;
  }
}
