import { forwardRef } from 'react';
import { useCn } from './authClassContext';
import { ActionButton, SubmitButton, TextField } from './fields';
import { submitWith, useFocusFirstInvalid, useStepFocus } from './focus';
import { IssueList } from './notices';
import { defaultMfaSettingsMessages, type MfaSettingsMessages } from './securityMessages';
import { SettingsCard, useCardRoot, type SettingsCardProps } from './SettingsCard';
import { useMfaSettings, type UseMfaSettingsOptions, type UseMfaSettingsResult } from './useMfaSettings';
import { useMessages } from '../locale/MessagesContext';

/** Props of MfaSettings. */
export interface MfaSettingsProps extends Omit<UseMfaSettingsOptions, 'messages'>, SettingsCardProps {
  /** Replaces any of the card's texts. */
  readonly messages?: Partial<MfaSettingsMessages>;
}

/** The secret in groups of four, as authenticator apps print it; they ignore the spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The signed-in user's MFA card: says whether sign-in asks for a code; 'Turn on MFA' shows the
 * QR code and the secret and asks for a code from the app and the current password to confirm;
 * 'Turn off MFA' asks for the current password. Errors show at their field; focus moves to each step's first field
 * and back to the button after a change, which a status line announces. The state is on
 * `data-state` (on, off) and `data-step` (view, enroll, disable) of the `<section>` root, which
 * takes the ref and other props.
 */
export const MfaSettings = /* @__PURE__ */ forwardRef<HTMLElement, MfaSettingsProps>(function MfaSettings(
  { messages, onStatusChange, ...card },
  ref
) {
  const m = useMessages('mfaSettings', defaultMfaSettingsMessages, messages);
  const mfa = useMfaSettings({ messages, onStatusChange });
  const [root, rootRef] = useCardRoot(ref);
  useStepFocus(mfa.step, root);
  useFocusFirstInvalid(Object.keys(mfa.fieldErrors).join(','), root);
  const state = mfa.status ? (mfa.status.enrolled ? 'on' : 'off') : undefined;
  return (
    <SettingsCard {...card} ref={rootRef} title={m.title} loading={mfa.loading} data-state={state} data-step={mfa.step}>
      <Steps mfa={mfa} m={m} />
    </SettingsCard>
  );
});

// Inside the card, so the parts read its class names from context.
function Steps({ mfa, m }: { mfa: UseMfaSettingsResult; m: MfaSettingsMessages }) {
  const cn = useCn();
  const { status, step, values, fieldErrors, setField } = mfa;
  const announced = mfa.changed === 'on' ? m.turnedOn : mfa.changed === 'off' ? m.turnedOff : null;
  return (
    <>
      {/* Always present, so screen readers announce what changed when it appears. */}
      <p role="status" className={cn('auth-status')}>
        {announced ?? (!status && mfa.loading ? m.loading : null)}
      </p>

      {step === 'view' && !status && !mfa.loading ? (
        <>
          <IssueList issues={mfa.issues} />
          <div className={cn('auth-actions')}>
            <ActionButton onClick={() => void mfa.reload()}>{m.retry}</ActionButton>
          </div>
        </>
      ) : null}

      {step === 'view' && status ? (
        <>
          <p className={cn('auth-text')}>{status.enrolled ? m.statusOn : m.statusOff}</p>
          <IssueList issues={mfa.issues} />
          <div className={cn('auth-actions')}>
            {status.enrolled ? (
              <ActionButton onClick={mfa.startDisable} autoFocusOnStep>
                {m.turnOff}
              </ActionButton>
            ) : (
              <ActionButton variant="primary" onClick={() => void mfa.startEnroll()} autoFocusOnStep>
                {m.turnOn}
              </ActionButton>
            )}
          </div>
        </>
      ) : null}

      {step === 'enroll' ? (
        <form className={cn('auth-form')} noValidate onSubmit={submitWith(mfa.submit)}>
          {status?.enrollQrCode ? (
            <>
              <p className={cn('auth-text')}>{m.enrollInstructions}</p>
              <img className={cn('auth-qr-code')} src={status.enrollQrCode} alt={m.qrAlt} width={200} height={200} />
            </>
          ) : null}
          {status?.enrollSecret ? (
            <p className={cn('auth-text')}>
              {m.secretLabel}: <code className={cn('auth-secret')}>{grouped(status.enrollSecret)}</code>
            </p>
          ) : null}
          <TextField
            name="code"
            label={m.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={values.code}
            onChange={(v) => setField('code', v)}
            error={fieldErrors.code}
            autoFocusOnStep
          />
          <TextField
            name="password"
            type="password"
            label={m.passwordLabel}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(v) => setField('password', v)}
            error={fieldErrors.password}
          />
          <IssueList issues={mfa.issues} />
          <div className={cn('auth-actions')}>
            <ActionButton onClick={mfa.cancel}>{m.cancel}</ActionButton>
            <SubmitButton loading={mfa.loading}>{m.confirmOn}</SubmitButton>
          </div>
        </form>
      ) : null}

      {step === 'disable' ? (
        <form className={cn('auth-form')} noValidate onSubmit={submitWith(mfa.submit)}>
          <p className={cn('auth-text')}>{m.disableInstructions}</p>
          <TextField
            name="password"
            type="password"
            label={m.passwordLabel}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(v) => setField('password', v)}
            error={fieldErrors.password}
            autoFocusOnStep
          />
          <IssueList issues={mfa.issues} />
          <div className={cn('auth-actions')}>
            <ActionButton onClick={mfa.cancel}>{m.cancel}</ActionButton>
            <SubmitButton loading={mfa.loading}>{m.confirmOff}</SubmitButton>
          </div>
        </form>
      ) : null}
    </>
  );
}
