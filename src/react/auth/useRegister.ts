import { useCallback, useMemo, useReducer, useRef } from 'react';
import {
  processCode,
  startGoogleLogin,
  startNewPatient,
  startNewProject,
  startNewUser,
  type LoginAuthenticationResponse,
} from '../../client/login';
import { findExternalAuthorizeUrl, loadExternalSignIn } from './externalProvider';
import { toFormErrors, validateRequired } from './formErrors';
import { getRecaptchaToken as loadRecaptchaToken } from './loadScript';
import { defaultRegisterMessages, type RegisterMessages } from './messages';
import {
  getInitialRegisterState,
  RegisterActionType,
  registerReducer,
  type RegisterAction,
  type RegisterField,
  type RegisterState,
  type RegisterStep,
  type RegisterValues,
} from './registerReducer';
import { useLoginClient } from './useLoginClient';
import { useMessages } from '../locale/MessagesContext';

const REGISTER_FIELDS: readonly RegisterField[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'remember',
  'projectName',
];
const REQUIRED: readonly RegisterField[] = ['firstName', 'lastName', 'email', 'password'];
// An email whose domain signs in at an external provider registers there: no password here.
const REQUIRED_BEFORE_METHOD: readonly RegisterField[] = ['firstName', 'lastName', 'email'];

/** Options of useRegister. */
export interface UseRegisterOptions {
  /** 'patient' registers a patient into projectId; 'project' creates a new project for the user. */
  readonly type?: 'patient' | 'project';
  /** The project patients register into; without it the server picks (e.g. from the client application). */
  readonly projectId?: string;
  readonly clientId?: string;
  /** redirect_uri of the code exchange; the page origin by default. */
  readonly redirectUri?: string;
  /**
   * Where an external identity provider's answer comes back when an email's domain registers
   * there: a page whose SignInForm finishes the sign-in (it reads the answer, exchanges the code
   * and calls its onSuccess), e.g. the app's sign-in page. It must be one of the client's
   * registered redirect URIs, which servers match exactly, so an app registers one return page
   * for signing in and registering alike. Relative to the page; `redirectUri`, then this page
   * without its query, by default.
   */
  readonly externalReturnUri?: string;
  /** Google OAuth client id; turns the Google option on. */
  readonly googleClientId?: string;
  /** reCAPTCHA v3 site key; the bot check (and its script) runs only when set. */
  readonly recaptchaSiteKey?: string;
  /** Gets the bot-check token; loads reCAPTCHA by default. */
  readonly getRecaptchaToken?: (siteKey: string) => Promise<string>;
  /**
   * Gets the ALTCHA payload sent as `altcha` with the registration (a server whose bot check is
   * a proof of work); RegisterForm wires its widget here when `altchaChallengeUrl` is set.
   */
  readonly getAltchaPayload?: () => Promise<string>;
  readonly onSuccess?: () => void;
  /** Hands the authorization code over instead of exchanging it. */
  readonly onCode?: (code: string) => void;
  /** Navigates to an external identity provider; `window.location.assign` by default. */
  readonly navigate?: (url: string) => void;
  readonly messages?: Partial<RegisterMessages>;
  readonly stateReducer?: (
    state: RegisterState,
    actionAndChanges: RegisterAction & { changes: RegisterState }
  ) => RegisterState;
  readonly initialValues?: Partial<RegisterValues>;
}

/** What the user can do in the register flow. */
export interface RegisterActions {
  setField(field: Exclude<RegisterField, 'remember'>, value: string): void;
  setRemember(value: boolean): void;
  submit(): Promise<void>;
  submitProject(): Promise<void>;
  signUpWithGoogle(credential: string): Promise<void>;
  reset(): void;
}

/** What useRegister returns. */
export interface UseRegisterResult {
  readonly state: RegisterState;
  readonly step: RegisterStep;
  readonly values: RegisterValues;
  readonly loading: boolean;
  readonly fieldErrors: Partial<Record<RegisterField, string>>;
  readonly issues: readonly string[];
  readonly actions: RegisterActions;
  readonly dispatch: (action: RegisterAction) => void;
}

/** A URI relative to this page made absolute: the server matches registered redirect URIs exactly. */
function absoluteUri(uri: string | undefined): string | undefined {
  if (!uri || typeof window === 'undefined') return uri;
  return new URL(uri, window.location.href).toString();
}

/** True when a field other than the password is missing: then every missing field is shown at once. */
function missingBeforeMethod(values: RegisterValues): boolean {
  return REQUIRED_BEFORE_METHOD.some((field) => !String(values[field]).trim());
}

/**
 * The registration flow without markup: new user, then new patient or new project, then the
 * code exchange, with the FhirClient of the nearest FhirProvider.
 */
