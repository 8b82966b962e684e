import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { statusOfOutcome } from '../core/errors';
import { SYSTEM, type Caller, type RequestAuth } from '../core/request-auth';
import { ResourceJson } from '../core/json-text';
import { decideAccess, type AccessDecision } from './decide';
import { FieldMask } from './field-mask';

const member = (accessPolicy?: AccessPolicy): RequestAuth => ({
  login: 'l',
  user: 'u',
  project: 'p1',
  membership: 'm',
  profile: 'Practitioner/d',
  admin: false,
  superAdmin: false,
  scope: 'openid profile',
  accessPolicy,
});

const policy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  resource: [
    { resourceType: 'Patient', criteria: 'Patient?gender=female', hiddenFields: ['address.city', 'deceasedBoolean'] },
  ],
};

const patient = { resourceType: 'Patient', id: 'a', gender: 'female', address: [{ city: 'Springfield', line: ['1'] }] };
const row = { resource: patient, compartments: ['Patient/a', 'Project/p1'] };

function statusOf(decision: AccessDecision): number | 'allowed' {
  return decision.allow ? 'allowed' : statusOfOutcome(decision.outcome.outcome);
}

describe('decideAccess', () => {
  it('refuses what it does not recognise: an interaction, a type, a caller whose policy was never loaded', () => {
    expect(statusOf(decideAccess(member(), 'steal', 'Patient'))).toBe(403);
    expect(statusOf(decideAccess(member(), 'read', 'Nonsense'))).toBe(403);
    const { accessPolicy: _unloaded, ...unloaded } = member();
    expect(statusOf(decideAccess(unloaded, 'read', 'Patient'))).toBe(403);
    expect(statusOf(decideAccess(member(), 'read', 'Patient'))).toBe('allowed');
    expect(statusOf(decideAccess(SYSTEM, 'read', 'User'))).toBe('allowed');
    // No caller is anonymous, never the system.
    expect(statusOf(decideAccess(undefined as unknown as Caller, 'read', 'User'))).toBe(401);
    expect(statusOf(decideAccess('system' as unknown as Caller, 'read', 'User'))).toBe(401);
  });

  it('decides a type with 403 and a stored resource with 404 (its existence is not told)', () => {
    expect(statusOf(decideAccess(member(policy), 'search', 'Observation'))).toBe(403);
    expect(statusOf(decideAccess(member(policy), 'read', 'Patient', row))).toBe('allowed');
    const male = { ...row, resource: { ...patient, gender: 'male' } };
    expect(statusOf(decideAccess(member(policy), 'read', 'Patient', male))).toBe(404);
    const otherProject = { ...row, compartments: ['Patient/a', 'Project/p2'] };
    expect(statusOf(decideAccess(member(), 'read', 'Patient', otherProject))).toBe(404);
  });

  it('reads JSON text only when the policy needs the content', () => {
    const text = new ResourceJson('Patient', 'a', JSON.stringify(patient));
    expect(statusOf(decideAccess(member(policy), 'read', 'Patient', { ...row, resource: text }))).toBe('allowed');
    const broken = new ResourceJson('Patient', 'a', 'not json');
    expect(statusOf(decideAccess(member(), 'read', 'Patient', { ...row, resource: broken }))).toBe('allowed');
  });

  it('hands back the mask: hidden fields removed from a copy', () => {
    const decision = decideAccess(member(policy), 'read', 'Patient', row);
    if (!decision.allow) throw new Error('refused');
    const shown = decision.mask.apply(patient);
    expect(shown.address[0]).toEqual({ line: ['1'] });
    expect(patient.address[0].city).toBe('Springfield');
  });
});

describe('FieldMask', () => {
  const mask = new FieldMask(policy, 'Patient');

  it('tells a read of a hidden field, a parent of one (the root too), a child, or a choice of it', () => {
    for (const path of ['address.city', 'address', '', 'address.city.extension', 'deceasedBoolean', 'deceased[x]']) {
      expect(mask.readsHidden(path), path).toBe(true);
    }
    for (const path of ['address.line', 'name', 'addressee', 'deceasedDateTime', 'birthDate[x]']) {
      expect(mask.readsHidden(path), path).toBe(false);
    }
  });

  it('tells a write of a hidden field or inside it, not of its parent', () => {
    expect(mask.writesHidden('address.city')).toBe(true);
    expect(mask.writesHidden('address.city.value')).toBe(true);
    expect(mask.writesHidden('address')).toBe(false);
    expect(FieldMask.NONE.readsHidden('')).toBe(false);
  });
});
