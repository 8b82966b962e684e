// What `npm run server` and `npm run seed` print when they cannot start: the cause in one
// sentence and the way out, instead of a stack trace.
import { DataFolderDamagedError } from './db/data-folder';
import { DataFolderLockedError } from './db/data-lock';

/** The message for a start-up failure a user can fix, or undefined for an unexpected one. */
export function explainStartupError(err: unknown, opts: { port?: number } = {}): string | undefined {
  if (err instanceof DataFolderLockedError || err instanceof DataFolderDamagedError) return err.message;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' && opts.port !== undefined) {
    return (
      `Port ${opts.port} is busy: another program (perhaps another copy of this server) listens on it.\n` +
      `Stop that program, or set FHIR_PORT to move this server, e.g. FHIR_PORT=${opts.port + 1}.`
    );
  }
  if (code === 'EACCES' && opts.port !== undefined) {
    return `Port ${opts.port} needs privileges this user lacks; set FHIR_PORT to a port above 1023.`;
  }
  return undefined;
}
