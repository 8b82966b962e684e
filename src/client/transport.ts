import { OperationOutcomeError, errorOutcome, isOperationOutcome, notFoundOutcome } from '../fhir/outcomes';
import type { OperationOutcome, OperationOutcomeIssue } from '../fhir/types';

/** Content types the client sends and recognises. */
export const ContentType = {
  FHIR_JSON: 'application/fhir+json',
  JSON: 'application/json',
  JSON_PATCH: 'application/json-patch+json',
  FORM_URL_ENCODED: 'application/x-www-form-urlencoded',
  TEXT: 'text/plain',
  XML: 'application/xml',
  CDA_XML: 'application/cda+xml',
  PDF: 'application/pdf',
  OCTET_STREAM: 'application/octet-stream',
} as const;

/** The Accept header of every request. */
export const ACCEPT_HEADER = 'application/fhir+json, */*; q=0.1';

/** Options every client call accepts. */
export interface RequestOptions {
  /** 'no-cache' or 'reload' skip the client's request cache for this call. */
  cache?: 'default' | 'no-cache' | 'reload';
  /** Aborts the request; the call then fails with 'Request aborted'. */
  signal?: AbortSignal;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Poll the Content-Location of a 202 answer until the final answer. */
  pollStatusOnAccepted?: boolean;
  /** Milliseconds between status polls (default 1000). */
  pollStatusPeriod?: number;
  /** Send this GET on its own even when auto-batching is on. */
  disableAutoBatch?: boolean;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  /**
   * Lets the request outlive the page (fetch's `keepalive`): a save sent as the user leaves or
   * reloads still reaches the server. Browsers cap such a body at 64 KB in flight.
   */
  keepalive?: boolean;
}

const STATUS_CODES: Record<number, OperationOutcomeIssue['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'deleted',
  412: 'conflict',
  429: 'throttled',
};

/** An error for a server answer the client cannot use. */
export function malformedResponse(text: string): OperationOutcomeError {
  return new OperationOutcomeError(errorOutcome(text, 'structure'));
}

/** The outcome for a failed status whose body is not an OperationOutcome. */
export function statusOutcome(status: number, statusText: string, body?: unknown): OperationOutcome {
  if (isOperationOutcome(body)) return body;
  if (status === 404) return notFoundOutcome();
  return errorOutcome(
    statusText || `Request failed with status ${status}`,
    STATUS_CODES[status] ?? (status >= 500 ? 'exception' : 'processing')
  );
}

/** True for a body that fetch sends as it is; anything else is sent as JSON. */
export function isRawBody(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    body instanceof URLSearchParams ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/** The wire body and its content type: raw bodies as given, objects as FHIR JSON unless a content type says otherwise. */
export function encodeBody(body: unknown, contentType?: string): { body?: BodyInit; contentType?: string } {
  if (body === undefined || body === null) return { contentType };
  if (isRawBody(body)) return { body: body as BodyInit, contentType };
  return { body: JSON.stringify(body), contentType: contentType ?? ContentType.FHIR_JSON };
}

/** Reads a response: parsed JSON, text, or undefined; throws an OperationOutcomeError for a failed status or a body that cannot be used. */
export async function readResponse(response: Response): Promise<any> {
  const { status } = response;
  if (status === 204 || status === 304) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    if (status >= 400) throw new OperationOutcomeError(statusOutcome(status, response.statusText));
    throw malformedResponse('The server response was cut off before it was complete');
  }
  const contentType = response.headers.get('content-type') ?? '';
  // Some servers omit the content type; a body that starts like JSON is read as JSON.
  const looksJson = contentType.includes('json') || (!contentType && /^\s*[[{]/.test(text));
  let body: unknown = text || undefined;
  let invalidJson = false;
  if (looksJson && text) {
    try {
      body = JSON.parse(text);
    } catch {
      invalidJson = true;
    }
  }
  if (status >= 400) throw new OperationOutcomeError(statusOutcome(status, response.statusText, body));
  if (invalidJson) throw malformedResponse('The server response is not valid JSON');
  return body;
}

/** Checks that a server answer is a resource of the expected type, else throws an OperationOutcomeError that says what came instead. */
export function expectResource<T>(value: unknown, resourceType: string): T {
  const got = (value as { resourceType?: unknown } | undefined)?.resourceType;
  if (typeof value !== 'object' || value === null || got !== resourceType) {
    const what =
      typeof value === 'object' && value !== null
        ? typeof got === 'string'
          ? `a ${got}`
          : 'JSON without a resourceType'
        : value === undefined
          ? 'an empty response'
          : 'a response that is not JSON';
    throw malformedResponse(`Expected a ${resourceType} from the server but got ${what}`);
  }
  return value as T;
}
