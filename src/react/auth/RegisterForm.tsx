import { forwardRef, useMemo, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { optionKeys, splitProps, useMergedRef } from '../primitives/splitProps';
import type { AuthClassNames } from './classNames';
import { defaultRegisterMessages, type RegisterMessages } from './messages';
import { CreateProjectStep } from './CreateProjectStep';
import { AuthClassContext, makeClassNameOf } from './authClassContext';
import { Checkbox, Heading, SubmitButton, TextField, type HeadingLevel } from './fields';
import { useFocusFirstInvalid, submitWith, useStepFocus } from './focus';
import { GoogleOption, loadGoogleButton } from './google';
import { IssueList, PolicyNotice } from './notices';
import { useOnDemand } from '../primitives/onDemand';
import { AltchaField } from './AltchaField';
import { useAltcha } from './useAltcha';
import { useRegister, type UseRegisterOptions } from './useRegister';
import { useMessages } from '../locale/MessagesContext';

/** Props of RegisterForm; other HTML attributes go to the card's root element. */
export interface RegisterFormProps
  extends Omit<UseRegisterOptions, 'messages'>, Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'children'> {
  /** Replaces any of the card's texts. */
  readonly messages?: Partial<RegisterMessages>;
  /**
   * The product the person registers with, named in the heading: 'Register with {productName}'
   * (`messages.registerTitleFor`). Without it the heading is 'Create an account'
   * (`messages.registerTitle`): the card cannot know the product's name, and a heading naming
   * none reads better than a placeholder.
   */
  readonly productName?: string;
  /**
   * The whole heading of the form; a shortcut for `messages.registerTitle`. Either one wins over
   * `productName`.
   */
  readonly title?: string;
  /** Level of the card's heading; 2 by default, to sit inside a page that has its own h1. */
  readonly headingLevel?: HeadingLevel;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
  readonly classNames?: AuthClassNames;
  /** Shown above the heading, e.g. a logo. */
  readonly children?: ReactNode;
  /**
   * Turns on the self-hosted proof-of-work bot check: where ALTCHA challenges come from,
   * relative to the client's base URL (the reference server: 'auth/altcha/challenge'). The
   * widget loads on demand and its payload goes with auth/newuser.
   */
  readonly altchaChallengeUrl?: string;
}

// The hook's options; everything else the card does not name goes to its root. Pure, so the
// list leaves bundles that import only SignInForm.
const REGISTER_OPTIONS = /* @__PURE__ */ optionKeys<Omit<UseRegisterOptions, 'messages'>>()([
  'type',
  'projectId',
  'clientId',
  'redirectUri',
  'externalReturnUri',
  'googleClientId',
  'recaptchaSiteKey',
  'getRecaptchaToken',
  'getAltchaPayload',
  'onSuccess',
  'onCode',
  'navigate',
  'stateReducer',
  'initialValues',
]);

/**
 * The register card (450 wide): names, email, password, Remember me, then a project name for
 * new projects. The ref is the card's root element.
 */
export const RegisterForm = /* @__PURE__ */ forwardRef<HTMLDivElement, RegisterFormProps>(
  function RegisterForm(props, ref) {
    const {
      messages: messageOverrides,
      productName,
      title: titleOverride,
      headingLevel = 2,
      privacyPolicyHref,
      termsHref,
      className,
      classNames,
      style,
      children,
      altchaChallengeUrl,
      ...others
    } = props;
    const [options, attributes] = splitProps(others, REGISTER_OPTIONS);
    // The provider's texts translate the titles; only the form's own `registerTitle` beats productName.
    const messages = useMessages('register', defaultRegisterMessages, messageOverrides);
    const m = useMemo(() => {
      const registerTitle =
        titleOverride ||
        messageOverrides?.registerTitle ||
        (productName ? messages.registerTitleFor(productName) : undefined);
      return registerTitle ? { ...messages, registerTitle } : messages;
    }, [messages, messageOverrides, titleOverride, productName]);
    // The widget mounts only when the field renders (altchaChallengeUrl set and no own getAltchaPayload).
    const altcha = useAltcha({ challengeUrl: altchaChallengeUrl ?? '', messages: m });
    const showAltcha = !!altchaChallengeUrl && !options.getAltchaPayload;
    const register = useRegister({
      ...options,
      getAltchaPayload: options.getAltchaPayload ?? (showAltcha ? altcha.getPayload : undefined),
      messages: messageOverrides,
    });
    const { step, values, loading, fieldErrors, issues, actions } = register;
    const cn = useMemo(() => makeClassNameOf(classNames), [classNames]);
    const google = useOnDemand(loadGoogleButton, Boolean(options.googleClientId));
    const root = useRef<HTMLDivElement>(null);
    const rootRef = useMergedRef(root, ref);
    useStepFocus(step, root);
    useFocusFirstInvalid(Object.keys(fieldErrors).join(','), root);
    const title = step === 'register' ? m.registerTitle : step === 'create-project' ? m.createProjectTitle : m.success;

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
          <Heading level={headingLevel}>{title}</Heading>

          {step === 'register' && (
            <>
              <GoogleOption
                googleClientId={options.googleClientId}
                button={google.module}
                label={m.googleSignIn}
                or={m.or}
                onCredential={actions.signUpWithGoogle}
              />
              <form className={cn('auth-form')} noValidate onSubmit={submitWith(actions.submit)}>
                <TextField
                  name="firstName"
                  label={m.firstNameLabel}
                  autoComplete="given-name"
                  required
                  value={values.firstName}
                  onChange={(v) => actions.setField('firstName', v)}
                  error={fieldErrors.firstName}
                  autoFocusOnStep
                />
                <TextField
                  name="lastName"
                  label={m.lastNameLabel}
                  autoComplete="family-name"
                  required
                  value={values.lastName}
                  onChange={(v) => actions.setField('lastName', v)}
                  error={fieldErrors.lastName}
                />
                <TextField
                  name="email"
                  type="email"
                  label={m.emailLabel}
                  autoComplete="email"
                  required
                  value={values.email}
                  onChange={(v) => actions.setField('email', v)}
                  error={fieldErrors.email}
                />
                <TextField
                  name="password"
                  type="password"
                  label={m.passwordLabel}
                  autoComplete="new-password"
                  required
                  value={values.password}
                  onChange={(v) => actions.setField('password', v)}
                  error={fieldErrors.password}
                />
                <Checkbox
                  name="remember"
                  label={m.rememberMe}
                  checked={values.remember}
                  onChange={actions.setRemember}
                />
                {showAltcha ? <AltchaField altcha={altcha} /> : null}
                <IssueList issues={google.failed ? [...issues, m.partLoadFailed] : issues} />
                {register.state.redirecting ? (
                  <p role="status" className={cn('auth-status')}>
                    {m.redirecting}
                  </p>
                ) : null}
                {options.recaptchaSiteKey ? <p className={cn('auth-notice')}>{m.botCheckNotice}</p> : null}
                <PolicyNotice
                  action={m.createAccount}
                  messages={m}
                  privacyPolicyHref={privacyPolicyHref}
                  termsHref={termsHref}
                />
                <div className={cn('auth-actions')}>
                  <SubmitButton loading={loading}>{m.createAccount}</SubmitButton>
                </div>
              </form>
            </>
          )}

          {step === 'create-project' && (
            <CreateProjectStep
              messages={m}
              projectName={values.projectName}
              onProjectNameChange={(v) => actions.setField('projectName', v)}
              error={fieldErrors.projectName}
              issues={issues}
              loading={loading}
              onSubmit={actions.submitProject}
              privacyPolicyHref={privacyPolicyHref}
              termsHref={termsHref}
            />
          )}
        </div>
      </AuthClassContext.Provider>
    );
  }
);
