import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  chooseProfile,
  chooseScope,
  getLogin,
  linkExternalLogin,
  processCode,
  startGoogleLogin,
  startLogin,
  startMfaEnroll,
  startNewProject,
  verifyMfa,
  type LoginAuthenticationResponse,
  type LoginMembership,
  type Navigate,
} from '../../client/login';
import {
  findExternalAuthorizeUrl,
  hasExternalReturn,
  loadExternalSignIn,
  withoutExternalReturn,
} from './externalProvider';
import { toFormErrors, validateRequired } from './formErrors';
import { defaultSignInMessages, type SignInMessages } from './messages';
import { getScopeOptions, type ScopeOption } from './scopes';
import {
  getInitialSignInState,
  nextSignInStep,
  SignInActionType,
  signInReducer,
  type SignInAction,
  type SignInField,
  type SignInFlowConfig,
  type SignInState,
  type SignInStep,
  type SignInValues,
} from './signInReducer';
import { useLoginClient } from './useLoginClient';
import { useMessages } from '../locale/MessagesContext';

/** Most profiles the choose-profile step lists at once. */
export const MAX_PROFILES_SHOWN = 10;

const SIGN_IN_FIELDS: readonly SignInField[] = [
  'email',
  'password',
  'remember',
  'mfaCode',
  'projectName',
  'profileSearch',
];
// The server names the MFA code 'token'.
const FIELD_ALIASES = { token: 'mfaCode', code: 'mfaCode' } as const;

/** Options of useSignIn. */
export interface UseSignInOptions extends SignInFlowConfig {
  /** Client application id sent with the login and the code exchange. */
  readonly clientId?: string;
  /** Profile type the user must sign in as (Patient, Practitioner...). */
  readonly resourceType?: string;
  /** redirect_uri of the code exchange; the page origin by default. */
  readonly redirectUri?: string;
  readonly nonce?: string;
  readonly launch?: string;
  /** Google OAuth client id; turns the Google option on. */
  readonly googleClientId?: string;
  /** Called once the code is exchanged and the session is set. */
  readonly onSuccess?: () => void;
  /** Hands the authorization code over instead of exchanging it (for apps that exchange it themselves). */
  readonly onCode?: (code: string) => void;
  /** Navigates to an external identity provider; `window.location.assign` by default. */
  readonly navigate?: Navigate;
  /**
   * Finishes an external sign-in when the page opens with its return (`?code=…&state=…`), after
   * checking the state this browser sent out. True by default.
   */
  readonly handleExternalReturn?: boolean;
  /** Texts used for error messages; see SignInForm's `messages`. */
  readonly messages?: Partial<SignInMessages>;
  /** Adjusts each state change (Downshift style): receives the state and the action with the proposed changes. */
  readonly stateReducer?: (
    state: SignInState,
    actionAndChanges: SignInAction & { changes: SignInState }
  ) => SignInState;
  /** Values to start with, e.g. a known email. */
  readonly initialValues?: Partial<SignInValues>;
}

/** What useSignIn returns. */
export interface UseSignInResult {
  readonly state: SignInState;
  readonly step: SignInStep;
  readonly values: SignInValues;
  readonly loading: boolean;
  readonly fieldErrors: Partial<Record<SignInField, string>>;
  readonly issues: readonly string[];
  readonly mfaError?: string;
  /** Memberships matching the search box, at most 10. */
  readonly visibleMemberships: readonly LoginMembership[];
  /** Checkboxes of the choose-scope step. */
  readonly scopeOptions: readonly ScopeOption[];
  readonly actions: SignInActions;
  readonly dispatch: (action: SignInAction) => void;
}

/** What the user can do in the sign-in flow. */
export interface SignInActions {
  setField(field: Exclude<SignInField, 'remember'>, value: string): void;
  setRemember(value: boolean): void;
  toggleScope(scope: string, checked: boolean): void;
  submitEmail(): Promise<void>;
  submitPassword(): Promise<void>;
  /** On the link step: proves the existing account's password (POST auth/external/link). */
  submitLinkPassword(): Promise<void>;
  submitMfaCode(): Promise<void>;
  selectProfile(membershipId: string): Promise<void>;
  submitProject(): Promise<void>;
  submitScopes(): Promise<void>;
  signInWithGoogle(credential: string): Promise<void>;
  /**
   * Resumes a pending login by its id (GET auth/login/{login}), e.g. after a reload: the link's
   * password, MFA or profile choice.
   */
  resumeLogin(login: string): Promise<void>;
  changeEmail(): void;
  reset(): void;
}

