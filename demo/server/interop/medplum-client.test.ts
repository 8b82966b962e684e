// MedplumClient (@medplum/core, the incumbent's client) against the reference server: a team that
// moves from Medplum keeps its client code working while it migrates. It signs in through the
// login protocol with its own PKCE and calls the FHIR API as it does against Medplum's server.
import { MedplumClient } from '@medplum/core';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../app';
import { DemoCredentials } from '../seed/ids';

describe('MedplumClient against the reference server', () => {
  let server: RunningServer;
  let dir: string;
  let medplum: MedplumClient;

  beforeAll(async () => {
    // MedplumClient is a browser client: processCode reads the PKCE verifier from sessionStorage,
    // which Node lacks. A Node app passes its own challenge, as here, and keeps the verifier there.
    const values = new Map<string, string>();
    globalThis.sessionStorage ??= {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, String(value)),
      removeItem: (key: string) => void values.delete(key),
      clear: () => values.clear(),
      key: (index: number) => [...values.keys()][index] ?? null,
      get length() {
        return values.size;
      },
    };
    const verifier = randomBytes(32).toString('base64url');
    sessionStorage.setItem('codeVerifier', verifier);
    dir = await mkdtemp(path.join(os.tmpdir(), 'fpk-medplum-'));
    server = await createServer({ port: 0, dataDir: dir, seed: true });
    medplum = new MedplumClient({ baseUrl: server.url, fhirUrlPath: 'fhir/R4', fetch });
    const login = await medplum.startLogin({
      email: DemoCredentials.patient.email,
      password: DemoCredentials.patient.password,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      codeChallengeMethod: 'S256',
    });
    await medplum.processCode(login.code!);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('signs in as the demo patient and reads the profile', async () => {
    const profile = medplum.getProfile();
    expect(profile?.resourceType).toBe('Patient');
    const patient = await medplum.readResource('Patient', profile!.id!);
    expect(patient.name?.[0]?.family).toBe('Simpson');
  });

  it('searches slots with an array of prefixed values, which FHIR reads as OR', async () => {
    // The window lies between the first free slot and the last, whatever the day: slots are seeded on
    // weekdays only, so a fixed 'tomorrow' finds none before it on a Saturday.
    const all = (await medplum.searchResources('Slot', '_count=1000&_sort=start')).map((s) => s.start!).sort();
    expect(all.length).toBeGreaterThan(2);
    const from = new Date(Date.parse(all[0]) + 1000).toISOString();
    const to = new Date(Date.parse(all[all.length - 1]) - 1000).toISOString();
    // Before the window or after it: AND would find nothing, OR finds both ends. Medplum joins an
    // array of values with commas (its QueryTypes type allows a string there), the form written here.
    const slots = await medplum.searchResources('Slot', `start=lt${from},gt${to}&_count=1000`);
    expect(slots.some((s) => s.start! < from)).toBe(true);
    expect(slots.some((s) => s.start! > to)).toBe(true);
    expect(slots.filter((s) => s.start! >= from && s.start! <= to)).toEqual([]);
  });

  it('creates an Observation, updates the profile and reads their history', async () => {
    const me = medplum.getProfile()!;
    const created = await medplum.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }], text: 'Heart rate' },
      subject: { reference: `Patient/${me.id}` },
      valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
    });
    expect((await medplum.readResource('Observation', created.id!)).valueQuantity?.value).toBe(72);
    const patient = await medplum.readResource('Patient', me.id!);
    const updated = await medplum.updateResource({
      ...patient,
      telecom: [...(patient.telecom ?? []), { system: 'phone', value: '555-0199', use: 'mobile' }],
    });
    expect(updated.meta?.versionId).not.toBe(patient.meta?.versionId);
    const history = await medplum.readHistory('Patient', me.id!);
    expect(
      history.entry?.map((e: { resource?: { meta?: { versionId?: string } } }) => e.resource?.meta?.versionId)
    ).toContain(patient.meta?.versionId);
  });

  it("reads the patient's whole record with $everything", async () => {
    const everything = await medplum.readPatientEverything(medplum.getProfile()!.id!);
    const types = new Set(
      everything.entry?.map((e: { resource?: { resourceType?: string } }) => e.resource?.resourceType)
    );
    expect(types.has('Observation')).toBe(true);
    expect(types.has('Patient')).toBe(true);
  });

  it('is refused what the patient may not read', async () => {
    await expect(medplum.searchResources('User')).rejects.toMatchObject({
      outcome: { issue: [{ code: 'forbidden' }] },
    });
  });
});
