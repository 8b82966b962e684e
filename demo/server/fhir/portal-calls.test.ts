// The calls of portal.md section 7 and client-layer.md section 7, as the demo patient, against
// the seeded server: every one answers, and only with the patient's own data.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../app';
import { signIn } from '../auth/test-helpers';
import { DemoCredentials } from '../seed/ids';
import { apiFor } from './test-server';

describe('the portal calls, as the seeded demo patient', () => {
  let server: RunningServer;
  let dir: string;
  let api: ReturnType<typeof apiFor>;
  let me: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fpk-portal-'));
    server = await createServer({ port: 0, dataDir: dir, seed: true });
    const tokens = await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
    api = apiFor(server, tokens.access_token);
    me = tokens.profile.reference;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const mine = (res: { body: any }, ...elements: string[]) =>
    res.body.entry.every((e: any) =>
      elements.some((el) => {
        const v = e.resource[el];
        const list = Array.isArray(v) ? v : [v];
        return list.some((x: any) => x?.reference === me || x?.actor?.reference === me);
      })
    );

  it('reads the profile and searches the record by the patient', async () => {
    expect((await api('GET', me)).status).toBe(200);
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
      const res = await api('GET', url);
      expect(res.status, url).toBe(200);
      expect(mine(res, ...elements), url).toBe(true);
    }
    expect((await api('GET', 'PaymentNotice')).status).toBe(200);
    expect((await api('GET', 'Practitioner')).body.entry.length).toBeGreaterThan(0);
    expect((await api('GET', 'Questionnaire')).body.entry.length).toBeGreaterThan(0);
  });

  it('chats: searches, creates and updates Communications', async () => {
    const doctor = (await api('GET', 'Practitioner?_count=1')).body.entry[0].resource;
    const who = `${me},Practitioner/${doctor.id}`;
    const thread = await api('GET', `Communication?sender=${who}&recipient=${who}&_sort=-sent&sent:missing=false`);
    expect(thread.status).toBe(200);
    const created = await api('POST', 'Communication', {
      resourceType: 'Communication',
      status: 'in-progress',
      sender: { reference: me },
      recipient: [{ reference: `Practitioner/${doctor.id}` }],
      sent: new Date().toISOString(),
      payload: [{ contentString: 'Hello doctor' }],
    });
    expect(created.status).toBe(201);
    const incoming = thread.body.entry.find((e: any) => e.resource.sender?.reference !== me && !e.resource.received);
    if (incoming) {
      const updated = await api('PUT', `Communication/${incoming.resource.id}`, {
        ...incoming.resource,
        status: 'completed',
        received: new Date().toISOString(),
      });
      expect(updated.status).toBe(200);
    }
  });

  it('records a vital, answers a questionnaire and edits the profile', async () => {
    const obs = await api('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'preliminary',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
      subject: { reference: me },
      effectiveDateTime: new Date().toISOString(),
      valueQuantity: { value: 72, unit: 'beats/minute' },
    });
    expect(obs.status).toBe(201);
    const q = (await api('GET', 'Questionnaire?_count=1')).body.entry[0].resource;
    const qr = await api('POST', 'QuestionnaireResponse', {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: q.url,
      subject: { reference: me },
      source: { reference: me },
      authored: new Date().toISOString(),
    });
    expect(qr.status).toBe(201);
    expect((await api('GET', `QuestionnaireResponse?_id=${qr.body.id}`)).body.entry).toHaveLength(1);
    const patient = (await api('GET', me)).body;
    const saved = await api('PUT', me, {
      ...patient,
      name: [{ use: 'official', given: ['Homer', 'J.'], family: 'Simpson' }],
      gender: 'male',
      birthDate: '1956-05-12',
    });
    expect(saved.status).toBe(200);
  });

  it('expands the questionnaires value sets and books a slot like the scheduler', async () => {
    const vs = (await api('GET', 'ValueSet?_count=1')).body.entry[0].resource;
    const expanded = await api('GET', `ValueSet/$expand?url=${encodeURIComponent(vs.url)}&count=11`);
    expect(expanded.status).toBe(200);
    expect(Array.isArray(expanded.body.expansion.contains)).toBe(true);
    const schedule = (await api('GET', 'Schedule?_count=1')).body.entry[0].resource;
    const now = new Date();
    const end = new Date(now.getTime() + 31 * 86_400_000);
    const slots = await api(
      'GET',
      `Slot?_count=720&schedule=Schedule/${schedule.id}&start=gt${now.toISOString()}&start=lt${end.toISOString()}&status=free`
    );
    expect(slots.body.entry.length).toBeGreaterThan(0);
    const slot = slots.body.entry[0].resource;
    const booking = await api('POST', '', {
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
    });
    expect(booking.status).toBe(200);
    expect((await api('GET', `Appointment?patient=${me}`)).body.entry.length).toBeGreaterThan(0);
  });
});
