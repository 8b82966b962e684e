// Shared by the client's tests: a recording mock fetch and small builders. Not exported from the package.
import { vi } from 'vitest';
import { FhirClient } from './FhirClient';
import type { FhirClientOptions } from './options';
import { ClientStorage, MemoryStorage } from './storage';

/** One request as the wire carries it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: any;
  credentials?: RequestCredentials;
  /** Only when the call asked for it (RequestOptions.keepalive). */
  keepalive?: boolean;
}

/** A handler answers a recorded request with a Response, or throws to simulate a network failure. */
export type Handler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** A mock fetch that records every request. */
export function mockFetch(handler: Handler = () => json({ resourceType: 'Patient', id: '123' })) {
  const requests: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: input.toString(),
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
      ...(init.keepalive ? { keepalive: true } : {}),
    };
    requests.push(request);
    return handler(request, requests.length - 1);
  });
  return Object.assign(fn as unknown as typeof fetch, { requests });
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/fhir+json', ...headers },
  });
}

/** A text response. */
export function text(body: string, status = 200, contentType = 'text/plain', statusText?: string): Response {
  return new Response(body, { status, statusText, headers: { 'content-type': contentType } });
}

/** An unsigned JWT with the given claims (the client only decodes). */
export function makeJwt(claims: Record<string, unknown>): string {
  const enc = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.sig`;
}

/** Seconds since the epoch, for JWT claims. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The base URL the tests use. */
export const BASE = 'https://fhir.test/';
/** The FHIR base the tests use. */
export const FHIR = 'https://fhir.test/fhir/R4/';

/** The headers every authenticated request carries. */
export function expectedHeaders(token?: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Accept: 'application/fhir+json, */*; q=0.1',
    'X-Medplum': 'extended',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

/** A client with a mock fetch and memory storage. */
export function setup(handler?: Handler, options: FhirClientOptions = {}) {
  const fetch = mockFetch(handler);
  const storage = new ClientStorage(new MemoryStorage());
  const client = new FhirClient({ baseUrl: BASE, fetch, storage, cacheTime: 0, ...options });
  return { client, fetch, storage };
}

/**
 * A server that rotates refresh tokens as the reference server does: each one works once, and a
 * reused one revokes the login, so its newest access token stops working too. FHIR reads answer
 * 200 with the current access token and 401 with any other; auth/me answers the profile.
 */
export function rotatingTokenServer(options: { delay?: number } = {}) {
  let refresh: string | undefined = 'R1';
  let count = 1;
  const state = { valid: undefined as string | undefined, revoked: false };
  const expired = makeJwt({ exp: nowSeconds() - 10, n: 1 });
  const fetch = mockFetch(async (request) => {
    if (request.url === BASE + 'oauth2/token') {
      await new Promise((resolve) => setTimeout(resolve, options.delay ?? 5));
      const presented = new URLSearchParams(String(request.body)).get('refresh_token');
      if (!refresh || presented !== refresh) {
        refresh = state.valid = undefined;
        state.revoked = true;
        return json({ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400);
      }
      count++;
      refresh = `R${count}`;
      state.valid = makeJwt({ exp: nowSeconds() + 3600, n: count });
      return json({ access_token: state.valid, refresh_token: refresh, profile: { reference: 'Patient/1' } });
    }
    if (!state.valid || request.headers.Authorization !== `Bearer ${state.valid}`) return json({}, 401);
    if (request.url === BASE + 'auth/me') {
      return json({
        profile: { resourceType: 'Patient', id: '1' },
        project: { resourceType: 'Project', id: 'p' },
        membership: { resourceType: 'ProjectMembership', id: 'm' },
      });
    }
    return json({ resourceType: 'Patient', id: '1' });
  });
  const tokenPosts = () => fetch.requests.filter((r) => r.url === BASE + 'oauth2/token').length;
  /** The login both tabs remember: an access token past its expiry and the first refresh token. */
  const login = { accessToken: expired, refreshToken: 'R1', profile: { reference: 'Patient/1' } };
  return { fetch, state, tokenPosts, login };
}
