import {
  getTypeFieldAccess,
  canPerformInteraction,
  canReadResource,
  canReadResourceType,
  canWriteResource,
  canWriteResourceType,
  findAccessPolicyRule,
  isFieldHidden,
  isFieldReadonly,
  normalizeFieldPath,
  type AccessPolicy,
} from './access-policy';
import type { Binary, ExtendedMeta, Observation, Patient } from './types';

const policy = (...resource: NonNullable<AccessPolicy['resource']>): AccessPolicy => ({
  resourceType: 'AccessPolicy',
  resource,
});

const alice: Patient = {
  resourceType: 'Patient',
  id: 'a',
  meta: { compartment: [{ reference: 'Patient/a' }] } as ExtendedMeta,
};
const bob: Patient = {
  resourceType: 'Patient',
  id: 'b',
  meta: { compartment: [{ reference: 'Patient/b' }] } as ExtendedMeta,
};
const finalObs: Observation = { resourceType: 'Observation', id: 'o', status: 'final', code: {} };

describe('canPerformInteraction', () => {
  describe('when there is no policy', () => {
    it('allows everything', () => {
      expect(canPerformInteraction(undefined, 'delete', 'Project')).toBe(true);
      expect(canWriteResource(undefined, alice)).toBe(true);
    });
  });

  describe('when a rule names the type', () => {
    it('allows that type only', () => {
      const p = policy({ resourceType: 'Patient' });
      expect(canReadResourceType(p, 'Patient')).toBe(true);
      expect(canReadResourceType(p, 'Observation')).toBe(false);
      expect(canPerformInteraction(policy(), 'read', 'Patient')).toBe(false);
    });
  });

  describe('when the rule is a wildcard', () => {
    it('covers every type but the protected ones', () => {
      const p = policy({ resourceType: '*' });
      expect(canReadResourceType(p, 'Observation')).toBe(true);
      for (const type of ['UserSecurityRequest', 'Project', 'ProjectMembership', 'User']) {
        expect(canReadResourceType(p, type)).toBe(false);
      }
      expect(canReadResourceType(policy({ resourceType: '*' }, { resourceType: 'Project' }), 'Project')).toBe(true);
    });
  });

  describe('when the rule lists interactions or is readonly', () => {
    it('allows only those', () => {
      const listed = policy({ resourceType: 'Patient', interaction: ['read', 'search'] });
      expect(canPerformInteraction(listed, 'search', 'Patient')).toBe(true);
      expect(canPerformInteraction(listed, 'update', 'Patient')).toBe(false);
      const readonly = policy({ resourceType: 'Patient', readonly: true });
      for (const i of ['read', 'vread', 'history', 'search'] as const)
        expect(canPerformInteraction(readonly, i, 'Patient')).toBe(true);
      for (const i of ['create', 'update', 'patch', 'delete'] as const)
        expect(canPerformInteraction(readonly, i, 'Patient')).toBe(false);
      expect(canWriteResourceType(readonly, 'Patient')).toBe(false);
      expect(canWriteResourceType(policy({ resourceType: 'Patient', interaction: ['create'] }), 'Patient')).toBe(true);
    });
  });

  describe('when the rule has a compartment', () => {
    it('allows only resources in it', () => {
      const p = policy({ resourceType: 'Patient', compartment: { reference: 'Patient/a' } });
      expect(canReadResource(p, alice)).toBe(true);
      expect(canReadResource(p, bob)).toBe(false);
      expect(canReadResource(p, { resourceType: 'Patient', id: 'c' })).toBe(false);
      expect(canReadResourceType(p, 'Patient')).toBe(true);
    });
  });

  describe('when the rule has criteria', () => {
    it('allows only matching resources', () => {
      const p = policy({ resourceType: 'Observation', criteria: 'Observation?status=final' });
      expect(canReadResource(p, finalObs)).toBe(true);
      expect(canReadResource(p, { ...finalObs, status: 'preliminary' })).toBe(false);
      const wildcard = policy({ resourceType: '*', criteria: '*?_id=a' });
      expect(canReadResource(wildcard, alice)).toBe(true);
      expect(canReadResource(wildcard, bob)).toBe(false);
    });

    it('denies, with a warning, when the criteria cannot be parsed', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(canReadResource(policy({ resourceType: 'Observation', criteria: 'Observation?date=x' }), finalObs)).toBe(
        false
      );
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Invalid format for date search parameter: x'));
      warn.mockRestore();
    });
  });

  describe('when the resource is a Binary', () => {
    it('skips compartment and criteria', () => {
      const binary: Binary = { resourceType: 'Binary', id: 'x', contentType: 'text/plain' };
      const p = policy({
        resourceType: 'Binary',
        compartment: { reference: 'Patient/a' },
        criteria: 'Binary?_id=nope',
      });
      expect(canReadResource(p, binary)).toBe(true);
    });
  });

  describe('when several rules apply', () => {
    it('returns the first that allows the interaction', () => {
      const p = policy(
        { resourceType: 'Patient', readonly: true },
        { resourceType: 'Patient', compartment: { reference: 'Patient/a' } }
      );
      expect(findAccessPolicyRule(p, 'update', alice)).toBe(p.resource?.[1]);
      expect(canWriteResource(p, bob)).toBe(false);
    });
  });
});

