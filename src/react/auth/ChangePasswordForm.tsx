import { forwardRef } from 'react';
import { useCn } from './authClassContext';
import { SubmitButton, TextField } from './fields';
import { submitWith, useFocusFirstInvalid } from './focus';
import { IssueList } from './notices';
import { defaultChangePasswordMessages, type ChangePasswordMessages } from './securityMessages';
import { SettingsCard, useCardRoot, type SettingsCardProps } from './SettingsCard';
import { useChangePassword, type UseChangePasswordOptions } from './useChangePassword';
import { useMessages } from '../locale/MessagesContext';

/** Props of ChangePasswordForm. */
export interface ChangePasswordFormProps extends Omit<UseChangePasswordOptions, 'messages'>, SettingsCardProps {
  /** Replaces any of the card's texts. */
  readonly messages?: Partial<ChangePasswordMessages>;
}

/**
 * The signed-in user's change-password card: current password, new password and its
 * confirmation. Each error shows under its field (the server's too, by issue expression); on
 * success the fields clear and a status line says so. The ref and other props go to the
 * `<section>` root.
 */
export const ChangePasswordForm = /* @__PURE__ */ forwardRef<HTMLElement, ChangePasswordFormProps>(
  function ChangePasswordForm({ messages, minPasswordLength, onSuccess, ...card }, ref) {
    const m = useMessages('changePassword', defaultChangePasswordMessages, messages);
    const form = useChangePassword({ messages, minPasswordLength, onSuccess });
    const [root, rootRef] = useCardRoot(ref);
    useFocusFirstInvalid(Object.keys(form.fieldErrors).join(','), root);
    return (
      <SettingsCard {...card} ref={rootRef} title={m.title} loading={form.loading}>
        <Form form={form} m={m} />
      </SettingsCard>
    );
  }
);

// Inside the card, so the parts read its class names from context.
function Form({ form, m }: { form: ReturnType<typeof useChangePassword>; m: ChangePasswordMessages }) {
  const cn = useCn();
  const { values, fieldErrors, setField } = form;
  return (
    <form className={cn('auth-form')} noValidate onSubmit={submitWith(form.submit)}>
      <TextField
        name="oldPassword"
        type="password"
        label={m.oldPasswordLabel}
        autoComplete="current-password"
        required
        value={values.oldPassword}
        onChange={(v) => setField('oldPassword', v)}
        error={fieldErrors.oldPassword}
      />
      <TextField
        name="newPassword"
        type="password"
        label={m.newPasswordLabel}
        autoComplete="new-password"
        required
        value={values.newPassword}
        onChange={(v) => setField('newPassword', v)}
        error={fieldErrors.newPassword}
      />
      <TextField
        name="confirmPassword"
        type="password"
        label={m.confirmPasswordLabel}
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={(v) => setField('confirmPassword', v)}
        error={fieldErrors.confirmPassword}
      />
      <IssueList issues={form.issues} />
      {/* Always present, so screen readers announce the text when it appears. */}
      <p role="status" className={cn('auth-status')}>
        {form.changed ? m.changed : null}
      </p>
      <div className={cn('auth-actions')}>
        <SubmitButton loading={form.loading}>{m.submit}</SubmitButton>
      </div>
    </form>
  );
}
