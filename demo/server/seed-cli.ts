// `npm run seed` seeds the demo data into an empty database; `npm run seed -- --reset` wipes
// every resource first and seeds again. Same storage settings as the server: DATA_DIR (default
// .data) for PGlite, or DATABASE_URL for PostgreSQL. A PGlite folder the server holds is refused
// (see db/data-lock.ts); a damaged one is explained, and --reset moves it aside and starts fresh.
import path from 'node:path';
import { createContext } from './context';
import { openDataFolder } from './db/data-folder';
import { openDatabase } from './db/database';
import { explainStartupError } from './startup-errors';
import { seedIfEmpty } from './seed/seed';
import { DemoCredentials, DEMO_MFA_SECRET, DEMO_PROJECT_ID } from './seed/ids';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--reset');
if (unknown.length) {
  console.error(`Unknown argument: ${unknown.join(' ')}\nUsage: npm run seed [-- --reset]`);
  process.exit(2);
}
const reset = args.includes('--reset');
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : path.resolve(process.env.DATA_DIR || '.data');
const port = process.env.FHIR_PORT ? Number(process.env.FHIR_PORT) : 8103;
const baseUrl = process.env.BASE_URL || `http://127.0.0.1:${port}/`;

const folder = dataDir
  ? await openDataFolder({ dataDir, holder: 'npm run seed', recoverDamaged: reset }).catch((err) => {
      const explained = explainStartupError(err);
      console.error(explained ? `[seed] ${explained}` : err);
      process.exit(1);
    })
  : undefined;
if (folder?.movedAside) console.log(`[seed] the damaged database was moved to ${folder.movedAside}`);
const db = folder?.db ?? (await openDatabase({ databaseUrl }));
try {
  const ctx = await createContext(db, baseUrl, { defaultProjectId: DEMO_PROJECT_ID });
  const started = Date.now();
  const seeded = await seedIfEmpty(ctx, { reset });
  if (seeded) {
    console.log(
      `[seed] ${reset ? 'reset and seeded' : 'seeded'} demo data in ${Date.now() - started} ms (${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`})`
    );
    console.log(`[seed] demo project ${DEMO_PROJECT_ID}`);
    for (const [who, c] of Object.entries(DemoCredentials)) console.log(`[seed]   ${who}: ${c.email} / ${c.password}`);
    console.log(`[seed]   TOTP secret of ${DemoCredentials.mfa.email}: ${DEMO_MFA_SECRET}`);
  } else {
    console.log('[seed] demo data already present; run `npm run seed -- --reset` to start over');
  }
} finally {
  await db.close();
  folder?.lock.release();
}
