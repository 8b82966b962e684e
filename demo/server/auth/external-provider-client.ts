/**
 * The two calls this server makes to an external identity provider: the code exchange at
 * its token endpoint and the user-info read. Its answers are bounded (time, size) and
 * checked field by field before anything uses them; a failure is logged with the status only
 * (never a token or a body) and answered with one plain text, so a provider's errors do not
 * leak to the browser.
 */
import { OperationOutcomeError, badRequestOutcome } from '../../../src/fhir/outcomes';
import type { IdentityProviderConfig } from './identity-providers';

/** Limits on the provider's answers. */
export const ProviderLimits = {
  /** Each call is abandoned after this long. */
  timeoutMs: 10_000,
  /** Longest answer body read. */
  maxBodyBytes: 64 * 1024,
  /** Longest access token accepted. */
  maxTokenLength: 8192,
  /** Longest `sub`, name or email claim accepted. */
  maxClaimLength: 512,
} as const;

/** Texts the browser sees when the provider's side fails. */
export const ProviderMessages = {
  failed: 'The sign-in provider did not complete the sign-in; try again',
} as const;

/** Who the provider says signed in. */
export interface ExternalIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

function fail(reason: string, status?: number): never {
  // Status and reason only: bodies may carry tokens.
  console.warn(`[auth] external identity provider: ${reason}${status ? ` (HTTP ${status})` : ''}`);
  throw new OperationOutcomeError(badRequestOutcome(ProviderMessages.failed));
}

/** Reads a JSON object of at most maxBodyBytes; anything else fails. */
async function boundedJson(response: Response): Promise<Record<string, unknown>> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > ProviderLimits.maxBodyBytes) {
    await response.body?.cancel();
    fail('answer too large', response.status);
  }
  const reader = response.body?.getReader();
  if (!reader) fail('empty answer', response.status);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ProviderLimits.maxBodyBytes) {
      await reader.cancel();
      fail('answer too large', response.status);
    }
    chunks.push(value);
  }
  if (!response.ok) fail('error answer', response.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    fail('answer is not JSON', response.status);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) fail('answer is not a JSON object');
  return parsed as Record<string, unknown>;
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      // A provider that redirects its token or user-info endpoint elsewhere is not followed.
      redirect: 'error',
      signal: AbortSignal.timeout(ProviderLimits.timeoutMs),
    });
  } catch (err) {
    fail(`unreachable: ${(err as Error).name}`);
  }
  return boundedJson(response);
}

function claim(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > ProviderLimits.maxClaimLength) fail(`invalid ${name} claim`);
  return value.trim() || undefined;
}

/** Exchanges the provider's code at its token endpoint; answers the access token. */
export async function exchangeProviderCode(
  provider: IdentityProviderConfig,
  params: { code: string; redirectUri: string; codeVerifier?: string }
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
  });
  if (params.codeVerifier) form.set('code_verifier', params.codeVerifier);
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  if (provider.tokenAuthMethod === 'client_secret_post') {
    form.set('client_id', provider.clientId);
    form.set('client_secret', provider.clientSecret);
  } else {
    // RFC 6749 section 2.3.1: both parts form-encoded before the Basic encoding.
    const id = encodeURIComponent(provider.clientId);
    const secret = encodeURIComponent(provider.clientSecret);
    headers.Authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }
  const answer = await call(provider.tokenUrl, { method: 'POST', headers, body: form.toString() });
  const token = answer.access_token;
  if (typeof token !== 'string' || token === '' || token.length > ProviderLimits.maxTokenLength)
    fail('no access token in the token answer');
  const type = answer.token_type;
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer'))
    fail('token type is not Bearer');
  return token;
}

/** Reads who signed in from the provider's user-info endpoint. */
export async function readProviderUserInfo(
  provider: IdentityProviderConfig,
  accessToken: string
): Promise<ExternalIdentity> {
  const info = await call(provider.userInfoUrl, {
    method: 'GET',
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
  });
  const sub = claim(info.sub, 'sub');
  if (!sub) fail('no subject in the user info');
  return {
    sub,
    email: claim(info.email, 'email'),
    // OpenID Connect Core 5.1: true only when the provider has verified the address.
    emailVerified: info.email_verified === true,
    givenName: claim(info.given_name, 'given_name'),
    familyName: claim(info.family_name, 'family_name'),
  };
}
