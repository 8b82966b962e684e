import type { MedicationRequest, Task } from 'fhir-portal-kit';
import { describe, expect, it } from 'vitest';
import { approvalBundle, declinedTask, latestRenewals, renewalStatusText, RENEWAL_CODE } from './renewal-task';

const task = (extra: Partial<Task> = {}): Task => ({
  resourceType: 'Task',
  id: 't1',
  meta: { versionId: '3' },
  status: 'requested',
  intent: 'order',
  code: RENEWAL_CODE,
  focus: { reference: 'MedicationRequest/m1' },
  for: { reference: 'Patient/p1' },
  requester: { reference: 'Patient/p1' },
  authoredOn: '2026-11-28T10:00:00Z',
  ...extra,
});

const prior: MedicationRequest = {
  resourceType: 'MedicationRequest',
  id: 'm1',
  meta: { versionId: '7' },
  status: 'active',
  intent: 'order',
  medicationCodeableConcept: { text: 'Metformin 500 mg oral tablet' },
  subject: { reference: 'Patient/p1' },
  authoredOn: '2026-10-29T15:00:00Z',
  requester: { reference: 'Practitioner/old', display: 'Dr. Old' },
  dosageInstruction: [{ text: 'Take 1 tablet by mouth twice daily with meals' }],
  dispenseRequest: { numberOfRepeatsAllowed: 3 },
};

const doctor = { reference: 'Practitioner/d1', display: 'Dr. Julia Hibbert' };
const now = new Date('2026-11-28T12:00:00Z');

describe('renewalStatusText', () => {
  it('says requested while open, approved when completed, declined with the reason when rejected', () => {
    expect(renewalStatusText(task())).toBe('Renewal requested');
    expect(renewalStatusText(task({ status: 'in-progress' }))).toBe('Renewal requested');
    expect(renewalStatusText(task({ status: 'completed' }))).toBe('Renewal approved');
    expect(renewalStatusText(task({ status: 'rejected', statusReason: { text: ' Book a blood test first ' } }))).toBe(
      'Renewal declined: Book a blood test first'
    );
    expect(renewalStatusText(task({ status: 'rejected' }))).toBe('Renewal declined');
  });

  it('says nothing of a withdrawn request or none', () => {
    expect(renewalStatusText(task({ status: 'cancelled' }))).toBeUndefined();
    expect(renewalStatusText(undefined)).toBeUndefined();
  });
});

describe('latestRenewals', () => {
  it('keeps the newest request of each prescription', () => {
    const older = task({ id: 'a', status: 'rejected', authoredOn: '2026-11-01T00:00:00Z' });
    const newer = task({ id: 'b', authoredOn: '2026-11-20T00:00:00Z' });
    const other = task({ id: 'c', focus: { reference: 'MedicationRequest/m2' } });
    const latest = latestRenewals([newer, older, other]);
    expect(latest.get('MedicationRequest/m1')?.id).toBe('b');
    expect(latest.get('MedicationRequest/m2')?.id).toBe('c');
    expect(latest.size).toBe(2);
  });
});

describe('approvalBundle', () => {
  it('renews the prescription, completes the old one and the Task, each with If-Match', () => {
    const bundle = approvalBundle(task(), prior, doctor, now);
    expect(bundle.type).toBe('transaction');
    const [renewed, old, answered] = bundle.entry!;
    expect(renewed!.request).toEqual({ method: 'POST', url: 'MedicationRequest' });
    expect(renewed!.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(renewed!.resource).toEqual({
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Metformin 500 mg oral tablet' },
      subject: { reference: 'Patient/p1' },
      authoredOn: '2026-11-28T12:00:00.000Z',
      requester: doctor,
      dosageInstruction: [{ text: 'Take 1 tablet by mouth twice daily with meals' }],
      dispenseRequest: { numberOfRepeatsAllowed: 3 },
      priorPrescription: { reference: 'MedicationRequest/m1' },
    });
    expect(old!.request).toEqual({ method: 'PUT', url: 'MedicationRequest/m1', ifMatch: 'W/"7"' });
    expect(old!.resource).toEqual({ ...prior, status: 'completed' });
    expect(answered!.request).toEqual({ method: 'PUT', url: 'Task/t1', ifMatch: 'W/"3"' });
    expect(answered!.resource).toMatchObject({
      status: 'completed',
      businessStatus: { text: 'Renewal approved' },
      lastModified: '2026-11-28T12:00:00.000Z',
      output: [{ type: { text: 'Renewed prescription' }, valueReference: { reference: renewed!.fullUrl } }],
    });
  });

  it('assigns an unassigned request to the practitioner who answers it', () => {
    const bundle = approvalBundle(task({ owner: undefined }), prior, doctor, now);
    expect((bundle.entry![2]!.resource as Task).owner).toEqual(doctor);
    expect(
      (approvalBundle(task({ owner: { reference: 'Practitioner/x' } }), prior, doctor, now).entry![2]!.resource as Task)
        .owner
    ).toEqual({
      reference: 'Practitioner/x',
    });
  });
});

describe('declinedTask', () => {
  it('rejects with the reason as the patient will read it', () => {
    expect(declinedTask(task(), '  Book a blood test first ', doctor, now)).toMatchObject({
      status: 'rejected',
      statusReason: { text: 'Book a blood test first' },
      businessStatus: { text: 'Renewal declined' },
      owner: doctor,
    });
  });
});
