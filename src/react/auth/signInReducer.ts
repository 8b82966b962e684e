import type { LoginAuthenticationResponse, LoginMembership } from '../../client/login';
import { getScopeOptions } from './scopes';

/** The steps of the sign-in card, in order. */
export type SignInStep =
  | 'email'
  | 'password'
  // An external sign-in matched an existing account: its password links the provider to it.
  | 'link'
  | 'mfa-enroll'
  | 'mfa-verify'
  | 'choose-profile'
  | 'create-project'
  | 'choose-scope'
  | 'success';

/** Fields of the sign-in flow; server issues whose expression names one are shown under it. */
export type SignInField = 'email' | 'password' | 'remember' | 'mfaCode' | 'projectName' | 'profileSearch';

/** What the user typed; kept across failures. */
export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
  mfaCode: string;
  projectName: string;
  profileSearch: string;
  /** Scopes ticked on the choose-scope step. */
  scopes: readonly string[];
}

/** The whole state of the sign-in flow. */
export interface SignInState {
  readonly step: SignInStep;
  readonly values: SignInValues;
  readonly loading: boolean;
  /** True while the browser leaves for an external identity provider. */
  readonly redirecting: boolean;
  readonly login?: string;
  readonly memberships?: readonly LoginMembership[];
  readonly enrollQrCode?: string;
  readonly fieldErrors: Partial<Record<SignInField, string>>;
  readonly issues: readonly string[];
  /** Set on the MFA steps: shown as a red alert titled 'Error'. */
  readonly mfaError?: string;
}

/** Named state changes of the sign-in flow. */
export const SignInActionType = {
  FieldChanged: 'FIELD_CHANGED',
  ScopeToggled: 'SCOPE_TOGGLED',
  SubmitStarted: 'SUBMIT_STARTED',
  ValidationFailed: 'VALIDATION_FAILED',
  PasswordRequired: 'PASSWORD_REQUIRED',
  RedirectStarted: 'REDIRECT_STARTED',
  ResponseReceived: 'RESPONSE_RECEIVED',
  CodeExchanged: 'CODE_EXCHANGED',
  RequestFailed: 'REQUEST_FAILED',
  EmailChangeRequested: 'EMAIL_CHANGE_REQUESTED',
  Reset: 'RESET',
} as const;

/** Settings of the flow the reducer needs to pick the next step. */
export interface SignInFlowConfig {
  /** 'new' sends the user to the create-project step. */
  readonly projectId?: string;
  /** Show the choose-scope step before the code exchange. */
  readonly chooseScopes?: boolean;
  /** Requested scopes, space separated. */
  readonly scope?: string;
}

/** Every action of the sign-in reducer. */
export type SignInAction =
  | { type: typeof SignInActionType.FieldChanged; field: Exclude<SignInField, 'remember'>; value: string }
  | { type: typeof SignInActionType.FieldChanged; field: 'remember'; value: boolean }
  | { type: typeof SignInActionType.ScopeToggled; scope: string; checked: boolean }
  | { type: typeof SignInActionType.SubmitStarted }
  | { type: typeof SignInActionType.ValidationFailed; fieldErrors: Partial<Record<SignInField, string>> }
  | { type: typeof SignInActionType.PasswordRequired }
  | { type: typeof SignInActionType.RedirectStarted }
  | {
      type: typeof SignInActionType.ResponseReceived;
      response: LoginAuthenticationResponse;
      config: SignInFlowConfig;
      /** Shown when the answer leads nowhere. */
      unexpectedMessage: string;
    }
  | { type: typeof SignInActionType.CodeExchanged }
  | {
      type: typeof SignInActionType.RequestFailed;
      fieldErrors: Partial<Record<SignInField, string>>;
      issues: readonly string[];
    }
  | { type: typeof SignInActionType.EmailChangeRequested }
  | { type: typeof SignInActionType.Reset; config?: SignInFlowConfig };

