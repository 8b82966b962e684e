import { useCallback, useEffect, useRef, useState } from 'react';
import type { MfaStatus } from '../../client/login';
import { useFhirClient } from '../FhirProvider';
import { noErrors, toFormErrors, type FormErrors } from './formErrors';
import { defaultMfaSettingsMessages, type MfaSettingsMessages } from './securityMessages';
import { useMessages } from '../locale/MessagesContext';

/** Where the MFA settings stand: showing the status, enrolling (QR code and code), or turning MFA off. */
export type MfaSettingsStep = 'view' | 'enroll' | 'disable';

/** The fields of the MFA settings: the app's code (enrol) and the current password (enrol, turn off). */
export type MfaSettingsField = 'code' | 'password';

const FIELDS: readonly MfaSettingsField[] = ['code', 'password'];
// The server names the code 'token'.
const ALIASES = { token: 'code' } as const;
/** A TOTP code as authenticator apps show it: six digits, spaces allowed ('123 456'). */
const CODE = /^\d{6}$/;

/** Options of useMfaSettings. */
export interface UseMfaSettingsOptions {
  /** Texts of the checks and failures; see MfaSettings' `messages`. */
  readonly messages?: Partial<MfaSettingsMessages>;
  /** Called after MFA was turned on or off, with the new status. */
  readonly onStatusChange?: (status: MfaStatus) => void;
}

/** What useMfaSettings returns. */
export interface UseMfaSettingsResult {
  /** The server's answer; undefined until the first one arrives. */
  readonly status: MfaStatus | undefined;
  readonly step: MfaSettingsStep;
  readonly values: Record<MfaSettingsField, string>;
  /** True while a request runs (the first status load included). */
  readonly loading: boolean;
  readonly fieldErrors: FormErrors<MfaSettingsField>['fieldErrors'];
  /** Failures no field claims: the status could not load, network, server, a limit reached. */
  readonly issues: readonly string[];
  /** What just changed, to announce: 'on' or 'off'; cleared by the next action. */
  readonly changed: 'on' | 'off' | undefined;
  setField(field: MfaSettingsField, value: string): void;
  /** Shows the QR code, the secret and the code field (asks the server for them if needed). */
  startEnroll(): Promise<void>;
  /** Asks for the password that turns MFA off. */
  startDisable(): void;
  /** Back to the status, what was typed forgotten. */
  cancel(): void;
  /** Sends the step's form: the code and password (POST auth/mfa/enroll) or the password (POST auth/mfa/disable). */
  submit(): Promise<void>;
  /** Asks the server for the status again (GET auth/mfa/status). */
  reload(): Promise<void>;
}

/**
 * Headless MFA settings of the signed-in user: loads whether MFA is on; turning it on shows the
 * server's QR code and secret and needs a valid code from the app and the current password;
 * turning it off needs the current password. Input is checked here before it is sent; the server's issues go to the
 * field they name (its 'token' is the code field).
 */
export function useMfaSettings(options: UseMfaSettingsOptions = {}): UseMfaSettingsResult {
  const { onStatusChange } = options;
  const client = useFhirClient();
  const m = useMessages('mfaSettings', defaultMfaSettingsMessages, options.messages);
  const [status, setStatus] = useState<MfaStatus>();
  const [step, setStep] = useState<MfaSettingsStep>('view');
  const [values, setValues] = useState({ code: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<MfaSettingsField>>(noErrors);
  const [loading, setLoading] = useState(true);
  const [changed, setChanged] = useState<'on' | 'off'>();
  const inFlight = useRef(false);
  const latest = useRef({ values, step, status });
  latest.current = { values, step, status };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs one request at a time; its failure becomes the form's errors. */
  const run = useCallback(
    async (request: () => Promise<void>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setLoading(true);
      setErrors(noErrors);
      try {
        await request();
      } catch (error) {
        if (mounted.current) setErrors(toFormErrors(error, FIELDS, m, ALIASES));
      } finally {
        inFlight.current = false;
        if (mounted.current) setLoading(false);
      }
    },
    [m]
  );

  const reload = useCallback(
    () =>
      run(async () => {
        const next = await client.getMfaStatus();
        if (mounted.current) setStatus(next);
      }),
    [client, run]
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const setField = useCallback((field: MfaSettingsField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
  }, []);

  const to = useCallback((next: MfaSettingsStep) => {
    setStep(next);
    setValues({ code: '', password: '' });
    setErrors(noErrors);
    setChanged(undefined);
  }, []);

  const startEnroll = useCallback(async () => {
    to('enroll');
    if (latest.current.status?.enrollQrCode) return;
    // Turned off a moment ago, or loaded before: the server makes the secret when asked.
    await run(async () => {
      const next = await client.getMfaStatus();
      if (!mounted.current) return;
      setStatus(next);
      if (next.enrolled) setStep('view');
    });
  }, [client, run, to]);

  const submit = useCallback(async () => {
    const { values: v, step: current } = latest.current;
    if (current === 'view') return;
    if (current === 'enroll') {
      const code = v.code.replace(/\s+/g, '');
      if (!code) return setErrors({ fieldErrors: { code: m.fieldRequired(m.codeLabel) }, issues: [] });
      if (!CODE.test(code)) return setErrors({ fieldErrors: { code: m.invalidCode }, issues: [] });
      if (!v.password) return setErrors({ fieldErrors: { password: m.fieldRequired(m.passwordLabel) }, issues: [] });
      return run(async () => {
        const next = await client.enrollMfa(code, v.password);
        if (!mounted.current) return;
        setStatus(next);
        to('view');
        setChanged('on');
        onStatusChange?.(next);
      });
    }
    if (!v.password) return setErrors({ fieldErrors: { password: m.fieldRequired(m.passwordLabel) }, issues: [] });
    return run(async () => {
      const next = await client.disableMfa(v.password);
      if (!mounted.current) return;
      setStatus(next);
      to('view');
      setChanged('off');
      onStatusChange?.(next);
    });
  }, [client, m, onStatusChange, run, to]);

  return {
    status,
    step,
    values,
    loading,
    fieldErrors: errors.fieldErrors,
    issues: errors.issues,
    changed,
    setField,
    startEnroll,
    startDisable: useCallback(() => to('disable'), [to]),
    cancel: useCallback(() => to('view'), [to]),
    submit,
    reload,
  };
}
