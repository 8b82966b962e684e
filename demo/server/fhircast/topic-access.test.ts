// The FHIRcast topic rule on its own: whose a name is, and what scopes and a policy let through.
import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import type { RequestAuth } from '../core/request-auth';
import { decideTopicAccess, topicOwner, type TopicAccessRequest } from './topic-access';

const doctor: RequestAuth = {
  login: 'l1',
  user: 'u1',
  project: 'p1',
  membership: 'm1',
  profile: 'Practitioner/d1',
  admin: false,
  superAdmin: false,
  scope: 'openid profile',
};
const patient = { key: 'patient', resource: { resourceType: 'Patient', id: 'pat' } };
const ask = (over: Partial<TopicAccessRequest>) =>
  decideTopicAccess({ auth: doctor, policy: undefined, topic: 'staff-d1', action: 'read', events: [], ...over });

describe('topicOwner', () => {
  it('names the profile of staff- and patient- topics, with or without a label', () => {
    expect(topicOwner('staff-d1')).toBe('Practitioner/d1');
    expect(topicOwner('staff-d1_tab-2')).toBe('Practitioner/d1');
    expect(topicOwner('patient-0d3e.1')).toBe('Patient/0d3e.1');
  });

  it('names no one for other prefixes, empty or malformed parts, and over-long names', () => {
    for (const topic of [
      'staff',
      'staff-',
      'staff-_x',
      'staff-d1_',
      'staff-d1_a_b',
      'staff-d1_a.b',
      'Staff-d1',
      'doctor-d1',
      'constructor-d1',
      '__proto__-d1',
      `staff-${'a'.repeat(65)}`,
      `staff-d1_${'a'.repeat(65)}`,
      `staff-d1_${'a'.repeat(10_000)}`,
    ])
      expect(topicOwner(topic)).toBeUndefined();
  });
});

describe('decideTopicAccess', () => {
  it('allows the owner and refuses anyone else, whatever they are allowed besides', () => {
    expect(ask({})).toEqual({ allowed: true });
    expect(ask({ auth: { ...doctor, admin: true, profile: 'Practitioner/d2' } })).toEqual({
      allowed: false,
      reason: 'Forbidden: this FHIRcast topic belongs to another user',
    });
    expect(ask({ auth: { ...doctor, profile: 'Patient/d1' } }).allowed).toBe(false);
  });

  it("needs read on each type the context carries, a Bundle's entries included, under the policy", () => {
    const frontDesk: AccessPolicy = { resourceType: 'AccessPolicy', resource: [{ resourceType: 'Patient' }] };
    expect(ask({ policy: frontDesk, events: ['Patient-open'], context: [patient] })).toEqual({ allowed: true });
    const encounter = { key: 'encounter', resource: { resourceType: 'Encounter', id: 'e' } };
    expect(ask({ policy: frontDesk, events: ['Patient-open'], context: [patient, encounter] })).toEqual({
      allowed: false,
      reason: 'Forbidden: this FHIRcast context holds Encounter you may not read',
    });
    const updates = {
      key: 'updates',
      resource: { resourceType: 'Bundle', id: 'b', entry: [{ resource: { resourceType: 'Observation', id: 'o' } }] },
    };
    expect(ask({ policy: frontDesk, context: [patient, updates] }).allowed).toBe(false);
    expect(
      ask({ policy: frontDesk, context: [patient, { ...updates, resource: { ...updates.resource, entry: [{}] } }] })
        .allowed
    ).toBe(false);
    // Subscribing is judged by the types the events must carry.
    expect(ask({ policy: frontDesk, action: 'subscribe', events: ['Patient-open', 'Patient-close'] }).allowed).toBe(
      true
    );
    expect(ask({ policy: frontDesk, action: 'subscribe', events: ['ImagingStudy-open'] }).allowed).toBe(false);
  });

  it('narrows by resource scopes and by FHIRcast scopes, read or write as the action needs', () => {
    const scoped = (scope: string, over: Partial<TopicAccessRequest> = {}) =>
      ask({ auth: { ...doctor, scope }, events: ['Patient-open'], context: [patient], ...over }).allowed;
    expect(scoped('openid user/Observation.read')).toBe(false);
    expect(scoped('openid user/Patient.read')).toBe(true);
    expect(scoped('openid user/*.rs')).toBe(true);
    expect(scoped('openid fhircast/Patient-open.read')).toBe(true);
    expect(scoped('openid fhircast/Patient-close.read')).toBe(false);
    expect(scoped('openid fhircast/Patient-open.read', { action: 'publish' })).toBe(false);
    expect(scoped('openid fhircast/Patient-open.write', { action: 'publish' })).toBe(true);
    expect(scoped('openid fhircast/*.*', { action: 'publish' })).toBe(true);
  });
});
