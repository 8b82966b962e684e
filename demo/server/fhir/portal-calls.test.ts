// The calls of portal.md section 7 and client-layer.md section 7, as the demo patient, against
// the seeded server: every one answers, and only with the patient's own data.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../app';
import { signIn } from '../test/login-helpers';
import { DemoCredentials } from '../seed/ids';
import type { FhirClient } from '../../../src/client';
import type { Bundle } from '../../../src/fhir/types';
import { clientFor } from '../test/test-server';

describe('the portal calls, as the seeded demo patient', () => {
  let server: RunningServer;
  let dir: string;
  let client: FhirClient;
  let me: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fpk-portal-'));
    server = await createServer({ port: 0, dataDir: dir, seed: true });
    const tokens = await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
    client = clientFor(server, tokens.access_token);
    me = tokens.profile.reference;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A search given as 'Type?query', as the portal writes it. */
  const search = (url: string): Promise<Bundle<any>> => {
    const [type, query] = url.split('?');
    return client.search(type as any, query);
  };
  const mine = (bundle: Bundle, ...elements: string[]) =>
    bundle.entry!.every((e: any) =>
      elements.some((el) => {
        const v = e.resource[el];
        const list = Array.isArray(v) ? v : [v];
        return list.some((x: any) => x?.reference === me || x?.actor?.reference === me);
      })
    );

  it('reads the profile and searches the record by the patient', async () => {
    expect((await client.readReference({ reference: me })).id).toBe(me.split('/')[1]);
    const checks: [string, string[]][] = [
      [`Coverage?beneficiary=${me}`, ['beneficiary']],
      [`CarePlan?subject=${me}`, ['subject']],
      [`DiagnosticReport?subject=${me}`, ['subject']],
      [`Observation?patient=${me}`, ['subject']],
      [`Observation?code=8867-4&patient=${me}`, ['subject']],
      [`MedicationRequest?patient=${me}`, ['subject']],
      [`Immunization?patient=${me}`, ['patient']],
      [`QuestionnaireResponse?source=${me}&_sort=-authored`, ['source']],
    ];
    for (const [url, elements] of checks) {
      const bundle = await search(url);
      expect(bundle.type, url).toBe('searchset');
      expect(mine(bundle, ...elements), url).toBe(true);
    }
    // The seed's PaymentNotices name the clinic as recipient: one Reference, as in R4.
    const notices = await server.ctx.systemRepo.searchResources<any>('PaymentNotice');
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => !Array.isArray(n.recipient) && n.recipient.reference)).toBe(true);
    // The patient finds the notices paid for their Coverage (Membership & Billing's search).
    const payments = await search('PaymentNotice');
    expect(payments.type).toBe('searchset');
    expect(payments.entry!.map((e) => e.resource.id).sort()).toEqual(notices.map((n) => n.id).sort());
    const coverages = (await search(`Coverage?beneficiary=${me}`)).entry!.map((e) => `Coverage/${e.resource.id}`);
    expect(payments.entry!.every((e) => coverages.includes(e.resource.request.reference))).toBe(true);
    expect((await search('Practitioner')).entry!.length).toBeGreaterThan(0);
    const questionnaires = await search('Questionnaire');
    expect(questionnaires.entry!.length).toBeGreaterThan(0);
    // The screening questionnaire carries its LOINC code (a Coding list in R4).
    expect(questionnaires.entry!.map((e) => e.resource.code).filter(Boolean)).toContainEqual([
      { system: 'http://loinc.org', code: '96777-8' },
    ]);
  });

  it('chats: searches, creates and updates Communications', async () => {
    const doctor = (await search('Practitioner?_count=1')).entry![0].resource;
    const who = `${me},Practitioner/${doctor.id}`;
    const thread = await search(`Communication?sender=${who}&recipient=${who}&_sort=-sent&sent:missing=false`);
    expect(thread.type).toBe('searchset');
    const created = await client.createResource<any>({
      resourceType: 'Communication',
      status: 'in-progress',
      sender: { reference: me },
      recipient: [{ reference: `Practitioner/${doctor.id}` }],
      sent: new Date().toISOString(),
      payload: [{ contentString: 'Hello doctor' }],
    } as any);
    expect(created.meta?.versionId).toBe('1');
    const incoming = thread.entry!.find((e: any) => e.resource.sender?.reference !== me && !e.resource.received);
    if (incoming) {
      const updated = await client.updateResource({
        ...incoming.resource,
        status: 'completed',
        received: new Date().toISOString(),
      });
      expect(updated.status).toBe('completed');
    }
  });

  it('records a vital, answers a questionnaire and edits the profile', async () => {
    const obs = await client.createResource<any>({
      resourceType: 'Observation',
      status: 'preliminary',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
      subject: { reference: me },
      effectiveDateTime: new Date().toISOString(),
      valueQuantity: { value: 72, unit: 'beats/minute' },
    });
    expect(obs.meta?.versionId).toBe('1');
    const q = (await search('Questionnaire?_count=1')).entry![0].resource;
    const qr = await client.createResource<any>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: q.url,
      subject: { reference: me },
      source: { reference: me },
      authored: new Date().toISOString(),
    } as any);
    expect(qr.meta?.versionId).toBe('1');
    expect((await search(`QuestionnaireResponse?_id=${qr.id}`)).entry).toHaveLength(1);
    const patient: any = await client.readReference({ reference: me });
    const saved: any = await client.updateResource({
      ...patient,
      name: [{ use: 'official', given: ['Homer', 'J.'], family: 'Simpson' }],
      gender: 'male',
      birthDate: '1956-05-12',
    });
    expect(saved.birthDate).toBe('1956-05-12');
  });

  it('expands the questionnaires value sets and books a slot like the scheduler', async () => {
    const vs = (await search('ValueSet?_count=1')).entry![0].resource;
    const expanded = await client.valueSetExpand({ url: vs.url, count: 11 } as any);
    expect(Array.isArray(expanded.expansion!.contains)).toBe(true);
    const schedule = (await search('Schedule?_count=1')).entry![0].resource;
    const now = new Date();
    const end = new Date(now.getTime() + 31 * 86_400_000);
    const slots = await search(
      `Slot?_count=720&schedule=Schedule/${schedule.id}&start=gt${now.toISOString()}&start=lt${end.toISOString()}&status=free`
    );
    expect(slots.entry!.length).toBeGreaterThan(0);
    const slot = slots.entry![0].resource;
    const booking = await client.executeBatch({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:appointment',
          request: { method: 'POST', url: 'Appointment' },
          resource: {
            resourceType: 'Appointment',
            status: 'booked',
            start: slot.start,
            end: slot.end,
            slot: [{ reference: `Slot/${slot.id}` }],
            participant: [
              { actor: { reference: me }, status: 'accepted' },
              { actor: schedule.actor[0], status: 'accepted' },
            ],
          },
        },
        {
          request: { method: 'PUT', url: `Slot/${slot.id}`, ifMatch: `W/"${slot.meta.versionId}"` },
          resource: { ...slot, status: 'busy' },
        },
      ],
    } as any);
    expect(booking.type).toBe('transaction-response');
    expect((await search(`Appointment?patient=${me}`)).entry!.length).toBeGreaterThan(0);
  });
});
