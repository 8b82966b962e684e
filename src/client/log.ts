/** Writes one client message; never pass a token. */
export type ClientLog = (level: 'warn' | 'error', message: string) => void;

/** A ClientLog that writes to the console unless the logLevel option silences the level. */
export function consoleLog(threshold: 'none' | 'error' | 'warn'): ClientLog {
  return (level, message) => {
    if (threshold === 'none' || (threshold === 'error' && level === 'warn')) return;
    console[level](`[FhirClient] ${message}`);
  };
}
