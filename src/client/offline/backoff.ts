/** How long the outbox waits before sending again after a failure. */
export interface BackoffOptions {
  /** The first wait, in milliseconds (default 1000). */
  base?: number;
  /** The longest wait, in milliseconds (default 60000). */
  max?: number;
}

/** Milliseconds before retry number `attempt` (1 after the first failure): base × 2^(attempt-1), capped at max. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.base ?? 1000;
  return Math.min(base * 2 ** Math.max(0, attempt - 1), options.max ?? 60000);
}