function membershipText(membership: LoginMembership): string {
  return `${membership.profile?.display ?? membership.profile?.reference ?? ''} ${membership.project?.display ?? ''}`;
}

/** The memberships matching a search, at most 10. */
export function filterMemberships(
  memberships: readonly LoginMembership[] | undefined,
  search: string
): LoginMembership[] {
  const needle = search.trim().toLowerCase();
  return (memberships ?? [])
    .filter((membership) => !needle || membershipText(membership).toLowerCase().includes(needle))
    .slice(0, MAX_PROFILES_SHOWN);
}

/**
 * The sign-in flow without markup: email, password, MFA, profile, project and scope steps as a
 * pure reducer, calling the login steps with the FhirClient of the nearest FhirProvider.
 */
export function useSignIn(options: UseSignInOptions = {}): UseSignInResult {
  const client = useLoginClient();
  const messages = useMessages('signIn', defaultSignInMessages, options.messages);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const reducer = useCallback((state: SignInState, action: SignInAction): SignInState => {
    const changes = signInReducer(state, action);
    const custom = optionsRef.current.stateReducer;
    return custom ? custom(state, { ...action, changes }) : changes;
  }, []);
  const [state, dispatch] = useReducer(reducer, undefined, () => getInitialSignInState(options, options.initialValues));
  const stateRef = useRef(state);
  stateRef.current = state;
  const busyRef = useRef(false);
  // A login an external sign-in opened ends with a code bound to the client and return URI the
  // provider was sent, also when the link, MFA or profile steps come between.
  const externalRequestRef = useRef<{ clientId?: string; redirectUri?: string }>(undefined);

  const fail = useCallback((error: unknown) => {
    const { fieldErrors, issues } = toFormErrors(error, SIGN_IN_FIELDS, messagesRef.current, FIELD_ALIASES);
    dispatch({ type: SignInActionType.RequestFailed, fieldErrors, issues });
  }, []);

  const handleResponse = useCallback(
    async (response: LoginAuthenticationResponse) => {
      const config = optionsRef.current;
      const next = nextSignInStep(response, stateRef.current.step, config);
      dispatch({
        type: SignInActionType.ResponseReceived,
        response,
        config,
        unexpectedMessage: messagesRef.current.unexpectedResponse,
      });
      if (next !== 'exchange' || !response.code) return;
      if (config.onCode) {
        config.onCode(response.code);
        dispatch({ type: SignInActionType.CodeExchanged });
        return;
      }
      await processCode(
        client,
        response.code,
        externalRequestRef.current ?? { clientId: config.clientId, redirectUri: config.redirectUri }
      );
      dispatch({ type: SignInActionType.CodeExchanged });
      config.onSuccess?.();
    },
    [client]
  );

  /** Runs one step: validation, then the call, with failures mapped onto the form. */
  const run = useCallback(
    async (required: readonly SignInField[], call: () => Promise<void>) => {
      // A ref, not state.loading: a second click in the same tick must see the first.
      if (busyRef.current || stateRef.current.redirecting) return;
      const labels: Record<SignInField, string> = {
        email: messagesRef.current.emailLabel,
        password: messagesRef.current.passwordLabel,
        remember: messagesRef.current.rememberMe,
        mfaCode: messagesRef.current.mfaCodeLabel,
        projectName: messagesRef.current.projectNameLabel,
        profileSearch: messagesRef.current.searchLabel,
      };
      const invalid = validateRequired(stateRef.current.values, required, labels, messagesRef.current);
      if (Object.keys(invalid).length) {
        dispatch({ type: SignInActionType.ValidationFailed, fieldErrors: invalid });
        return;
      }
      dispatch({ type: SignInActionType.SubmitStarted });
      busyRef.current = true;
      try {
        await call();
      } catch (error) {
        fail(error);
      } finally {
        busyRef.current = false;
      }
    },
    [fail]
  );

  const baseLogin = useCallback(() => {
    const { projectId, clientId, scope, resourceType, nonce, launch, redirectUri } = optionsRef.current;
    return {
      projectId: projectId === 'new' ? undefined : projectId,
      clientId,
      scope,
      resourceType,
      nonce,
      launch,
      redirectUri,
    };
  }, []);

  const actions = useMemo<SignInActions>(
    () => ({
      setField: (field, value) => dispatch({ type: SignInActionType.FieldChanged, field, value }),
      setRemember: (value) => dispatch({ type: SignInActionType.FieldChanged, field: 'remember', value }),
      toggleScope: (scope, checked) => dispatch({ type: SignInActionType.ScopeToggled, scope, checked }),
      submitEmail: () =>
        run(['email'], async () => {
          // A server without auth/method (404) still signs in with a password.
          const email = stateRef.current.values.email.trim();
          const external = await findExternalAuthorizeUrl(client, email);
          if (external) {
            dispatch({ type: SignInActionType.RedirectStarted });
            const { externalReturnUri, startExternalSignIn } = await loadExternalSignIn(
              messagesRef.current.externalLoadFailed
            );
            const login = baseLogin();
            await startExternalSignIn(
              external.authorizeUrl,
              {
                ...login,
                clientId: login.clientId ?? client.getClientId?.(),
                redirectUri: externalReturnUri(login.redirectUri),
                domain: external.domain,
              },
              { navigate: optionsRef.current.navigate, loginHint: email }
            );
            return;
          }
          dispatch({ type: SignInActionType.PasswordRequired });
        }),
      submitPassword: () =>
        run(['email', 'password'], async () => {
          const { email, password, remember } = stateRef.current.values;
          await handleResponse(await startLogin(client, { ...baseLogin(), email: email.trim(), password, remember }));
        }),
      submitLinkPassword: () =>
        run(['password'], async () => {
          const { login, values } = stateRef.current;
          await handleResponse(await linkExternalLogin(client, login ?? '', values.password));
        }),
      submitMfaCode: () =>
        run(['mfaCode'], async () => {
          const { login, step, values } = stateRef.current;
          const token = values.mfaCode.trim();
          const response =
            step === 'mfa-enroll'
              ? await startMfaEnroll(client, login ?? '', token)
              : await verifyMfa(client, login ?? '', token);
          await handleResponse(response);
        }),
      selectProfile: (membershipId) =>
        run([], async () => {
          await handleResponse(await chooseProfile(client, stateRef.current.login ?? '', membershipId));
        }),
      submitProject: () =>
        run(['projectName'], async () => {
          const { login, values } = stateRef.current;
          await handleResponse(
            await startNewProject(client, { login: login ?? '', projectName: values.projectName.trim() })
          );
        }),
      submitScopes: () =>
        run([], async () => {
          const { login, values } = stateRef.current;
          await handleResponse(await chooseScope(client, login ?? '', values.scopes));
        }),
      signInWithGoogle: (credential) =>
        run([], async () => {
          const googleClientId = optionsRef.current.googleClientId ?? '';
          await handleResponse(
            await startGoogleLogin(client, { ...baseLogin(), googleClientId, googleCredential: credential })
          );
        }),
      resumeLogin: (login) =>
        run([], async () => {
          await handleResponse({ login, ...(await getLogin(client, login)) });
        }),
      changeEmail: () => {
        externalRequestRef.current = undefined;
        dispatch({ type: SignInActionType.EmailChangeRequested });
      },
      reset: () => {
        externalRequestRef.current = undefined;
        dispatch({ type: SignInActionType.Reset, config: optionsRef.current });
      },
    }),
    [client, run, handleResponse, baseLogin]
  );

  // The way back from an external identity provider: check the state, then exchange the code
  // (or resume a login that waits for the link's password, MFA or a profile choice). The code
  // leaves the address bar at once, before the checking code loads. The kept state is single
  // use, and the busy flag holds while it loads, so a second run of this effect (Strict Mode)
  // does nothing.
  useEffect(() => {
    if (options.handleExternalReturn === false || typeof window === 'undefined') return;
    const href = window.location.href;
    if (!hasExternalReturn(href)) return;
    window.history.replaceState(window.history.state, '', withoutExternalReturn(href));
    void run([], async () => {
      const { readExternalReturn } = await loadExternalSignIn(messagesRef.current.externalLoadFailed);
      const external = readExternalReturn(href);
      // The kept state went while the code loaded (nothing else takes it): nothing to finish.
      if (!external) {
        dispatch({ type: SignInActionType.Reset, config: optionsRef.current });
        return;
      }
      const { code, login, request } = external;
      // A code is exchanged with the client id and return URI the provider was sent.
      externalRequestRef.current = { clientId: request.clientId, redirectUri: request.redirectUri };
      await handleResponse(login ? { login, ...(await getLogin(client, login)) } : { code });
    });
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const visibleMemberships = useMemo(
    () => filterMemberships(state.memberships, state.values.profileSearch),
    [state.memberships, state.values.profileSearch]
  );
  const scopeOptions = useMemo(() => getScopeOptions(options.scope), [options.scope]);

  return {
    state,
    step: state.step,
    values: state.values,
    loading: state.loading,
    fieldErrors: state.fieldErrors,
    issues: state.issues,
    mfaError: state.mfaError,
    visibleMemberships,
    scopeOptions,
    actions,
    dispatch,
  };
}
