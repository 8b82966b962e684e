// `npx tsx bench/offline-flush.ts`: the time to flush queued writes against the reference server
// (issue 24). Starts the server on a temporary PGlite folder with the demo seed, signs in as the
// seeded patient through a FhirClient with the offline option (a memory store) and an injected
// fetch that fails as a browser does without network. Offline, it queues 100 Observation creates
// (each a conditional create by its outbox identifier) and a few updates of the patient's own
// record (each with If-Match, rebased as the one before it is sent); back online, it times
// client.outbox.flush() and checks what the server holds: exactly 100 new Observations, no
// doubles, even after ten of the creates are replayed at once as a tab reopened online would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { createMemoryStore, OUTBOX_IDENTIFIER_SYSTEM } from '../src/client/offline';
import type { Bundle, Observation, Patient } from '../src/fhir/types';
import { createServer } from '../demo/server/app';
import { DemoCredentials, DemoIds } from '../demo/server/seed/ids';

const CREATES = 100;
const UPDATES = 5;
const REPLAYS = 10;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fpk-bench-offline-'));
  const server = await createServer({ port: 0, dataDir, seed: true });
  try {
    let online = true;
    const injected: typeof fetch = (input, init) =>
      online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));
    const client = new FhirClient({
      baseUrl: server.url,
      fetch: injected,
      storage: new ClientStorage(new MemoryStorage()),
      cacheTime: 0,
      maxRetries: 0,
      logLevel: 'none',
      offline: { store: createMemoryStore() },
    });
    const started = await client.startLogin({
      email: DemoCredentials.patient.email,
      password: DemoCredentials.patient.password,
    });
    await client.processCode(started.code as string);
    await client.whenOfflineReady();
    const outbox = client.outbox;
    if (!outbox) throw new Error('The client has no outbox: is the offline option loaded?');

    const subject = { reference: `Patient/${DemoIds.patient}` };
    const countObservations = async (): Promise<number> =>
      (
        (await client.search('Observation', {
          subject: subject.reference,
          _summary: 'count',
        })) as Bundle
      ).total ?? 0;
    const before = await countObservations();
    const patient = await client.readResource('Patient', DemoIds.patient);
    const patientVersion = Number(patient.meta?.versionId);

    online = false;
    const queued: Observation[] = [];
    let updates = 0;
    for (let i = 0; i < CREATES; i++) {
      queued.push(
        await client.createResource<Observation>({
          resourceType: 'Observation',
          status: 'final',
          category: [
            {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }],
            },
          ],
          code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
          subject,
          effectiveDateTime: new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString(),
          valueQuantity: {
            value: 60 + (i % 40),
            unit: 'beats/minute',
            system: 'http://unitsofmeasure.org',
            code: '/min',
          },
        })
      );
      // A few edits of the patient's own record among the creates, all made over the version read online.
      if (i % (CREATES / UPDATES) === CREATES / UPDATES - 1)
        await client.updateResource<Patient>({ ...patient, birthDate: `1956-05-1${updates++}` });
    }
    const waiting = outbox.list().filter((e) => e.state === 'pending' || e.state === 'sending').length;

    online = true;
    const t0 = performance.now();
    await outbox.flush();
    const ms = performance.now() - t0;
    const states = outbox.list().map((e) => e.state);
    const sent = states.filter((s) => s === 'sent').length;
    const other = states.filter((s) => s !== 'sent');

    // Ten creates replayed at once over plain HTTP, the way an answer lost and a tab reopened would.
    const token = client.getAccessToken();
    const replayed = await Promise.all(
      queued.slice(0, REPLAYS).map((body) => {
        const mine = body.identifier?.find((id) => id.system === OUTBOX_IDENTIFIER_SYSTEM)?.value;
        return fetch(`${server.url}fhir/R4/Observation`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/fhir+json',
            'If-None-Exist': `identifier=${OUTBOX_IDENTIFIER_SYSTEM}|${mine}`,
          },
          body: JSON.stringify(body),
        }).then((res) => res.status);
      })
    );

    const after = await countObservations();
    const current = await client.readResource('Patient', DemoIds.patient);
    const added = after - before;
    const versions = Number(current.meta?.versionId) - patientVersion;
    const ok = added === CREATES && versions === UPDATES && !other.length && replayed.every((s) => s === 200);
    console.log(
      `offline flush (reference server, PGlite, seeded patient)\n` +
        `  queued offline                     ${waiting} writes (${CREATES} Observation creates, ${UPDATES} Patient updates)\n` +
        `  flush ${String(waiting).padEnd(4)} writes                 ${ms.toFixed(0).padStart(6)} ms   (${(ms / waiting).toFixed(1)} ms a write; ${sent} sent${other.length ? `, ${other.length} not: ${other.join(', ')}` : ''})\n` +
        `  server holds                       ${added} new Observations of ${CREATES} queued (${added === CREATES ? 'no doubles' : 'WRONG'}); Patient ${versions} versions newer\n` +
        `  ${REPLAYS} creates replayed at once        ${replayed.filter((s) => s === 200).length} answered 200 (already there), Observations still ${after - before}`
    );
    client.outbox?.close();
    if (!ok) process.exitCode = 1;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
