import { useCallback, useRef, useState } from 'react';
import { useFhirClient } from '../FhirProvider';
import { noErrors, toFormErrors, type FormErrors } from './formErrors';
import { defaultChangePasswordMessages, type ChangePasswordMessages } from './securityMessages';
import { useMessages } from '../locale/MessagesContext';

/** The fields of the change-password form, named as the server's issue expressions name them. */
export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

/** What the change-password form holds. */
export type ChangePasswordValues = Record<ChangePasswordField, string>;

/** The reference server's shortest password (and most servers'). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;

const FIELDS: readonly ChangePasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Options of useChangePassword. */
export interface UseChangePasswordOptions {
  /** Shortest new password accepted before asking the server; 8 by default. */
  readonly minPasswordLength?: number;
  /** Texts of the checks and failures; see ChangePasswordForm's `messages`. */
  readonly messages?: Partial<ChangePasswordMessages>;
  /** Called once the server accepted the new password. */
  readonly onSuccess?: () => void;
}

/** What useChangePassword returns. */
export interface UseChangePasswordResult {
  readonly values: ChangePasswordValues;
  readonly loading: boolean;
  readonly fieldErrors: FormErrors<ChangePasswordField>['fieldErrors'];
  /** Failures no field claims (network, server, a limit reached). */
  readonly issues: readonly string[];
  /** True after a change went through, until the user types again. */
  readonly changed: boolean;
  setField(field: ChangePasswordField, value: string): void;
  /** Checks the fields, then POSTs auth/changepassword; errors land in fieldErrors and issues. */
  submit(): Promise<void>;
}

/**
 * Headless change-password form: current, new and confirmed password, checked here first (all
 * filled, the new one long enough, confirmed and not the current one) so invalid input never
 * reaches the server; then the server's issues are placed at the field their expression names.
 * What was typed stays on failure and is cleared on success.
 */
export function useChangePassword(options: UseChangePasswordOptions = {}): UseChangePasswordResult {
  const { minPasswordLength = DEFAULT_MIN_PASSWORD_LENGTH, onSuccess } = options;
  const client = useFhirClient();
  const m = useMessages('changePassword', defaultChangePasswordMessages, options.messages);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<ChangePasswordField>>(noErrors);
  const [loading, setLoading] = useState(false);
  const [changed, setChanged] = useState(false);
  // A second submit while one is in flight is ignored (the button stays enabled, aria-busy).
  const inFlight = useRef(false);
  // Read at submit time, so a submit right after typing sees the last keystroke.
  const latest = useRef(values);
  latest.current = values;

  const setField = useCallback((field: ChangePasswordField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChanged(false);
  }, []);

  const submit = useCallback(async () => {
    if (inFlight.current) return;
    const v = latest.current;
    const labels = {
      oldPassword: m.oldPasswordLabel,
      newPassword: m.newPasswordLabel,
      confirmPassword: m.confirmPasswordLabel,
    };
    const fieldErrors: Partial<Record<ChangePasswordField, string>> = {};
    for (const field of FIELDS) if (!v[field]) fieldErrors[field] = m.fieldRequired(labels[field]);
    if (v.newPassword && v.newPassword.length < minPasswordLength)
      fieldErrors.newPassword = m.passwordTooShort(minPasswordLength);
    else if (v.newPassword && v.newPassword === v.oldPassword) fieldErrors.newPassword = m.sameAsCurrent;
    if (v.confirmPassword && v.newPassword && v.confirmPassword !== v.newPassword)
      fieldErrors.confirmPassword = m.passwordsDiffer;
    setChanged(false);
    if (Object.keys(fieldErrors).length) {
      setErrors({ fieldErrors, issues: [] });
      return;
    }
    inFlight.current = true;
    setLoading(true);
    setErrors(noErrors);
    try {
      await client.changePassword(v.oldPassword, v.newPassword);
      setValues(EMPTY);
      setChanged(true);
      onSuccess?.();
    } catch (error) {
      setErrors(toFormErrors(error, FIELDS, m));
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }, [client, m, minPasswordLength, onSuccess]);

  return { values, loading, fieldErrors: errors.fieldErrors, issues: errors.issues, changed, setField, submit };
}
