import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import type { Binary, Observation, Patient } from '../../../src/fhir/types';
import {
  assertPolicyAllows,
  assertReadonlyFieldsUnchanged,
  removeHiddenFields,
  restoreHiddenFields,
  validateAccessPolicy,
} from './access-policy';

/** The outcome a call throws: HTTP-facing text and expression. */
function outcomeOf(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (!isOperationOutcomeError(error)) throw error;
    const issue = error.outcome.issue[0]!;
    return { code: issue.code, text: issue.details?.text, expression: issue.expression?.[0] };
  }
  throw new Error('expected an OperationOutcomeError');
}

const frontDesk: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Front desk',
  resource: [
    { resourceType: 'Patient', readonlyFields: ['telecom'], hiddenFields: ['generalPractitioner'] },
    { resourceType: 'Practitioner', readonly: true },
    {
      resourceType: 'Observation',
      compartment: { reference: 'Patient/p1' },
      criteria: 'Observation?status=final',
      interaction: ['read', 'search'],
    },
    { resourceType: 'Binary', compartment: { reference: 'Patient/p1' }, criteria: 'Binary?_id=nope' },
  ],
};
const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ given: ['Ada'] }],
  telecom: [{ system: 'phone', value: '555' }],
  generalPractitioner: [{ reference: 'Practitioner/d1' }],
};
const obs = (status: Observation['status'], compartment = 'Patient/p1'): Observation => ({
  resourceType: 'Observation',
  id: 'o1',
  status,
  code: { text: 'x' },
  meta: { compartment: [{ reference: compartment }] } as Observation['meta'],
});

