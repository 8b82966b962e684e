import { isOperationOutcomeError, normalizeErrorString, normalizeOutcome, OperationOutcomeError } from '../../fhir';

/** True for the failure of an aborted request (the client's 'Request aborted', or a DOM AbortError). */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as Error).name === 'AbortError' || normalizeErrorString(error) === 'Request aborted';
}

/** Any thrown value as the library's one error type. */
export function toOutcomeError(error: unknown): OperationOutcomeError {
  return isOperationOutcomeError(error) ? error : new OperationOutcomeError(normalizeOutcome(error), { cause: error });
}

/**
 * Runs a client call with an abort signal. The client shares one GET among callers, so a
 * request can fail as aborted because another component gave up on it; ours still wants
 * the answer, so it asks once more.
 */
export async function withSignal<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await call(signal);
  } catch (error) {
    if (!signal.aborted && isAbortError(error)) return call(signal);
    throw error;
  }
}