describe('field rules', () => {
  const p = policy({
    resourceType: 'Patient',
    hiddenFields: ['identifier'],
    readonlyFields: ['telecom', 'name.family'],
  });

  describe('when a field is hidden', () => {
    it('hides it and its children, ignoring indices and the type prefix', () => {
      expect(isFieldHidden(p, 'Patient', 'identifier')).toBe(true);
      expect(isFieldHidden(p, 'Patient', 'Patient.identifier[0].value')).toBe(true);
      expect(isFieldHidden(p, 'Patient', 'identifierx')).toBe(false);
      expect(isFieldHidden(p, alice, 'name')).toBe(false);
      expect(isFieldReadonly(p, 'Patient', 'identifier')).toBe(true);
    });
  });

  describe('when a field is read-only', () => {
    it('marks it and its children', () => {
      expect(isFieldReadonly(p, 'Patient', 'telecom[1].value')).toBe(true);
      expect(isFieldReadonly(p, 'Patient', 'name.family')).toBe(true);
      expect(isFieldReadonly(p, 'Patient', 'name.given')).toBe(false);
    });
  });

  describe('when the whole rule is readonly or absent', () => {
    it('makes every field read-only, and hidden without a rule', () => {
      expect(isFieldReadonly(policy({ resourceType: 'Patient', readonly: true }), 'Patient', 'name')).toBe(true);
      expect(isFieldHidden(policy(), 'Patient', 'name')).toBe(true);
      expect(isFieldHidden(undefined, 'Patient', 'name')).toBe(false);
      expect(isFieldReadonly(undefined, 'Patient', 'name')).toBe(false);
    });
  });

  describe('when two rules disagree', () => {
    it('shows what either rule shows', () => {
      const two = policy({ resourceType: 'Patient', hiddenFields: ['name'] }, { resourceType: '*' });
      expect(isFieldHidden(two, 'Patient', 'name')).toBe(false);
    });
  });

  it('normalizes paths', () => {
    expect(normalizeFieldPath('Patient', 'Patient.name[12].given[]')).toBe('name.given');
  });
});

describe('getTypeFieldAccess', () => {
  it('answers the field rules of a type without reading a resource', () => {
    const policy = {
      resourceType: 'AccessPolicy' as const,
      resource: [
        { resourceType: 'Patient', hiddenFields: ['birthDate'], readonlyFields: ['telecom'] },
        { resourceType: 'Practitioner', readonly: true },
      ],
    };
    const patient = getTypeFieldAccess(policy, 'Patient');
    expect(patient.isHidden('birthDate')).toBe(true);
    expect(patient.isHidden('Patient.name[0].given')).toBe(false);
    expect(patient.isReadonly('telecom.value')).toBe(true);
    expect(patient.isReadonly('name')).toBe(false);
    expect(getTypeFieldAccess(policy, 'Practitioner').isReadonly('name')).toBe(true);
    expect(getTypeFieldAccess(undefined, 'Patient').isReadonly('telecom')).toBe(false);
  });
});
