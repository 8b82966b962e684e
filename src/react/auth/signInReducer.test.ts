import { describe, expect, it } from 'vitest';
import { OperationOutcomeError, errorOutcome } from '../../fhir/outcomes';
import { toFormErrors, stripIndices } from './formErrors';
import { defaultSignInMessages } from './messages';
import { getScopeOptions } from './scopes';
import {
  getInitialSignInState,
  nextSignInStep,
  SignInActionType,
  signInReducer,
  type SignInState,
} from './signInReducer';
import { filterMemberships } from './useSignIn';

const at = (step: SignInState['step'], extra: Partial<SignInState> = {}): SignInState => ({
  ...getInitialSignInState(),
  step,
  ...extra,
});

describe('nextSignInStep', () => {
  it('orders MFA enroll, MFA verify, profile, project, scope, then the code exchange', () => {
    expect(nextSignInStep({ login: 'L', mfaEnrollRequired: true, mfaRequired: true }, 'password', {})).toBe(
      'mfa-enroll'
    );
    expect(nextSignInStep({ login: 'L', mfaRequired: true }, 'password', {})).toBe('mfa-verify');
    expect(nextSignInStep({ login: 'L', memberships: [{ id: 'M' }] }, 'password', {})).toBe('choose-profile');
    expect(nextSignInStep({ login: 'L' }, 'password', { projectId: 'new' })).toBe('create-project');
    expect(nextSignInStep({ login: 'L', code: 'C' }, 'create-project', { projectId: 'new' })).toBe('exchange');
    expect(nextSignInStep({ login: 'L', code: 'C' }, 'password', { chooseScopes: true })).toBe('choose-scope');
    expect(nextSignInStep({ login: 'L', code: 'C' }, 'choose-scope', { chooseScopes: true })).toBe('exchange');
    expect(nextSignInStep({ login: 'L', code: 'C' }, 'password', {})).toBe('exchange');
    expect(nextSignInStep({ login: 'L' }, 'password', {})).toBe('unexpected');
  });

  it("puts an external sign-in that waits for the account's password on the link step", () => {
    expect(nextSignInStep({ login: 'L', linkRequired: true }, 'email', {})).toBe('link');
    expect(nextSignInStep({ login: 'L', linkRequired: true }, 'email', { chooseScopes: true })).toBe('link');
  });
});

describe('signInReducer', () => {
  it('starts on the email step with requested scopes ticked', () => {
    const state = getInitialSignInState({ scope: 'openid patient/Condition.rs' });
    expect(state.step).toBe('email');
    expect(state.values.scopes).toEqual(['openid', 'patient/Condition.rs']);
  });

  it('clears a field error when the field changes', () => {
    const state = signInReducer(at('email', { fieldErrors: { email: 'Email is required' } }), {
      type: SignInActionType.FieldChanged,
      field: 'email',
      value: 'a',
    });
    expect(state.fieldErrors).toEqual({});
    expect(state.values.email).toBe('a');
  });

  it('keeps what was typed when a request fails', () => {
    const typed = at('password', {
      values: { ...getInitialSignInState().values, email: 'a@b.c', password: 'pw' },
      loading: true,
    });
    const state = signInReducer(typed, {
      type: SignInActionType.RequestFailed,
      fieldErrors: { password: 'Wrong' },
      issues: [],
    });
    expect(state.values).toEqual(typed.values);
    expect(state.loading).toBe(false);
    expect(state.fieldErrors.password).toBe('Wrong');
  });

  it('turns a failure on an MFA step into the MFA alert', () => {
    const state = signInReducer(at('mfa-verify', { loading: true }), {
      type: SignInActionType.RequestFailed,
      fieldErrors: { mfaCode: 'Invalid MFA token' },
      issues: [],
    });
    expect(state.mfaError).toBe('Invalid MFA token');
    expect(state.fieldErrors).toEqual({});
  });

  it('keeps the login and memberships of a response and clears the MFA code on a new step', () => {
    const state = signInReducer(at('password', { values: { ...getInitialSignInState().values, mfaCode: '1' } }), {
      type: SignInActionType.ResponseReceived,
      response: { login: 'L1', memberships: [{ id: 'M1' }] },
      config: {},
      unexpectedMessage: 'x',
    });
    expect(state).toMatchObject({ step: 'choose-profile', login: 'L1', memberships: [{ id: 'M1' }], loading: false });
    expect(state.values.mfaCode).toBe('');
  });

  it('reports a dead-end answer', () => {
    const state = signInReducer(at('password', { loading: true }), {
      type: SignInActionType.ResponseReceived,
      response: {},
      config: {},
      unexpectedMessage: 'Sign-in could not be completed.',
    });
    expect(state).toMatchObject({ step: 'password', loading: false, issues: ['Sign-in could not be completed.'] });
  });

  it('goes to success after the code exchange', () => {
    expect(signInReducer(at('password', { loading: true }), { type: SignInActionType.CodeExchanged })).toMatchObject({
      step: 'success',
      loading: false,
    });
  });
});

describe('toFormErrors', () => {
  const fields = ['email', 'password', 'firstName'] as const;
  it('maps issues by expression with array indices ignored, the rest to the list', () => {
    const error = new OperationOutcomeError({
      resourceType: 'OperationOutcome',
      issue: [
        { severity: 'error', code: 'invalid', details: { text: 'Bad name' }, expression: ['firstName[0]'] },
        { severity: 'error', code: 'invalid', details: { text: 'Bad email' }, expression: ['email'] },
        { severity: 'error', code: 'invalid', diagnostics: 'Other', expression: ['name[1].given[0]'] },
      ],
    });
    expect(toFormErrors(error, fields, defaultSignInMessages)).toEqual({
      fieldErrors: { firstName: 'Bad name', email: 'Bad email' },
      issues: ['Other'],
    });
  });

  it('maps aliases, network failures and server errors', () => {
    expect(
      toFormErrors(
        new OperationOutcomeError(errorOutcome('Invalid token', 'invalid', 'token')),
        ['mfaCode'],
        defaultSignInMessages,
        {
          token: 'mfaCode',
        }
      ).fieldErrors
    ).toEqual({ mfaCode: 'Invalid token' });
    expect(toFormErrors(new TypeError('Failed to fetch'), fields, defaultSignInMessages).issues).toEqual([
      defaultSignInMessages.networkError,
    ]);
    expect(
      toFormErrors(new OperationOutcomeError(errorOutcome('boom', 'exception')), fields, defaultSignInMessages).issues
    ).toEqual([defaultSignInMessages.serverError]);
  });

  it('strips indices', () => {
    expect(stripIndices('name[0].given[12]')).toBe('name.given');
  });
});

describe('scope options and profile filter', () => {
  it('adds unchecked category sub-filters only for Condition and Observation', () => {
    const options = getScopeOptions('openid patient/Observation.rs user/Patient.r');
    expect(options.filter((o) => o.defaultChecked).map((o) => o.scope)).toEqual([
      'openid',
      'patient/Observation.rs',
      'user/Patient.r',
    ]);
    expect(options.filter((o) => !o.defaultChecked).every((o) => o.parent === 'patient/Observation.rs')).toBe(true);
    expect(options.filter((o) => !o.defaultChecked)).toHaveLength(9);
  });

  it('shows at most 10 profiles matching the search', () => {
    const memberships = Array.from({ length: 15 }, (_, i) => ({ id: `M${i}`, profile: { display: `P${i}` } }));
    expect(filterMemberships(memberships, '')).toHaveLength(10);
    expect(filterMemberships(memberships, 'p1')).toHaveLength(6);
  });
});
