import type { ResolvedOptions } from './options';
import { pollAccepted } from './polling';
import { fetchWithRetry } from './retry';
import { ACCEPT_HEADER, type RequestOptions, encodeBody } from './transport';

/**
 * The client's transport part: absolute URLs, the headers every call carries, fetch with
 * retries (429 and 5xx only; a first network failure fires offline) and polling of 202 answers.
 * It holds no token: the session part hands it the Authorization value of each request.
 */
export class ClientTransport {
  readonly #options: ResolvedOptions;
  readonly #onOffline: () => void;
  /** Sent as Accept-Language when set. */
  language: string | undefined;

  constructor(options: ResolvedOptions, onOffline: () => void) {
    this.#options = options;
    this.#onOffline = onOffline;
    this.language = options.language;
  }

  /** An absolute URL: relative paths resolve against the server base. */
  resolveUrl(url: URL | string): string {
    const href = url.toString();
    return /^https?:\/\//i.test(href) ? href : this.#options.baseUrl + href.replace(/^\//, '');
  }

  /** The headers of a request: Accept, the language, extended mode, authorization, content type, then the caller's. */
  headers(authorization: string | undefined, options: RequestOptions, contentType?: string): Record<string, string> {
    const headers: Record<string, string> = { Accept: ACCEPT_HEADER, ...this.#options.defaultHeaders };
    if (this.language) headers['Accept-Language'] = this.language;
    if (this.#options.extendedMode) headers['X-Medplum'] = 'extended';
    if (authorization) headers.Authorization = authorization;
    if (contentType) headers['Content-Type'] = contentType;
    return { ...headers, ...options.headers };
  }

  /** fetch with the client's retry rules; answers the last response or throws an OperationOutcomeError. */
  fetch(url: string, init: RequestInit, options: RequestOptions = {}): Promise<Response> {
    return fetchWithRetry(this.#options.fetch, url, init, {
      maxRetries: options.maxRetries ?? this.#options.maxRetries,
      maxRetryTime: this.#options.maxRetryTime,
      signal: options.signal,
      onOffline: this.#onOffline,
    });
  }

  /** Sends one request (objects as FHIR JSON, cookies included) and answers the response. */
  send(
    method: string,
    url: string,
    options: RequestOptions,
    authorization: string | undefined,
    body?: unknown,
    contentType?: string
  ): Promise<Response> {
    const encoded = encodeBody(body, contentType);
    return this.fetch(
      url,
      {
        method,
        headers: this.headers(authorization, options, encoded.contentType),
        credentials: 'include',
        body: encoded.body,
        signal: options.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      },
      options
    );
  }

  /** Follows a 202 answer's Content-Location until the final answer. */
  poll(response: Response, options: RequestOptions, authorization: string | undefined): Promise<Response> {
    const init: RequestInit = {
      method: 'GET',
      headers: this.headers(authorization, options),
      credentials: 'include',
      signal: options.signal,
    };
    return pollAccepted(
      response,
      (statusUrl) => this.fetch(this.resolveUrl(statusUrl), init, options),
      options.pollStatusPeriod,
      options.signal
    );
  }
}
