import { forwardRef, useId, useState } from 'react';
import { slotClass, type InputsClassNames } from './classNames';
import { FieldError } from './fields';
import { describedBy, type InnerInputProps, type InputRootAttributes } from './innerInputProps';
import { mergeHandlers } from '../primitives/mergeHandlers';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useMessages } from '../locale/MessagesContext';

/** Every text of {@link DateTimeInput}. */
export interface DateTimeInputMessages {
  /** Shown at the field when the date and time are incomplete or not a real date. */
  readonly invalid: string;
}

/** The default English texts of {@link DateTimeInput}. */
export const defaultDateTimeInputMessages: DateTimeInputMessages = {
  invalid: 'Enter a complete date and time',
};

// Written out rather than taken from date-fns: its parse and format pull in 6 KB of locale code
// for what is a fixed ISO layout.
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A FHIR dateTime as the `datetime-local` control shows it, in the browser's time zone. */
export function dateTimeToLocalInput(value: string | undefined): string {
  if (!value || value.length > 40) return '';
  // A date alone is a local day, not UTC midnight as `new Date('2026-01-31')` would read it.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The `datetime-local` control's text as a FHIR dateTime with the local offset; undefined when empty or invalid. */
export function localInputToDateTime(text: string): string | undefined {
  const match = LOCAL.exec(text);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  // 2026-02-30 rolls over to March: not a real date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${text}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** Headless dateTime editing: the control's text, whether it is invalid, and its change handler. */
export function useDateTimeInput(props: ValueProps<string>) {
  const [value, setValue] = useControllableState(props);
  const [text, setText] = useState(() => dateTimeToLocalInput(value));
  const [invalid, setInvalid] = useState(false);
  // A new value from outside (controlled) replaces the text, unless the user is mid-correction.
  const shown = dateTimeToLocalInput(value);
  if (!invalid && shown !== text) setText(shown);
  const onInput = (next: string, badInput = false) => {
    const dateTime = localInputToDateTime(next);
    const bad = badInput || (next !== '' && dateTime === undefined);
    setText(next);
    setInvalid(bad);
    if (!bad) setValue(dateTime ?? '');
  };
  return { text, invalid, onInput };
}

/** Props of {@link DateTimeInput}. */
export interface DateTimeInputProps extends ValueProps<string>, InnerInputProps, InputRootAttributes {
  /** The field's label. */
  readonly label: string;
  readonly messages?: Partial<DateTimeInputMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * Edits a FHIR dateTime (ISO 8601 with offset) with the browser's date-and-time control. An empty
 * field gives ''. The ref and other HTML attributes go to the root field; `inputProps` and
 * `inputRef` to the `<input>`.
 */
export const DateTimeInput = /* @__PURE__ */ forwardRef<HTMLDivElement, DateTimeInputProps>(function DateTimeInput(
  {
    label,
    value,
    defaultValue,
    onValueChange,
    messages,
    classNames,
    inputProps = {},
    inputRef,
    disabled,
    readOnly,
    className,
    ...rest
  },
  ref
) {
  const m = useMessages('dateTimeInput', defaultDateTimeInputMessages, messages);
  const ownId = useId();
  const { className: inputClassName, onChange, ...inputAttributes } = inputProps;
  const id = inputAttributes.id ?? ownId;
  const { text, invalid, onInput } = useDateTimeInput({ value, defaultValue, onValueChange });
  return (
    <div
      {...rest}
      ref={ref}
      className={slotClass('inputs-field', classNames, className)}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
    >
      <label className={slotClass('inputs-label', classNames)} htmlFor={id}>
        {label}
      </label>
      <input
        disabled={disabled}
        readOnly={readOnly}
        {...inputAttributes}
        ref={inputRef}
        id={id}
        type="datetime-local"
        className={slotClass('input', classNames, inputClassName)}
        value={text}
        aria-invalid={invalid || inputAttributes['aria-invalid']}
        aria-describedby={describedBy(inputAttributes['aria-describedby'], invalid && `${id}-error`)}
        onChange={mergeHandlers(onChange, (e) => onInput(e.target.value, e.target.validity?.badInput))}
      />
      <FieldError id={`${id}-error`} classNames={classNames} error={invalid ? m.invalid : undefined} />
    </div>
  );
});
