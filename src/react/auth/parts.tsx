import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { getDefaultAuthClassNames, type AuthClassNames, type AuthSlotName } from './classNames';
import { GOOGLE_SCRIPT_URL, loadScript } from './loadScript';
import type { AuthCommonMessages } from './messages';

const defaults = getDefaultAuthClassNames();

/** Resolves a part's class name (the user's or `fpk-${slot}`) plus extra classes. */
export type ClassNameOf = (slot: AuthSlotName, ...extra: (string | undefined | false)[]) => string;

export const AuthClassContext = /* @__PURE__ */ createContext<ClassNameOf>((slot) => defaults[slot]);

/** Builds the class name resolver for a card. */
export function makeClassNameOf(classNames: AuthClassNames | undefined): ClassNameOf {
  return (slot, ...extra) => [classNames?.[slot] ?? defaults[slot], ...extra].filter(Boolean).join(' ');
}

function useCn(): ClassNameOf {
  return useContext(AuthClassContext);
}

/** Heading level of a card's top heading. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export function Heading(props: { level: HeadingLevel; children: ReactNode }): ReactNode {
  const cn = useCn();
  const Tag = `h${props.level}` as const;
  // tabIndex -1: focus lands here on a step without fields, so screen readers hear the new step.
  return (
    <Tag className={cn('auth-heading')} tabIndex={-1} data-step-heading="">
      {props.children}
    </Tag>
  );
}

export interface TextFieldProps {
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string;
  readonly type?: 'text' | 'email' | 'password' | 'search';
  readonly required?: boolean;
  readonly placeholder?: string;
  readonly autoComplete?: string;
  readonly inputMode?: 'numeric' | 'text' | 'email';
  /** Hide the label visually (a search box with a placeholder); it stays the accessible name. */
  readonly hideLabel?: boolean;
  /** Receives focus when the step starts. */
  readonly autoFocusOnStep?: boolean;
}