export function useRegister(options: UseRegisterOptions = {}): UseRegisterResult {
  const client = useLoginClient();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const messages = useMessages('register', defaultRegisterMessages, options.messages);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const reducer = useCallback((state: RegisterState, action: RegisterAction): RegisterState => {
    const changes = registerReducer(state, action);
    const custom = optionsRef.current.stateReducer;
    return custom ? custom(state, { ...action, changes }) : changes;
  }, []);
  const [state, dispatch] = useReducer(reducer, undefined, () => getInitialRegisterState(options.initialValues));
  const stateRef = useRef(state);
  stateRef.current = state;
  const busyRef = useRef(false);

  const exchange = useCallback(
    async (code: string) => {
      const config = optionsRef.current;
      if (config.onCode) config.onCode(code);
      else await processCode(client, code, { clientId: config.clientId, redirectUri: config.redirectUri });
      dispatch({ type: RegisterActionType.Succeeded });
      if (!config.onCode) config.onSuccess?.();
    },
    [client]
  );

  /** After a new user (or Google sign-up): a patient joins the project; a project owner names the project. */
  const continueAfterUser = useCallback(
    async (response: LoginAuthenticationResponse) => {
      const config = optionsRef.current;
      if (response.code) return exchange(response.code);
      if (!response.login) throw new Error(messagesRef.current.unexpectedResponse);
      if ((config.type ?? 'patient') === 'project') {
        dispatch({ type: RegisterActionType.ProjectRequired, response });
        return;
      }
      const patient = await startNewPatient(client, {
        login: response.login,
        ...(config.projectId ? { projectId: config.projectId } : {}),
      });
      if (!patient.code) throw new Error(messagesRef.current.unexpectedResponse);
      await exchange(patient.code);
    },
    [client, exchange]
  );

  const run = useCallback(async (required: readonly RegisterField[], call: () => Promise<void>) => {
    // A ref, not state.loading: a second click in the same tick must see the first.
    if (busyRef.current) return;
    const m = messagesRef.current;
    const labels: Record<RegisterField, string> = {
      firstName: m.firstNameLabel,
      lastName: m.lastNameLabel,
      email: m.emailLabel,
      password: m.passwordLabel,
      remember: m.rememberMe,
      projectName: m.projectNameLabel,
    };
    const invalid = validateRequired(stateRef.current.values, required, labels, m);
    if (Object.keys(invalid).length) {
      dispatch({ type: RegisterActionType.ValidationFailed, fieldErrors: invalid });
      return;
    }
    dispatch({ type: RegisterActionType.SubmitStarted });
    busyRef.current = true;
    try {
      await call();
    } catch (error) {
      const { fieldErrors, issues } = toFormErrors(error, REGISTER_FIELDS, m);
      dispatch({ type: RegisterActionType.RequestFailed, fieldErrors, issues });
    } finally {
      busyRef.current = false;
    }
  }, []);

  const actions = useMemo<RegisterActions>(
    () => ({
      setField: (field, value) => dispatch({ type: RegisterActionType.FieldChanged, field, value }),
      setRemember: (value) => dispatch({ type: RegisterActionType.FieldChanged, field: 'remember', value }),
      submit: () =>
        run(missingBeforeMethod(stateRef.current.values) ? REQUIRED : REQUIRED_BEFORE_METHOD, async () => {
          const config = optionsRef.current;
          const { firstName, lastName, email, password, remember } = stateRef.current.values;
          // Patients of a domain with an external identity provider register through it.
          const external =
            (config.type ?? 'patient') === 'patient' ? await findExternalAuthorizeUrl(client, email.trim()) : undefined;
          if (external) {
            dispatch({ type: RegisterActionType.RedirectStarted });
            const { externalReturnUri, startExternalSignIn } = await loadExternalSignIn(
              messagesRef.current.externalLoadFailed
            );
            await startExternalSignIn(
              external.authorizeUrl,
              {
                projectId: config.projectId,
                clientId: config.clientId ?? client.getClientId?.(),
                redirectUri: externalReturnUri(absoluteUri(config.externalReturnUri) ?? config.redirectUri),
                domain: external.domain,
                createUser: true,
              },
              { navigate: config.navigate, loginHint: email.trim() }
            );
            return;
          }
          const m = messagesRef.current;
          const invalid = validateRequired({ password }, ['password'], { password: m.passwordLabel }, m);
          if (Object.keys(invalid).length) {
            dispatch({ type: RegisterActionType.ValidationFailed, fieldErrors: invalid });
            return;
          }
          const siteKey = config.recaptchaSiteKey;
          const recaptchaToken = siteKey ? await (config.getRecaptchaToken ?? loadRecaptchaToken)(siteKey) : undefined;
          const altcha = config.getAltchaPayload ? await config.getAltchaPayload() : undefined;
          const response = await startNewUser(client, {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            password,
            remember,
            projectId: config.type === 'project' ? undefined : config.projectId,
            clientId: config.clientId,
            recaptchaSiteKey: siteKey,
            recaptchaToken,
            altcha,
          });
          await continueAfterUser(response);
        }),
      submitProject: () =>
        run(['projectName'], async () => {
          const { login, values } = stateRef.current;
          const response = await startNewProject(client, {
            login: login ?? '',
            projectName: values.projectName.trim(),
          });
          if (!response.code) throw new Error(messagesRef.current.unexpectedResponse);
          await exchange(response.code);
        }),
      signUpWithGoogle: (credential) =>
        run([], async () => {
          const config = optionsRef.current;
          const response = await startGoogleLogin(client, {
            googleClientId: config.googleClientId ?? '',
            googleCredential: credential,
            projectId: config.type === 'project' ? undefined : config.projectId,
            clientId: config.clientId,
            createUser: true,
          });
          await continueAfterUser(response);
        }),
      reset: () => dispatch({ type: RegisterActionType.Reset }),
    }),
    [client, run, continueAfterUser, exchange]
  );

  return {
    state,
    step: state.step,
    values: state.values,
    loading: state.loading,
    fieldErrors: state.fieldErrors,
    issues: state.issues,
    actions,
    dispatch,
  };
}
