import { describe, expect, it } from 'vitest';
import type { RequestAuth } from '../core/request-auth';
import { grantableScope, parseResourceScope, scopeAllows } from './scopes';

const patient = (scope: string): RequestAuth => ({
  login: 'l',
  user: 'u',
  project: 'p',
  membership: 'm',
  profile: 'Patient/a',
  patientId: 'a',
  admin: false,
  superAdmin: false,
  scope,
});

describe('SMART scopes', () => {
  it('parses v1 and v2 forms and refuses letters out of order', () => {
    expect([...parseResourceScope('patient/Observation.read')!.interactions]).toEqual(['r', 's']);
    expect([...parseResourceScope('user/*.write')!.interactions]).toEqual(['c', 'u', 'd']);
    expect([...parseResourceScope('system/Patient.cruds')!.interactions]).toEqual(['c', 'r', 'u', 'd', 's']);
    expect(parseResourceScope('patient/Observation.sr')).toBeUndefined();
    expect(parseResourceScope('patient/Observation.rr')).toBeUndefined();
    expect(parseResourceScope('openid')).toBeUndefined();
  });
  it('lets a first-party session (no resource scope) do what the role allows, and scopes only narrow', () => {
    expect(scopeAllows(patient('openid profile'), 'Observation', 'c')).toBe(true);
    expect(scopeAllows(patient('patient/Observation.read'), 'Observation', 'c')).toBe(false);
    expect(scopeAllows(patient('patient/Observation.read'), 'Communication', 'r')).toBe(false);
    expect(scopeAllows(patient('patient/*.rs'), 'Communication', 's')).toBe(true);
    expect(scopeAllows(patient('system/*.*'), 'Observation', 'r')).toBe(false);
    expect(scopeAllows(patient('patient/Observation.rs?category=vital-signs'), 'Observation', 'r')).toBe(false);
  });
  it('never grants system/ scopes to people, nor patient/ scopes to a practitioner', () => {
    expect(grantableScope('openid system/*.* user/*.* patient/*.read', 'Patient/a')).toBe(
      'openid user/*.* patient/*.read'
    );
    expect(grantableScope('openid patient/*.read user/Observation.rs', 'Practitioner/d')).toBe(
      'openid user/Observation.rs'
    );
    expect(grantableScope('system/*.*', 'ClientApplication/c')).toBe('system/*.*');
  });
});