export function TextField(props: TextFieldProps): ReactNode {
  const cn = useCn();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('auth-field')} data-invalid={props.error ? '' : undefined}>
      <label htmlFor={id} className={cn('auth-label', props.hideLabel && 'fpk-auth-visually-hidden')}>
        {props.label}
        {props.required ? (
          <span className="fpk-auth-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={props.name}
        className={cn('auth-input')}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        data-autofocus={props.autoFocusOnStep ? '' : undefined}
      />
      {props.error ? (
        <p id={errorId} className={cn('auth-field-error')}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox(props: {
  readonly name: string;
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly nested?: boolean;
  readonly autoFocusOnStep?: boolean;
}): ReactNode {
  const cn = useCn();
  return (
    <label className={cn('auth-checkbox')} data-nested={props.nested ? '' : undefined}>
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        data-autofocus={props.autoFocusOnStep ? '' : undefined}
      />
      <span>{props.label}</span>
    </label>
  );
}

export function SubmitButton(props: { readonly loading: boolean; readonly children: ReactNode }): ReactNode {
  const cn = useCn();
  return (
    <button
      type="submit"
      className={cn('auth-button')}
      data-variant="primary"
      aria-busy={props.loading || undefined}
      data-loading={props.loading ? '' : undefined}
    >
      {props.children}
    </button>
  );
}

/** A link when an href is given, a button styled as a link when only a handler is. */
export function ActionLink(props: {
  readonly href?: string;
  readonly onClick?: () => void;
  readonly children: ReactNode;
}): ReactNode {
  const cn = useCn();
  if (props.href) {
    return (
      <a className={cn('auth-link')} href={props.href} onClick={props.onClick}>
        {props.children}
      </a>
    );
  }
  if (props.onClick) {
    return (
      <button type="button" className={cn('auth-link')} onClick={props.onClick}>
        {props.children}
      </button>
    );
  }
  return null;
}

/** The red alert titled 'Error' (MFA failures). */
export function ErrorAlert(props: { readonly title: string; readonly message: string }): ReactNode {
  const cn = useCn();
  return (
    <div role="alert" className={cn('auth-alert')} data-variant="error">
      <p className={cn('auth-alert-title')}>{props.title}</p>
      <p>{props.message}</p>
    </div>
  );
}

/** Server issues no field claims, announced as they appear. */
export function IssueList(props: { readonly issues: readonly string[] }): ReactNode {
  const cn = useCn();
  if (!props.issues.length) return null;
  return (
    <div role="alert" className={cn('auth-issues')}>
      <ul>
        {props.issues.map((issue, index) => (
          <li key={index}>{issue}</li>
        ))}
      </ul>
    </div>
  );
}

export function PolicyNotice(props: {
  readonly action: string;
  readonly messages: AuthCommonMessages;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
}): ReactNode {
  const cn = useCn();
  const { messages } = props;
  const link = (href: string | undefined, text: string) =>
    href ? (
      <a className={cn('auth-link')} href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    );
  return (
    <p className={cn('auth-notice')}>
      {messages.policyNoticeBefore(props.action)}
      {link(props.privacyPolicyHref, messages.privacyPolicy)}
      {messages.policyNoticeAnd}
      {link(props.termsHref, messages.termsOfService)}
      {messages.policyNoticeAfter}
    </p>
  );
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

/** Google's sign-in button; its script loads only when a client id is given. */
export function GoogleButton(props: {
  readonly googleClientId?: string;
  readonly label: string;
  readonly onCredential: (credential: string) => void;
}): ReactNode {
  const cn = useCn();
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(props.onCredential);
  callback.current = props.onCredential;
  const { googleClientId } = props;
  useEffect(() => {
    if (!googleClientId) return;
    let cancelled = false;
    // An app (or a story) that already loaded Google Identity Services skips the script.
    const existing = (window as unknown as { google?: GoogleIdentity }).google?.accounts?.id;
    (existing ? Promise.resolve() : loadScript(GOOGLE_SCRIPT_URL))
      .then(() => {
        const google = (window as unknown as { google?: GoogleIdentity }).google;
        if (cancelled || !google || !ref.current) return;
        google.accounts.id.initialize({
          client_id: googleClientId,
          callback: (response) => callback.current(response.credential),
        });
        google.accounts.id.renderButton(ref.current, { type: 'standard', size: 'large', text: 'signin_with' });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [googleClientId]);
  if (!googleClientId) return null;
  return <div ref={ref} className={cn('auth-google')} aria-label={props.label} role="group" />;
}

export function Divider(props: { readonly children: ReactNode }): ReactNode {
  const cn = useCn();
  return (
    <div className={cn('auth-divider')} role="separator" aria-label={String(props.children)}>
      <span aria-hidden="true">{props.children}</span>
    </div>
  );
}

/**
 * Moves focus when the step changes (not on first render): to the step's first marked field,
 * else to its heading.
 */
export function useStepFocus(step: string, root: RefObject<HTMLElement | null>): void {
  // Compare with the last step seen rather than skipping the first run: StrictMode runs effects twice.
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    const el = root.current;
    if (!el) return;
    const target =
      el.querySelector<HTMLElement>('[data-autofocus]') ?? el.querySelector<HTMLElement>('[data-step-heading]');
    target?.focus();
  }, [step, root]);
}

/** After a failed submit, focuses the first field marked invalid. */
export function useFocusFirstInvalid(errorsKey: string, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!errorsKey) return;
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsKey, root]);
}

/** A form submit handler that runs a step action; the action reports its own errors in state. */
export function submitWith(action: () => Promise<void>) {
  return (event: FormEvent): void => {
    event.preventDefault();
    void action();
  };
}

/** The create-project step both forms end in for a new project: name, policy notice, submit. */
export function CreateProjectStep(props: {
  readonly messages: AuthCommonMessages;
  readonly projectName: string;
  readonly onProjectNameChange: (value: string) => void;
  readonly error?: string;
  readonly issues: readonly string[];
  readonly loading: boolean;
  readonly onSubmit: () => Promise<void>;
  readonly privacyPolicyHref?: string;
  readonly termsHref?: string;
}): ReactNode {
  const cn = useCn();
  const m = props.messages;
  return (
    <form className={cn('auth-form')} noValidate onSubmit={submitWith(props.onSubmit)}>
      <TextField
        name="projectName"
        label={m.projectNameLabel}
        placeholder={m.projectNamePlaceholder}
        autoComplete="organization"
        required
        value={props.projectName}
        onChange={props.onProjectNameChange}
        error={props.error}
        autoFocusOnStep
      />
      <PolicyNotice
        action={m.createProject}
        messages={m}
        privacyPolicyHref={props.privacyPolicyHref}
        termsHref={props.termsHref}
      />
      <IssueList issues={props.issues} />
      <div className={cn('auth-actions')}>
        <SubmitButton loading={props.loading}>{m.createProject}</SubmitButton>
      </div>
    </form>
  );
}

/** The optional Google sign-in with its 'or' divider above a form; nothing without a client id. */
export function GoogleOption(props: {
  readonly googleClientId?: string;
  readonly label: string;
  readonly or: string;
  readonly onCredential: (credential: string) => void | Promise<void>;
}): ReactNode {
  if (!props.googleClientId) return null;
  return (
    <>
      <GoogleButton googleClientId={props.googleClientId} label={props.label} onCredential={props.onCredential} />
      <Divider>{props.or}</Divider>
    </>
  );
}
