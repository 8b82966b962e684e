// Shared by the React tests: a real FhirClient over a recording fetch, and a provider wrapper.
// Not exported from the package.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage, type FhirClientOptions } from '../client';
import { FhirProvider } from './FhirProvider';

/** The server base the tests use. */
export const BASE_URL = 'http://localhost:8103/';
/** The FHIR base under it. */
export const FHIR_URL = `${BASE_URL}fhir/R4/`;

/** One request as the wire carries it. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/** Answers a request; may return a promise to answer later. */
export type Respond = (request: SentRequest) => Response | Promise<Response>;

/** A FHIR JSON response. */
export function fhirJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
}

/** A promise with its resolve function, for answers that arrive when the test says. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A real FhirClient whose fetch records requests and answers with `respond`. */
export function createTestClient(respond: Respond, options: FhirClientOptions = {}) {
  const requests: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: SentRequest = { method: init.method ?? 'GET', url: input.toString(), body };
    requests.push(request);
    return respond(request);
  });
  const client = new FhirClient({
    baseUrl: BASE_URL,
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: new ClientStorage(new MemoryStorage()),
    ...options,
  });
  return { client, fetch, requests };
}

/** Wraps a tree in a FhirProvider for `client`. */
export function withClient(client: FhirClient) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return <FhirProvider client={client}>{children}</FhirProvider>;
  };
}
