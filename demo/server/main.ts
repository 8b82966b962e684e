// `npm run server`: the reference FHIR server on 127.0.0.1:8103 (FHIR_PORT), data in .data/
// (DATA_DIR) or PostgreSQL (DATABASE_URL).
import path from 'node:path';
import { createServer } from './app';
import { consoleAccessLog } from './console-log';
import { explainStartupError } from './startup-errors';

const port = process.env.FHIR_PORT ? Number(process.env.FHIR_PORT) : 8103;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`FHIR_PORT must be a port number, got ${process.env.FHIR_PORT}`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : path.resolve(process.env.DATA_DIR || '.data');

const server = await createServer({
  port,
  dataDir,
  databaseUrl,
  databaseSchema: process.env.DATABASE_SCHEMA || undefined,
  baseUrl: process.env.BASE_URL || undefined,
  // `npm start` runs the demo's external OpenID provider and names it here.
  demoIdentityProvider: process.env.DEMO_IDP_URL ? { issuer: process.env.DEMO_IDP_URL } : undefined,
  // Problems only, unless LOG_LEVEL=debug or ACCESS_LOG asks for the whole access log.
  accessLog: consoleAccessLog(process.env),
}).catch((err) => {
  const explained = explainStartupError(err, { port });
  console.error(explained ? `[server] ${explained}` : err);
  process.exit(1);
});
console.log(
  `[server] FHIR server ready at ${server.url}fhir/R4 (${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}), listening on port ${server.port}`
);
console.log('[server] mail is not sent: password reset links are printed here, as lines starting with [mail]');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (err) => {
        console.error('[server] shutdown failed', err);
        process.exit(1);
      }
    );
  });
}