/** The first state: the email step, with the requested scopes ticked. */
export function getInitialSignInState(config: SignInFlowConfig = {}, values: Partial<SignInValues> = {}): SignInState {
  return {
    step: 'email',
    values: {
      email: '',
      password: '',
      remember: false,
      mfaCode: '',
      projectName: '',
      profileSearch: '',
      scopes: getScopeOptions(config.scope)
        .filter((option) => option.defaultChecked)
        .map((option) => option.scope),
      ...values,
    },
    loading: false,
    redirecting: false,
    fieldErrors: {},
    issues: [],
  };
}

/** What comes after a server answer: another step, the code exchange, or a dead end. */
export function nextSignInStep(
  response: LoginAuthenticationResponse,
  current: SignInStep,
  config: SignInFlowConfig
): SignInStep | 'exchange' | 'unexpected' {
  // The server says nothing else about a login waiting for the link's proof.
  if (response.linkRequired) return 'link';
  if (response.mfaEnrollRequired) return 'mfa-enroll';
  if (response.mfaRequired) return 'mfa-verify';
  if (response.memberships?.length && !response.code) return 'choose-profile';
  if (config.projectId === 'new' && current !== 'create-project' && response.login && !response.code) {
    return 'create-project';
  }
  if (config.chooseScopes && current !== 'choose-scope' && response.login) return 'choose-scope';
  if (response.code) return 'exchange';
  return 'unexpected';
}

const cleared = { fieldErrors: {}, issues: [], mfaError: undefined } as const;

/** The pure state machine of the sign-in card. */
export function signInReducer(state: SignInState, action: SignInAction): SignInState {
  switch (action.type) {
    case SignInActionType.FieldChanged: {
      const { [action.field]: _gone, ...fieldErrors } = state.fieldErrors;
      return { ...state, values: { ...state.values, [action.field]: action.value }, fieldErrors };
    }
    case SignInActionType.ScopeToggled: {
      const others = state.values.scopes.filter((scope) => scope !== action.scope);
      return { ...state, values: { ...state.values, scopes: action.checked ? [...others, action.scope] : others } };
    }
    case SignInActionType.SubmitStarted:
      return { ...state, ...cleared, loading: true };
    case SignInActionType.ValidationFailed:
      return { ...state, loading: false, fieldErrors: action.fieldErrors, issues: [] };
    case SignInActionType.PasswordRequired:
      return { ...state, ...cleared, loading: false, step: 'password' };
    case SignInActionType.RedirectStarted:
      return { ...state, loading: true, redirecting: true };
    case SignInActionType.ResponseReceived: {
      const { response, config } = action;
      const next = nextSignInStep(response, state.step, config);
      const base: SignInState = {
        ...state,
        ...cleared,
        login: response.login ?? state.login,
        memberships: response.memberships ?? state.memberships,
        enrollQrCode: response.enrollQrCode ?? state.enrollQrCode,
      };
      if (next === 'exchange') return { ...base, loading: true };
      if (next === 'unexpected') return { ...base, loading: false, issues: [action.unexpectedMessage] };
      // A new step starts with an empty code field: an MFA code is good once.
      return { ...base, loading: false, step: next, values: { ...base.values, mfaCode: '' } };
    }
    case SignInActionType.CodeExchanged:
      return { ...state, ...cleared, loading: false, step: 'success' };
    case SignInActionType.RequestFailed: {
      const mfa = state.step === 'mfa-enroll' || state.step === 'mfa-verify';
      // An error about the email found on the password step belongs to the email step.
      const step = state.step === 'password' && action.fieldErrors.email ? 'email' : state.step;
      if (mfa) {
        const message = [action.fieldErrors.mfaCode, ...action.issues].filter(Boolean).join(' ');
        return { ...state, loading: false, redirecting: false, fieldErrors: {}, issues: [], mfaError: message };
      }
      return {
        ...state,
        step,
        loading: false,
        redirecting: false,
        fieldErrors: action.fieldErrors,
        issues: action.issues,
      };
    }
    case SignInActionType.EmailChangeRequested:
      return { ...state, ...cleared, step: 'email', loading: false };
    case SignInActionType.Reset:
      return getInitialSignInState(action.config);
    default:
      return state;
  }
}
