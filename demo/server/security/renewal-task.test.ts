// Issue 20, "Renewal requests reach someone": a patient's renewal request is a Task they may
// create (status requested) and withdraw (status cancelled) but never answer. The practitioner
// finds it (owner = them, or no owner: the clinic's) and approves (completed) or declines
// (rejected with a statusReason). Each refusal is played by the attacker, through every write
// path (POST, PUT, PATCH, a transaction Bundle), and answers an OperationOutcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const REFUSED_UPDATE = 'Forbidden: a patient may only cancel an open Task they requested (status to cancelled)';

describe.each(backends())('a patient’s renewal request (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let doctor: TestAccount;
  let asPatient: ReturnType<typeof fhirAs>;
  let asDoctor: ReturnType<typeof fhirAs>;
  let prescription: string;

  const renewal = (extra: Record<string, unknown> = {}) => ({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    code: { text: 'Prescription renewal' },
    focus: { reference: prescription },
    for: { reference: patient.profile },
    requester: { reference: patient.profile },
    owner: { reference: doctor.profile },
    authoredOn: '2026-11-28T10:00:00Z',
    ...extra,
  });

  const expectRefused = (res: RawResponse, text: string) => {
    expect(res.status).toBe(403);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].details.text).toBe(text);
  };

  /** A renewal request the patient has just sent. */
  async function requested(extra: Record<string, unknown> = {}): Promise<any> {
    const res = await asPatient('POST', 'Task', renewal(extra));
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient', { given: 'Mallory' });
    doctor = await createAccount(server, 'Practitioner', { given: 'Julia' });
    asPatient = fhirAs(server, patient.token);
    asDoctor = fhirAs(server, doctor.token);
    const res = await asDoctor('POST', 'MedicationRequest', {
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Lisinopril 10 mg' },
      subject: { reference: patient.profile },
      requester: { reference: doctor.profile },
    });
    expect(res.status).toBe(201);
    prescription = `MedicationRequest/${res.body.id}`;
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when the patient tries to answer their own request', () => {
    it('refuses a request created already completed, rejected or with an answer recorded', async () => {
      for (const status of ['completed', 'rejected', 'accepted']) {
        expectRefused(
          await asPatient('POST', 'Task', renewal({ status })),
          "Forbidden: a patient's Task must be created with status requested"
        );
      }
      expectRefused(
        await asPatient('POST', 'Task', renewal({ businessStatus: { text: 'Renewal approved' } })),
        'Forbidden: a patient may not set businessStatus of a Task'
      );
      expect(
        (await asDoctor('GET', `Task?focus=${prescription}&status=completed,rejected,accepted`)).body.entry ?? []
      ).toEqual([]);
    });

    it('refuses a PUT or a PATCH to completed or rejected, and leaves the request as it was', async () => {
      const task = await requested();
      expectRefused(await asPatient('PUT', `Task/${task.id}`, { ...task, status: 'completed' }), REFUSED_UPDATE);
      expectRefused(
        await asPatient('PUT', `Task/${task.id}`, {
          ...task,
          status: 'completed',
          businessStatus: { text: 'Renewal approved' },
          output: [{ type: { text: 'Renewed prescription' }, valueReference: { reference: prescription } }],
        }),
        REFUSED_UPDATE
      );
      expectRefused(
        await asPatient('PATCH', `Task/${task.id}`, [{ op: 'replace', path: '/status', value: 'rejected' }], {
          'Content-Type': 'application/json-patch+json',
        }),
        REFUSED_UPDATE
      );
      const current = await asPatient('GET', `Task/${task.id}`);
      expect(current.body.status).toBe('requested');
      expect(current.body.meta.versionId).toBe(task.meta.versionId);
    });

    it('refuses the same change inside a transaction Bundle', async () => {
      const task = await requested();
      const res = await asPatient('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            resource: { ...task, status: 'completed' },
            request: { method: 'PUT', url: `Task/${task.id}` },
          },
        ],
      });
      expect(res.status).toBe(403);
      expect(res.body.resourceType).toBe('OperationOutcome');
      expect((await asPatient('GET', `Task/${task.id}`)).body.status).toBe('requested');
    });
  });

  describe('when the patient withdraws a request', () => {
    it('may cancel it while it is open, changing nothing else', async () => {
      const task = await requested();
      expectRefused(
        await asPatient('PUT', `Task/${task.id}`, {
          ...task,
          status: 'cancelled',
          owner: { reference: patient.profile },
        }),
        REFUSED_UPDATE
      );
      const res = await asPatient('PUT', `Task/${task.id}`, { ...task, status: 'cancelled' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('cancelled');
    });

    it('may not cancel it once the clinic has answered, nor cancel a Task the clinic made', async () => {
      const task = await requested();
      const approved = await asDoctor('PUT', `Task/${task.id}`, { ...task, status: 'completed' });
      expect(approved.status).toBe(200);
      expectRefused(
        await asPatient('PUT', `Task/${task.id}`, { ...approved.body, status: 'cancelled' }),
        REFUSED_UPDATE
      );

      const clinics = await asDoctor(
        'POST',
        'Task',
        renewal({ code: { text: 'Book a follow-up' }, requester: { reference: doctor.profile } })
      );
      expect(clinics.status).toBe(201);
      expectRefused(
        await asPatient('PUT', `Task/${clinics.body.id}`, { ...clinics.body, status: 'cancelled' }),
        'Forbidden: a patient may not update Task'
      );
    });
  });

  describe('when the practitioner answers', () => {
    it('finds the requests owned by them and the unassigned ones, and approves one with a new prescription', async () => {
      const mine = await requested();
      const unassigned = await requested({ owner: undefined });
      const owned = (await asDoctor('GET', `Task?owner=${doctor.profile}&status=requested`)).body;
      expect(owned.entry.map((e: any) => e.resource.id)).toContain(mine.id);
      const clinic = (await asDoctor('GET', 'Task?owner:missing=true&status=requested')).body;
      expect(clinic.entry.map((e: any) => e.resource.id)).toEqual([unassigned.id]);

      const res = await asDoctor('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:5e0c5f3a-6d4e-4b7a-9a57-0c1b3f0e2d11',
            resource: {
              resourceType: 'MedicationRequest',
              status: 'active',
              intent: 'order',
              medicationCodeableConcept: { text: 'Lisinopril 10 mg' },
              subject: { reference: patient.profile },
              requester: { reference: doctor.profile },
              priorPrescription: { reference: prescription },
            },
            request: { method: 'POST', url: 'MedicationRequest' },
          },
          {
            resource: {
              ...mine,
              status: 'completed',
              businessStatus: { text: 'Renewal approved' },
              output: [
                {
                  type: { text: 'Renewed prescription' },
                  valueReference: { reference: 'urn:uuid:5e0c5f3a-6d4e-4b7a-9a57-0c1b3f0e2d11' },
                },
              ],
            },
            request: { method: 'PUT', url: `Task/${mine.id}` },
          },
        ],
      });
      expect(res.status).toBe(200);
      const seen = (await asPatient('GET', `Task/${mine.id}`)).body;
      expect(seen.status).toBe('completed');
      const renewed = seen.output[0].valueReference.reference;
      expect(renewed).toMatch(/^MedicationRequest\/[0-9a-f-]{36}$/);
      expect((await asPatient('GET', renewed)).body.priorPrescription.reference).toBe(prescription);
    });

    it('declines one with a reason the patient reads', async () => {
      const task = await requested();
      const res = await asDoctor('PUT', `Task/${task.id}`, {
        ...task,
        status: 'rejected',
        statusReason: { text: 'Please book a blood test first' },
      });
      expect(res.status).toBe(200);
      const seen = (await asPatient('GET', `Task/${task.id}`)).body;
      expect(seen.status).toBe('rejected');
      expect(seen.statusReason.text).toBe('Please book a blood test first');
    });
  });
});