describe('server access policy', () => {
  describe('types and interactions', () => {
    it('allows only the listed types; a readonly rule allows only reads', () => {
      expect(() => assertPolicyAllows(frontDesk, 'update', patient)).not.toThrow();
      expect(() => assertPolicyAllows(frontDesk, 'search', 'Practitioner')).not.toThrow();
      expect(outcomeOf(() => assertPolicyAllows(frontDesk, 'update', 'Practitioner'))).toEqual({
        code: 'forbidden',
        text: 'Forbidden: the access policy does not allow update on Practitioner',
        expression: undefined,
      });
      expect(outcomeOf(() => assertPolicyAllows(frontDesk, 'read', 'Condition')).code).toBe('forbidden');
    });

    it('limits to the interaction list', () => {
      expect(() => assertPolicyAllows(frontDesk, 'read', obs('final'))).not.toThrow();
      expect(outcomeOf(() => assertPolicyAllows(frontDesk, 'create', obs('final'))).code).toBe('forbidden');
    });

    it('lets a wildcard cover every type but the protected ones', () => {
      const all: AccessPolicy = { resourceType: 'AccessPolicy', resource: [{ resourceType: '*' }] };
      expect(() => assertPolicyAllows(all, 'delete', 'Condition')).not.toThrow();
      for (const type of ['Project', 'ProjectMembership', 'User', 'UserSecurityRequest']) {
        expect(outcomeOf(() => assertPolicyAllows(all, 'read', type)).code).toBe('forbidden');
      }
    });

    it('allows everything without a policy', () => {
      expect(() => assertPolicyAllows(undefined, 'delete', 'Project')).not.toThrow();
    });
  });

  describe('compartment and criteria', () => {
    it('requires the compartment and a match of the criteria', () => {
      expect(outcomeOf(() => assertPolicyAllows(frontDesk, 'read', obs('final', 'Patient/p2'))).code).toBe('forbidden');
      expect(outcomeOf(() => assertPolicyAllows(frontDesk, 'read', obs('preliminary'))).code).toBe('forbidden');
    });

    it('skips compartment and criteria for Binary', () => {
      const binary: Binary = { resourceType: 'Binary', id: 'b1', contentType: 'text/plain' };
      expect(() => assertPolicyAllows(frontDesk, 'read', binary)).not.toThrow();
    });
  });

  describe('field rules', () => {
    it('removes hidden fields from what is returned, leaving the stored resource as it was', () => {
      const shown = removeHiddenFields(frontDesk, patient);
      expect(shown).not.toHaveProperty('generalPractitioner');
      expect(shown.telecom).toEqual(patient.telecom);
      expect(patient.generalPractitioner).toHaveLength(1);
    });

    it('refuses a write that changes a read-only field, and accepts one that keeps it', () => {
      const changed = { ...patient, telecom: [{ system: 'phone' as const, value: '999' }] };
      expect(outcomeOf(() => assertReadonlyFieldsUnchanged(frontDesk, patient, changed)).text).toBe(
        'Forbidden: Patient.telecom is read-only'
      );
      const renamed = { ...patient, name: [{ given: ['Ada', 'B'] }] };
      expect(() => assertReadonlyFieldsUnchanged(frontDesk, patient, renamed)).not.toThrow();
    });

    it('refuses a hidden field set by hand, and puts the stored one back when the client left it out', () => {
      const crafted = { ...patient, generalPractitioner: [{ reference: 'Practitioner/other' }] };
      expect(outcomeOf(() => assertReadonlyFieldsUnchanged(frontDesk, patient, crafted)).text).toBe(
        'Forbidden: Patient.generalPractitioner is read-only'
      );
      const fromClient = removeHiddenFields(frontDesk, { ...patient, name: [{ given: ['Bea'] }] });
      const restored = restoreHiddenFields(frontDesk, patient, fromClient);
      expect(restored.generalPractitioner).toEqual(patient.generalPractitioner);
      expect(() => assertReadonlyFieldsUnchanged(frontDesk, patient, restored)).not.toThrow();
    });

    it('refuses a create that sets a read-only field', () => {
      expect(outcomeOf(() => assertReadonlyFieldsUnchanged(frontDesk, undefined, patient)).code).toBe('forbidden');
    });
  });

  describe('when a policy is stored', () => {
    it('accepts a well-formed policy', () => {
      expect(validateAccessPolicy(frontDesk)).toBe(frontDesk);
    });

    it.each([
      [{ resourceType: 'Patient' }, 'AccessPolicy', 'resourceType must be AccessPolicy'],
      [{ resource: 'all' }, 'AccessPolicy.resource', 'resource must be a list'],
      [
        { resource: [{ resourceType: 'Nope' }] },
        'AccessPolicy.resource[0].resourceType',
        'unknown resource type "Nope"',
      ],
      [
        { resource: [{ resourceType: 'Patient', interaction: ['read', 'hack'] }] },
        'AccessPolicy.resource[0].interaction[1]',
        'unknown interaction "hack"',
      ],
      [
        { resource: [{ resourceType: 'Patient', readonly: 'yes' }] },
        'AccessPolicy.resource[0].readonly',
        'readonly must be true or false',
      ],
      [
        { resource: [{ resourceType: 'Patient', compartment: { reference: 'not a ref' } }] },
        'AccessPolicy.resource[0].compartment',
        'compartment must be',
      ],
      [
        { resource: [{ resourceType: 'Observation', criteria: 'Patient?name=x' }] },
        'AccessPolicy.resource[0].criteria',
        "criteria must search the rule's resource type",
      ],
      [
        { resource: [{ resourceType: 'Observation', criteria: 'Observation?date=notadate' }] },
        'AccessPolicy.resource[0].criteria',
        'criteria cannot be parsed',
      ],
      [
        { resource: [{ resourceType: 'Patient', hiddenFields: ['name..given'] }] },
        'AccessPolicy.resource[0].hiddenFields[0]',
        'hiddenFields entries must be element paths',
      ],
      [
        { resource: [{ resourceType: 'Patient', readonlyFields: ['a'.repeat(10_000)] }] },
        'AccessPolicy.resource[0].readonlyFields[0]',
        'readonlyFields entries must be element paths',
      ],
    ])('refuses %j with an outcome naming %s', (body, expression, text) => {
      const outcome = outcomeOf(() => validateAccessPolicy({ resourceType: 'AccessPolicy', ...body }));
      expect(outcome.code).toBe('invalid');
      expect(outcome.expression).toBe(expression);
      expect(outcome.text).toContain(text);
    });
  });
});
