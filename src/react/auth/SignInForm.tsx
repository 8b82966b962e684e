import { forwardRef, useMemo, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { optionKeys, splitProps, useMergedRef } from '../primitives/splitProps';
import type { AuthClassNames } from './classNames';
import { defaultSignInMessages, type SignInMessages } from './messages';
import type { SignInLaterSteps } from './SignInLaterSteps';
import { AuthClassContext, makeClassNameOf } from './authClassContext';
import { ActionLink, Checkbox, Heading, SubmitButton, TextField, type HeadingLevel } from './fields';
import { useFocusFirstInvalid, submitWith, useStepFocus } from './focus';
import { GoogleOption, loadGoogleButton } from './google';
import { IssueList } from './notices';
import { onDemand, useOnDemand } from '../primitives/onDemand';
import type { SignInStep } from './signInReducer';
import { useSignIn, type UseSignInOptions } from './useSignIn';
import { useMessages } from '../locale/MessagesContext';

/** Props of SignInForm; other HTML attributes go to the card's root element. */
export interface SignInFormProps
  extends Omit<UseSignInOptions, 'messages'>, Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'nonce' | 'children'> {
  /** Replaces any of the card's texts. */
  readonly messages?: Partial<SignInMessages>;
  /**
   * The product the person signs in to, named in the heading of the email and password steps:
   * 'Sign in to {productName}' (`messages.signInTitleFor`). Without it the heading is 'Sign in'
   * (`messages.signInTitle`): the card cannot know the product's name, and a heading naming
   * none reads better than a placeholder.
   */
  readonly productName?: string;
  /**
   * The whole heading of the email and password steps; a shortcut for `messages.signInTitle`.
   * Either one wins over `productName`.
   */
  readonly title?: string;
  /** Level of the card's heading; 2 by default, to sit inside a page that has its own h1. */
  readonly headingLevel?: HeadingLevel;
  /** Renders the register link yourself (e.g. a router Link); replaces registerHref and onRegister. */
  readonly renderRegisterLink?: () => ReactNode;
  /** Where the 'Register' link goes; with onRegister alone it is a button. Neither: no link. */
  readonly registerHref?: string;
  readonly onRegister?: () => void;
  /** Where the 'Forgot password' link goes; with onForgotPassword alone it is a button. */
  readonly forgotPasswordHref?: string;
  readonly onForgotPassword?: () => void;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
  readonly classNames?: AuthClassNames;
  /** Shown above the heading, e.g. a logo. */
  readonly children?: ReactNode;
}

function titleOf(step: SignInStep, m: SignInMessages): string {
  switch (step) {
    case 'email':
    case 'password':
      return m.signInTitle;
    case 'link':
      return m.linkTitle;
    case 'mfa-enroll':
      return m.mfaEnrollTitle;
    case 'mfa-verify':
      return m.mfaVerifyTitle;
    case 'choose-profile':
      return m.chooseProfileTitle;
    case 'create-project':
      return m.createProjectTitle;
    case 'choose-scope':
      return m.chooseScopeTitle;
    case 'success':
      return m.success;
  }
}

const loadLaterSteps = /* @__PURE__ */ onDemand(
  (): Promise<typeof SignInLaterSteps> => import('./SignInLaterSteps').then((m) => m.SignInLaterSteps),
  'the sign-in steps after the password'
);

const isLaterStep = (step: SignInStep): boolean => step !== 'email' && step !== 'password' && step !== 'success';

// The hook's options; everything else the card does not name goes to its root.
const SIGN_IN_OPTIONS = optionKeys<Omit<UseSignInOptions, 'messages'>>()([
  'projectId',
  'chooseScopes',
  'scope',
  'clientId',
  'resourceType',
  'redirectUri',
  'nonce',
  'launch',
  'googleClientId',
  'onSuccess',
  'onCode',
  'navigate',
  'handleExternalReturn',
  'stateReducer',
  'initialValues',
]);

/**
 * The sign-in card (450 wide): email, password, MFA, profile, project and scope steps, and the
 * link step when an external sign-in matched an account that has a password. The ref is the
 * card's root element.
 */
export const SignInForm = /* @__PURE__ */ forwardRef<HTMLDivElement, SignInFormProps>(function SignInForm(props, ref) {
  const {
    messages: messageOverrides,
    productName,
    title,
    headingLevel = 2,
    renderRegisterLink,
    registerHref,
    onRegister,
    forgotPasswordHref,
    onForgotPassword,
    privacyPolicyHref,
    termsHref,
    className,
    classNames,
    style,
    children,
    ...others
  } = props;
  const [options, attributes] = splitProps(others, SIGN_IN_OPTIONS);
  // The provider's texts translate the titles; only the form's own `signInTitle` beats productName.
  const messages = useMessages('signIn', defaultSignInMessages, messageOverrides);
  const m = useMemo(() => {
    const signInTitle =
      title || messageOverrides?.signInTitle || (productName ? messages.signInTitleFor(productName) : undefined);
    return signInTitle ? { ...messages, signInTitle } : messages;
  }, [messages, messageOverrides, title, productName]);
  const signIn = useSignIn({ ...options, messages: messageOverrides });
  const { step, values, loading, fieldErrors, issues, actions, state } = signIn;
  const cn = useMemo(() => makeClassNameOf(classNames), [classNames]);
  const google = useOnDemand(loadGoogleButton, Boolean(options.googleClientId));
  // The later steps come only after a server answer: their load starts with the first request.
  const later = useOnDemand(loadLaterSteps, loading || step !== 'email');
  const LaterSteps = later.module;
  // A step still loading takes focus to the heading; its first field gets focus once it is there.
  const shownStep = isLaterStep(step) && !LaterSteps ? `${step}-loading` : step;
  const root = useRef<HTMLDivElement>(null);
  const rootRef = useMergedRef(root, ref);
  useStepFocus(shownStep, root);
  useFocusFirstInvalid(Object.keys(fieldErrors).join(','), root);

  return (
    <AuthClassContext.Provider value={cn}>
      <div
        {...attributes}
        ref={rootRef}
        className={cn('auth', className)}
        style={style}
        data-step={step}
        data-loading={loading ? '' : undefined}
        aria-busy={loading || undefined}
      >
        {children}
        <Heading level={headingLevel}>{titleOf(step, m)}</Heading>

        {step === 'email' && (
          <>
            <GoogleOption
              googleClientId={options.googleClientId}
              button={google.module}
              label={m.googleSignIn}
              or={m.or}
              onCredential={actions.signInWithGoogle}
            />
            <form className={cn('auth-form')} noValidate onSubmit={submitWith(actions.submitEmail)}>
              <TextField
                name="email"
                type="email"
                label={m.emailLabel}
                autoComplete="email"
                required
                value={values.email}
                onChange={(v) => actions.setField('email', v)}
                error={fieldErrors.email}
                autoFocusOnStep
              />
              <IssueList issues={google.failed ? [...issues, m.partLoadFailed] : issues} />
              {state.redirecting ? (
                <p role="status" className={cn('auth-status')}>
                  {m.redirecting}
                </p>
              ) : null}
              <div className={cn('auth-actions')}>
                {renderRegisterLink ? (
                  renderRegisterLink()
                ) : (
                  <ActionLink href={registerHref} onClick={onRegister}>
                    {m.register}
                  </ActionLink>
                )}
                <SubmitButton loading={loading}>{m.next}</SubmitButton>
              </div>
            </form>
          </>
        )}

        {step === 'password' && (
          <form className={cn('auth-form')} noValidate onSubmit={submitWith(actions.submitPassword)}>
            <p className={cn('auth-text')}>
              <span data-email="">{values.email}</span>{' '}
              <ActionLink onClick={actions.changeEmail}>{m.changeEmail}</ActionLink>
            </p>
            <TextField
              name="password"
              type="password"
              label={m.passwordLabel}
              autoComplete="current-password"
              required
              value={values.password}
              onChange={(v) => actions.setField('password', v)}
              error={fieldErrors.password}
              autoFocusOnStep
            />
            <Checkbox name="remember" label={m.rememberMe} checked={values.remember} onChange={actions.setRemember} />
            <IssueList issues={issues} />
            <div className={cn('auth-actions')}>
              <ActionLink href={forgotPasswordHref} onClick={onForgotPassword}>
                {m.forgotPassword}
              </ActionLink>
              <SubmitButton loading={loading}>{m.signIn}</SubmitButton>
            </div>
          </form>
        )}

        {isLaterStep(step) &&
          (LaterSteps ? (
            <LaterSteps signIn={signIn} messages={m} privacyPolicyHref={privacyPolicyHref} termsHref={termsHref} />
          ) : later.failed ? (
            <IssueList issues={[...issues, m.partLoadFailed]} />
          ) : (
            <p role="status" className={cn('auth-status')}>
              {m.loading}
            </p>
          ))}
      </div>
    </AuthClassContext.Provider>
  );
});
