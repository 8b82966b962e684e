/**
 * What `npm run server` and `npm start` print per request. A console full of one JSON line per
 * request hides what matters (the URLs, the credentials, a failure), so by default only problems
 * are printed: an answer of 500 or more, as one readable line. `LOG_LEVEL=debug` brings the JSON
 * access log back to standard output, and `ACCESS_LOG`, when set, decides alone ('stdout', a
 * file to append to, or 'off'), as it always has.
 */
import { type AccessLogEntry, type AccessLogSink, accessLogSink } from './http/access-log';

/** The variables that decide it. */
export interface ConsoleLogEnv {
  ACCESS_LOG?: string;
  LOG_LEVEL?: string;
}

/** The access log sink these variables ask for; `write` takes the problem lines. */
export function consoleAccessLog(
  env: ConsoleLogEnv,
  write: (line: string) => void = (line) => process.stderr.write(line + '\n')
): AccessLogSink | undefined {
  if (env.ACCESS_LOG) return accessLogSink(env.ACCESS_LOG);
  if (env.LOG_LEVEL?.trim().toLowerCase() === 'debug') return accessLogSink('stdout');
  return (line) => {
    // Most lines are answered requests below 500: this test spares them the parse. Inside a
    // JSON string a quote is escaped, so a route or parameter name cannot imitate the field.
    if (!line.includes('"status":5')) return;
    const problem = problemLine(JSON.parse(line) as AccessLogEntry);
    if (problem) write(problem);
  };
}

/** An access log entry as one readable line when it is a problem (an HTTP answer of 500 or more). */
export function problemLine(entry: AccessLogEntry): string | undefined {
  if (entry.kind !== 'http' || entry.status === undefined || entry.status < 500) return undefined;
  const what = [entry.interaction, entry.resourceType].filter(Boolean).join(' ');
  return `[server] ${entry.event} ${entry.route ?? '(no route)'}${what ? ` (${what})` : ''} answered ${entry.status} after ${entry.ms ?? '?'} ms`;
}
