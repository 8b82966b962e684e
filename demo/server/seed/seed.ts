/**
 * Seeds the demo data (see demo/server/README.md, "Demo data"): one project with a patient,
 * a doctor, an MFA patient, three more practitioners, a schedule with a month of slots, a
 * patient record dated relative to today, stored questionnaires and their value sets, and
 * the demo client applications (demo-client, the portal, the demo SMART app). Everything is written in one transaction.
 */
import type { ServerContext } from '../context';
import { buildPeople } from './people';
import { buildFrontDesk } from './front-desk';
import { buildClinicPatients } from './clinic-patients';
import { buildClinical } from './clinical';
import { buildDocuments } from './documents';
import { buildSchedule } from './schedule';
import { buildQuestionnaires } from './questionnaires';
import { buildValueSets } from './valuesets';
import { DEMO_PROJECT_ID } from './ids';
import { buildExternalIdentitySeed } from './external-identity';
import { smartDemoApp } from './smart-demo-app';

/** Tables the reset empties (schema and server settings such as the JWT key stay). */
const DATA_TABLES = ['search_index', 'resource_history', 'resources', 'binary_content'];

/** Every seed record, dated relative to `now`. */
export async function buildSeed(now: Date = new Date()) {
  return [
    ...(await buildPeople()),
    ...buildValueSets(),
    ...buildQuestionnaires(),
    ...buildSchedule(now),
    ...buildClinical(now),
    ...buildExternalIdentitySeed(),
    ...buildDocuments(now),
    ...(await buildFrontDesk()),
    ...buildClinicPatients(),
    smartDemoApp(),
  ];
}

/** True when the demo project is already stored. */
export async function isSeeded(ctx: ServerContext): Promise<boolean> {
  try {
    await ctx.systemRepo.readResource('Project', DEMO_PROJECT_ID);
    return true;
  } catch {
    return false;
  }
}

/**
 * Seeds when the demo project is missing; with `reset`, wipes every resource first.
 * Returns true when it wrote the seed.
 */
export async function seedIfEmpty(ctx: ServerContext, opts: { reset?: boolean; now?: Date } = {}): Promise<boolean> {
  if (!opts.reset && (await isSeeded(ctx))) return false;
  const records = await buildSeed(opts.now);
  await ctx.systemRepo.transaction(async (repo) => {
    if (opts.reset) {
      for (const table of DATA_TABLES) await repo.db.query(`DELETE FROM ${table}`);
    }
    await repo.writeMany(records);
  });
  return true;
}
