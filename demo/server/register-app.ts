// `npm run register-app -- --client-id ID --name NAME --redirect-uri URL [--redirect-uri URL…]
// [--launch-uri URL] [--confidential] [--scope "…"]`: registers a third-party SMART app in the
// demo project, in the same storage as `npm start` and `npm run seed` (DATA_DIR, default .data,
// or DATABASE_URL). A confidential app's secret is printed once here and never again.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createContext } from './context';
import { openDataFolder } from './db/data-folder';
import { openDatabase } from './db/database';
import { explainStartupError } from './startup-errors';
import { registerClientApplication, RegistrationError } from './auth/smart-apps';
import { fhirBaseUrl } from './auth/smart-configuration';
import { DEMO_PROJECT_ID } from './seed/ids';

const USAGE = `Usage: npm run register-app -- --client-id ID --name NAME --redirect-uri URL [--redirect-uri URL…]
                            [--launch-uri URL] [--confidential] [--scope "patient/*.read openid fhirUser"]`;

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      'client-id': { type: 'string' },
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'launch-uri': { type: 'string' },
      confidential: { type: 'boolean' },
      scope: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  }).values;
}
try {
  args = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args['client-id'] || !args.name || !args['redirect-uri']?.length) {
  console.error(`--client-id, --name and at least one --redirect-uri are required\n${USAGE}`);
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : path.resolve(process.env.DATA_DIR || '.data');
const port = process.env.FHIR_PORT ? Number(process.env.FHIR_PORT) : 8103;
const baseUrl = process.env.BASE_URL || `http://127.0.0.1:${port}/`;

const folder = dataDir
  ? await openDataFolder({ dataDir, holder: 'npm run register-app' }).catch((err) => {
      const explained = explainStartupError(err);
      console.error(explained ? `[register-app] ${explained}` : err);
      process.exit(1);
    })
  : undefined;
const db = folder?.db ?? (await openDatabase({ databaseUrl }));
let exitCode = 0;
try {
  const ctx = await createContext(db, baseUrl, { defaultProjectId: DEMO_PROJECT_ID });
  const { client, secret } = await registerClientApplication(ctx, {
    clientId: args['client-id'],
    name: args.name,
    redirectUris: args['redirect-uri'],
    launchUri: args['launch-uri'],
    confidential: args.confidential,
    scope: args.scope,
  });
  console.log(`[register-app] registered ${client.id} (${client.name}), ${secret ? 'confidential' : 'public'} client`);
  for (const uri of client.redirectUris ?? []) console.log(`[register-app]   redirect URI: ${uri}`);
  if (client.launchUri) console.log(`[register-app]   launch URI:   ${client.launchUri}`);
  if (client.scope) console.log(`[register-app]   scopes:       ${client.scope}`);
  console.log(`[register-app]   FHIR base (iss, aud): ${fhirBaseUrl(ctx)}`);
  console.log(`[register-app]   discovery: ${fhirBaseUrl(ctx)}/.well-known/smart-configuration`);
  if (secret) console.log(`[register-app]   client secret (shown once, keep it safe): ${secret}`);
} catch (err) {
  if (!(err instanceof RegistrationError)) throw err;
  console.error(`[register-app] ${err.message}\n${USAGE}`);
  exitCode = 2;
} finally {
  await db.close();
  folder?.lock.release();
}
process.exit(exitCode);
