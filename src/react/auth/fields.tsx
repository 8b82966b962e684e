// The auth cards' form parts: heading, text field, checkbox, submit button, action link.
import { useId, type ReactNode } from 'react';
import { useCn } from './authClassContext';

/** Heading level of a card's top heading. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export function Heading(props: { level: HeadingLevel; id?: string; children: ReactNode }): ReactNode {
  const cn = useCn();
  const Tag = `h${props.level}` as const;
  // tabIndex -1: focus lands here on a step without fields, so screen readers hear the new step.
  return (
    <Tag id={props.id} className={cn('auth-heading')} tabIndex={-1} data-step-heading="">
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

/** A button that acts without submitting (Turn on, Cancel); outline unless it is the step's main action. */
export function ActionButton(props: {
  readonly onClick: () => void;
  readonly variant?: 'primary' | 'outline';
  readonly loading?: boolean;
  /** Receives focus when the step starts. */
  readonly autoFocusOnStep?: boolean;
  readonly children: ReactNode;
}): ReactNode {
  const cn = useCn();
  return (
    <button
      type="button"
      className={cn('auth-button')}
      data-variant={props.variant ?? 'outline'}
      aria-busy={props.loading || undefined}
      data-loading={props.loading ? '' : undefined}
      data-autofocus={props.autoFocusOnStep ? '' : undefined}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
