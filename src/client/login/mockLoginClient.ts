// Test and story helper, not exported from the package: a LoginClient over an injected fetch.
import { errorOutcome, isOperationOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import type { LoginClient } from './types';

/** One recorded request: what the wire carried. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** A LoginClient over `fetch`, with the active login it set and change listeners, for tests and stories. */
export class MockLoginClient implements LoginClient {
  activeLogin: unknown;
  readonly listeners = new Set<() => void>();

  constructor(
    readonly fetchFn: typeof fetch,
    readonly options: { baseUrl?: string; clientId?: string } = {}
  ) {}

  getBaseUrl(): string {
    return this.options.baseUrl ?? 'https://fhir.example.com/';
  }

  getClientId(): string | undefined {
    return this.options.clientId;
  }

  private async send(url: string, init: RequestInit): Promise<any> {
    const response = await this.fetchFn(new URL(url, this.getBaseUrl()).toString(), {
      ...init,
      credentials: 'include',
    });
    const text = await response.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.status >= 400) {
      if (isOperationOutcome(body)) throw new OperationOutcomeError(body);
      throw new OperationOutcomeError(
        errorOutcome(body?.error_description ?? `Request failed with status ${response.status}`)
      );
    }
    return body;
  }

  get(url: string): Promise<any> {
    return this.send(url, { method: 'GET', headers: { Accept: 'application/fhir+json, */*; q=0.1' } });
  }

  post(url: string, body?: unknown): Promise<any> {
    return this.send(url, {
      method: 'POST',
      headers: { Accept: 'application/fhir+json, */*; q=0.1', 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  }

  async fetchTokens(formBody: URLSearchParams): Promise<unknown> {
    const tokens = await this.send('oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody.toString(),
    });
    this.activeLogin = tokens;
    this.emit();
    return tokens;
  }

  getActiveLogin(): unknown {
    return this.activeLogin;
  }

  clear(): void {
    this.activeLogin = undefined;
    this.emit();
  }

  addEventListener(_type: 'change', listener: () => void): void {
    this.listeners.add(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A response the mock fetch answers with: status and JSON body. */
export type MockReply = { status?: number; body?: unknown } | Error;

/**
 * A fetch that answers by "METHOD path" (path relative to the base, e.g. "POST auth/login") and
 * records every request. A reply that is an Error rejects like a network failure.
 */
export function createMockFetch(
  routes: Record<string, MockReply | ((request: RecordedRequest) => MockReply)>,
  baseUrl = 'https://fhir.example.com/'
): typeof fetch & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input.toString();
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length).split('?')[0] : url;
    const route = routes[`${request.method} ${path}`];
    const reply = typeof route === 'function' ? route(request) : route;
    if (!reply) return new Response(JSON.stringify(errorOutcome('Not found', 'not-found')), { status: 404 });
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch & { requests: RecordedRequest[] };
  fn.requests = requests;
  return fn;
}
