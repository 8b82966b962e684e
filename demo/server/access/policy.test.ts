import { describe, expect, it } from 'vitest';
import type { RequestAuth } from '../core/request-auth';
import { computeCompartments } from './compartment';
import { assertCanCreate, assertCanDelete, assertCanUpdate, canReadRow, projectOfWrite, readScope } from './policy';

const patientAuth: RequestAuth = {
  login: 'l',
  user: 'u',
  project: 'p',
  membership: 'm',
  profile: 'Patient/a',
  patientId: 'a',
  admin: false,
  superAdmin: false,
  scope: 'openid',
};
const doctorAuth: RequestAuth = { ...patientAuth, profile: 'Practitioner/d', patientId: undefined };

describe('access policy', () => {
  it('computes compartments from subject, participant actors, Binary author and securityContext', () => {
    expect(
      computeCompartments({
        resourceType: 'Appointment',
        participant: [{ actor: { reference: 'Patient/a' } }, { actor: { reference: 'Practitioner/d' } }],
      })
    ).toEqual(['Patient/a']);
    expect(
      computeCompartments({
        resourceType: 'Communication',
        sender: { reference: 'Patient/a' },
        recipient: [{ reference: 'Patient/b' }],
      })
    ).toEqual(['Patient/a', 'Patient/b']);
    expect(
      computeCompartments({
        resourceType: 'Binary',
        meta: { author: { reference: 'Patient/c' } },
        securityContext: { reference: 'http://x/fhir/R4/Patient/a' },
      })
    ).toEqual(['Patient/a', 'Patient/c']);
  });
  it('scopes reads by role, always within the caller’s project', () => {
    expect(readScope(patientAuth, 'Slot')).toEqual({ kind: 'within', required: ['Project/p'] });
    expect(readScope(patientAuth, 'Observation')).toEqual({ kind: 'within', required: ['Project/p', 'Patient/a'] });
    expect(readScope(patientAuth, 'User')).toEqual({ kind: 'none' });
    expect(readScope(doctorAuth, 'Observation')).toEqual({ kind: 'within', required: ['Project/p'] });
    expect(readScope(doctorAuth, 'Login')).toEqual({ kind: 'none' });
    expect(readScope(undefined, 'Login')).toEqual({ kind: 'all' });
    expect(canReadRow(patientAuth, 'Observation', ['Patient/b', 'Project/p'])).toBe(false);
    expect(canReadRow(patientAuth, 'Observation', ['Patient/a', 'Project/p'])).toBe(true);
    expect(canReadRow(patientAuth, 'Observation', ['Patient/a', 'Project/q'])).toBe(false);
    expect(canReadRow(doctorAuth, 'Observation', ['Patient/a'])).toBe(false);
  });
  it('stores a signed-in write in the caller’s project, whatever meta.project says', () => {
    const obs = { resourceType: 'Observation', meta: { project: 'q' } };
    expect(projectOfWrite(doctorAuth, obs, 'demo')).toBe('p');
    expect(projectOfWrite(undefined, obs, 'demo')).toBe('q');
    expect(projectOfWrite(undefined, { resourceType: 'Observation' }, 'demo')).toBe('demo');
    expect(projectOfWrite(undefined, { resourceType: 'User' }, 'demo')).toBeUndefined();
    expect(computeCompartments({ resourceType: 'Observation', meta: { project: 'p' } })).toEqual(['Project/p']);
  });
  it('lets a patient create only their own clinical writes', () => {
    expect(() =>
      assertCanCreate(patientAuth, { resourceType: 'Observation', subject: { reference: 'Patient/a' } })
    ).not.toThrow();
    expect(() =>
      assertCanCreate(patientAuth, { resourceType: 'Observation', subject: { reference: 'Patient/b' } })
    ).toThrow(/another patient|signed-in patient/);
    expect(() =>
      assertCanCreate(patientAuth, { resourceType: 'CarePlan', subject: { reference: 'Patient/a' } })
    ).toThrow(/may not create CarePlan/);
    expect(() => assertCanCreate(doctorAuth, { resourceType: 'CarePlan' })).not.toThrow();
    expect(() => assertCanDelete(patientAuth, { resourceType: 'Observation' })).toThrow(/may not delete/);
  });
  it('checks Patient field changes and the slot booking rule', () => {
    const me = { resourceType: 'Patient', id: 'a', active: true, telecom: [{ system: 'email', value: 'a@x' }] };
    expect(() => assertCanUpdate(patientAuth, me, { ...me, gender: 'female', address: [{ city: 'X' }] })).not.toThrow();
    expect(() => assertCanUpdate(patientAuth, me, { ...me, active: false })).toThrow(/only name/);
    expect(() => assertCanUpdate(patientAuth, me, { ...me, telecom: [{ system: 'email', value: 'b@x' }] })).toThrow(
      /email/
    );
    const slot = { resourceType: 'Slot', id: 's', status: 'free', start: 'x' };
    const appt = {
      resourceType: 'Appointment',
      slot: [{ reference: 'Slot/s' }],
      participant: [{ actor: { reference: 'Patient/a' } }],
    };
    expect(() => assertCanUpdate(patientAuth, slot, { ...slot, status: 'busy' })).toThrow(/transaction/);
    expect(() =>
      assertCanUpdate(patientAuth, slot, { ...slot, status: 'busy' }, { createdInTransaction: [appt] })
    ).not.toThrow();
    expect(() =>
      assertCanUpdate(patientAuth, slot, { ...slot, status: 'busy', start: 'y' }, { createdInTransaction: [appt] })
    ).toThrow(/only the slot status/);
    expect(() =>
      assertCanUpdate(
        patientAuth,
        { ...slot, status: 'busy' },
        { ...slot, status: 'busy' },
        { createdInTransaction: [appt] }
      )
    ).toThrow(/free slot/);
  });
  it("puts a patient's own Subscription in their compartment and lets them manage only that", () => {
    const mine = {
      resourceType: 'Subscription',
      status: 'active',
      criteria: 'Communication?recipient=Patient/a',
      channel: { type: 'websocket' },
      meta: { author: { reference: 'Patient/a' } },
    };
    expect(computeCompartments(mine)).toEqual(['Patient/a']);
    expect(computeCompartments({ ...mine, meta: { author: { reference: 'Practitioner/d' } } })).toEqual([]);
    expect(() => assertCanCreate(patientAuth, mine)).not.toThrow();
    expect(() => assertCanCreate(patientAuth, { ...mine, channel: { type: 'rest-hook' } })).toThrow(/websocket/);
    expect(() => assertCanCreate(patientAuth, { ...mine, criteria: 'Login' })).toThrow(/not accessible/);
    expect(() => assertCanCreate(patientAuth, { ...mine, criteria: 'Communication?nope=1' })).toThrow(/nope/);
    expect(() => assertCanUpdate(patientAuth, mine, { ...mine, status: 'off' })).not.toThrow();
    expect(() => assertCanDelete(patientAuth, mine)).not.toThrow();
    const doctors = { ...mine, meta: { author: { reference: 'Practitioner/d' } } };
    expect(() => assertCanDelete(patientAuth, doctors)).toThrow(/may not delete/);
    expect(() => assertCanUpdate(patientAuth, doctors, { ...doctors, status: 'off' })).toThrow(/may not update/);
  });
});
