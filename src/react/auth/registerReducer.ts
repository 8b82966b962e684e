import type { LoginAuthenticationResponse } from '../../client/login';

/** Steps of the register card. */
export type RegisterStep = 'register' | 'create-project' | 'success';

/** Fields of the register form; server issues whose expression names one are shown under it. */
export type RegisterField = 'firstName' | 'lastName' | 'email' | 'password' | 'remember' | 'projectName';

/** What the user typed; kept across failures. */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  remember: boolean;
  projectName: string;
}

/** The whole state of the register flow. */
export interface RegisterState {
  readonly step: RegisterStep;
  readonly values: RegisterValues;
  readonly loading: boolean;
  readonly login?: string;
  readonly fieldErrors: Partial<Record<RegisterField, string>>;
  readonly issues: readonly string[];
  /** True while the browser leaves for an external identity provider. */
  readonly redirecting?: boolean;
}

/** Named state changes of the register flow. */
export const RegisterActionType = {
  FieldChanged: 'FIELD_CHANGED',
  SubmitStarted: 'SUBMIT_STARTED',
  ValidationFailed: 'VALIDATION_FAILED',
  ProjectRequired: 'PROJECT_REQUIRED',
  Succeeded: 'SUCCEEDED',
  RequestFailed: 'REQUEST_FAILED',
  RedirectStarted: 'REDIRECT_STARTED',
  Reset: 'RESET',
} as const;

/** Every action of the register reducer. */
export type RegisterAction =
  | { type: typeof RegisterActionType.FieldChanged; field: Exclude<RegisterField, 'remember'>; value: string }
  | { type: typeof RegisterActionType.FieldChanged; field: 'remember'; value: boolean }
  | { type: typeof RegisterActionType.SubmitStarted }
  | { type: typeof RegisterActionType.ValidationFailed; fieldErrors: Partial<Record<RegisterField, string>> }
  | { type: typeof RegisterActionType.ProjectRequired; response: LoginAuthenticationResponse }
  | { type: typeof RegisterActionType.Succeeded }
  | {
      type: typeof RegisterActionType.RequestFailed;
      fieldErrors: Partial<Record<RegisterField, string>>;
      issues: readonly string[];
    }
  | { type: typeof RegisterActionType.RedirectStarted }
  | { type: typeof RegisterActionType.Reset };

/** The first state: an empty form. */
export function getInitialRegisterState(values: Partial<RegisterValues> = {}): RegisterState {
  return {
    step: 'register',
    values: { firstName: '', lastName: '', email: '', password: '', remember: false, projectName: '', ...values },
    loading: false,
    fieldErrors: {},
    issues: [],
  };
}

/** The pure state machine of the register card. */
export function registerReducer(state: RegisterState, action: RegisterAction): RegisterState {
  switch (action.type) {
    case RegisterActionType.FieldChanged: {
      const { [action.field]: _gone, ...fieldErrors } = state.fieldErrors;
      return { ...state, values: { ...state.values, [action.field]: action.value }, fieldErrors };
    }
    case RegisterActionType.SubmitStarted:
      return { ...state, loading: true, fieldErrors: {}, issues: [] };
    case RegisterActionType.ValidationFailed:
      return { ...state, loading: false, fieldErrors: action.fieldErrors, issues: [] };
    case RegisterActionType.ProjectRequired:
      return { ...state, loading: false, step: 'create-project', login: action.response.login ?? state.login };
    case RegisterActionType.Succeeded:
      return { ...state, loading: false, step: 'success' };
    case RegisterActionType.RequestFailed:
      return { ...state, loading: false, redirecting: false, fieldErrors: action.fieldErrors, issues: action.issues };
    case RegisterActionType.RedirectStarted:
      return { ...state, loading: true, redirecting: true };
    case RegisterActionType.Reset:
      return getInitialRegisterState();
    default:
      return state;
  }
}
