import { OperationOutcomeError, errorOutcome } from '../fhir/outcomes';

/** One entry of a RateLimit header: its name, remaining units (r) and seconds until reset (t). */
export interface RateLimitEntry {
  name: string;
  remainingUnits: number;
  secondsUntilReset: number;
}

/** Retry settings for one request. */
export interface RetryConfig {
  maxRetries: number;
  maxRetryTime: number;
  signal?: AbortSignal | null;
  onOffline?: () => void;
}

/** First retry waits this long; each further retry waits 1.5 times longer. */
export const RETRY_BASE_DELAY = 500;

/** The error for an aborted request. */
export const abortedError = (): OperationOutcomeError => new OperationOutcomeError(errorOutcome('Request aborted'));

/** Parses a RateLimit header such as `"requests";r=0;t=5, "fhirInteractions";r=100;t=60`. */
export function parseRateLimitHeader(header: string): RateLimitEntry[] {
  return header.split(',').map((part) => {
    const [rawName, ...params] = part.split(';').map((s) => s.trim());
    const name = /^"([^"]*)"$/.exec(rawName)?.[1] ?? rawName;
    const values: Record<string, number> = {};
    for (const param of params) {
      const match = /^(\w+)=(.*)$/.exec(param);
      if (!match) throw rateLimitError();
      // Other parameters (a partition key, say) are allowed and ignored; r and t must be numbers.
      if (match[1] === 'r' || match[1] === 't') {
        if (!/^\d+(\.\d+)?$/.test(match[2])) throw rateLimitError();
        values[match[1]] = Number(match[2]);
      }
    }
    if (!name || values.r === undefined || values.t === undefined) throw rateLimitError();
    return { name, remainingUnits: values.r, secondsUntilReset: values.t };
  });
}

function rateLimitError(): OperationOutcomeError {
  return new OperationOutcomeError(errorOutcome('Could not parse RateLimit header'));
}

/** True for statuses worth retrying: 429 and 5xx. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** Milliseconds before retry number `attempt` (0-based): the rate-limit reset when a limit is used up, else 500 ms × 1.5ⁿ. */
export function retryDelay(response: Response | undefined, attempt: number): number {
  const header = response?.headers.get('ratelimit');
  if (header) {
    const exhausted = parseRateLimitHeader(header).filter((entry) => entry.remainingUnits === 0);
    if (exhausted.length) return Math.max(...exhausted.map((entry) => entry.secondsUntilReset)) * 1000;
  }
  return RETRY_BASE_DELAY * 1.5 ** attempt;
}

/** Resolves after `ms`, or rejects with 'Request aborted' when the signal fires first. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isAbort(error: unknown, signal?: AbortSignal | null): boolean {
  return !!signal?.aborted || (error as Error | undefined)?.name === 'AbortError';
}

/** Calls fetch, retrying 429 and 5xx with backoff; answers the last response, or throws an OperationOutcomeError (network failures at once). */
export async function fetchWithRetry(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  config: RetryConfig
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetchFn(url, init);
    } catch (error) {
      if (isAbort(error, config.signal)) throw abortedError();
      // Retries are for 429 and 5xx only; a network failure is not retried (the
      // request may have reached the server), and one on the first attempt fires 'offline'.
      if (attempt === 0) config.onOffline?.();
      // Keep only the message: a network error never carries our headers, but the cause chain could be logged.
      throw new OperationOutcomeError(errorOutcome((error as Error)?.message || 'Failed to fetch', 'transient'));
    }
    if (!isRetryableStatus(response.status) || attempt >= config.maxRetries) return response;
    const wait = retryDelay(response, attempt);
    if (wait > config.maxRetryTime) return response;
    // The body of a response we discard must be drained or cancelled so the connection is freed.
    await response.body?.cancel().catch(() => undefined);
    await sleep(wait, config.signal);
  }
}
