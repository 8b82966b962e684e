// The sign-in card's steps after the password: the external sign-in's link, MFA, profile, new
// project and scope. Loaded on demand (SignInForm starts the load with the first request, or with
// a provider's answer in the address bar), since they come only after the server answers, and
// many sign-ins (a password, a single profile) end without them.
import { type ReactNode } from 'react';
import { useCn } from './authClassContext';
import { CreateProjectStep } from './CreateProjectStep';
import { ActionLink, Checkbox, SubmitButton, TextField } from './fields';
import { submitWith } from './focus';
import type { SignInMessages } from './messages';
import { ErrorAlert, IssueList } from './notices';
import type { UseSignInResult } from './useSignIn';

/** The body of the step the flow is on, for the steps after the password. */
export function SignInLaterSteps(props: {
  readonly signIn: UseSignInResult;
  readonly messages: SignInMessages;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
}): ReactNode {
  const cn = useCn();
  const { signIn, messages: m, privacyPolicyHref, termsHref } = props;
  const { step, values, loading, fieldErrors, issues, actions, state } = signIn;
  return (
    <>
      {step === 'link' && (
        // No field takes focus: the heading does, so the explanation is read before the password.
        <form className={cn('auth-form')} noValidate onSubmit={submitWith(actions.submitLinkPassword)}>
          <p className={cn('auth-text')}>{m.linkText}</p>
          <TextField
            name="password"
            type="password"
            label={m.passwordLabel}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(v) => actions.setField('password', v)}
            error={fieldErrors.password}
          />
          <IssueList issues={issues} />
          <div className={cn('auth-actions')}>
            <ActionLink onClick={actions.reset}>{m.startOver}</ActionLink>
            <SubmitButton loading={loading}>{m.link}</SubmitButton>
          </div>
        </form>
      )}

      {(step === 'mfa-enroll' || step === 'mfa-verify') && (
        <form className={cn('auth-form')} noValidate onSubmit={submitWith(actions.submitMfaCode)}>
          {step === 'mfa-enroll' && state.enrollQrCode ? (
            <>
              <img className={cn('auth-qr-code')} src={state.enrollQrCode} alt={m.mfaQrAlt} width={200} height={200} />
              <p className={cn('auth-text')}>{m.mfaScanInstructions}</p>
            </>
          ) : null}
          <TextField
            name="mfaCode"
            label={m.mfaCodeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={values.mfaCode}
            onChange={(v) => actions.setField('mfaCode', v)}
            error={fieldErrors.mfaCode}
            autoFocusOnStep
          />
          {signIn.mfaError ? <ErrorAlert title={m.errorTitle} message={signIn.mfaError} /> : null}
          <div className={cn('auth-actions')}>
            <SubmitButton loading={loading}>{step === 'mfa-enroll' ? m.enroll : m.submitCode}</SubmitButton>
          </div>
        </form>
      )}

      {step === 'choose-profile' && (
        <div className={cn('auth-form')}>
          <TextField
            name="profileSearch"
            type="search"
            label={m.searchLabel}
            hideLabel
            placeholder={m.searchPlaceholder}
            value={values.profileSearch}
            onChange={(v) => actions.setField('profileSearch', v)}
            autoFocusOnStep
          />
          {signIn.visibleMemberships.length ? (
            <ul className={cn('auth-profile-list')}>
              {signIn.visibleMemberships.map((membership) => (
                <li key={membership.id}>
                  <button
                    type="button"
                    className={cn('auth-profile-item')}
                    onClick={() => void actions.selectProfile(membership.id)}
                    aria-busy={loading || undefined}
                  >
                    <span data-part="profile">{membership.profile?.display ?? membership.profile?.reference}</span>
                    <span data-part="project">{membership.project?.display ?? membership.project?.reference}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={cn('auth-text')}>{m.nothingFound}</p>
          )}
          <IssueList issues={issues} />
        </div>
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

      {step === 'choose-scope' && (
        <form className={cn('auth-form')} noValidate onSubmit={submitWith(actions.submitScopes)}>
          <div className={cn('auth-scope-list')} role="group" aria-label={m.chooseScopeTitle}>
            {signIn.scopeOptions.map((option, index) => (
              <Checkbox
                key={option.scope}
                name="scope"
                label={option.scope}
                nested={Boolean(option.parent)}
                checked={values.scopes.includes(option.scope)}
                onChange={(checked) => actions.toggleScope(option.scope, checked)}
                autoFocusOnStep={index === 0}
              />
            ))}
          </div>
          <IssueList issues={issues} />
          <div className={cn('auth-actions')}>
            <SubmitButton loading={loading}>{m.setScope}</SubmitButton>
          </div>
        </form>
      )}
    </>
  );
}
