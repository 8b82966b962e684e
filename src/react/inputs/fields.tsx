// The labelled fields the composite edit inputs are built from (text, select, the error under a
// field), and compact, with which those inputs drop the parts a user emptied from their value.
import { useId, type ReactNode } from 'react';
import { slotClass, type InputsClassNames } from './classNames';

/** One labelled text field inside a composite input (address line, city, given name...). */
export function TextField({
  label,
  value,
  onChange,
  classNames,
  disabled,
  readOnly,
  autoComplete,
  error,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  classNames: InputsClassNames | undefined;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className={slotClass('inputs-field', classNames)}>
      <label className={slotClass('inputs-label', classNames)} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={slotClass('input', classNames)}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} classNames={classNames} error={error} />
    </div>
  );
}

/** One labelled `<select>` whose first option is blank (no value). */
export function SelectField<V extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  classNames,
  disabled,
}: {
  label: string;
  value: V | undefined;
  options: readonly V[];
  optionLabel: (option: V) => string;
  onChange: (value: V | undefined) => void;
  classNames: InputsClassNames | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={slotClass('inputs-field', classNames)}>
      <label className={slotClass('inputs-label', classNames)} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={slotClass('select', classNames)}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      >
        <option value="" />
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The message under a field whose value is invalid; absent when there is none. */
export function FieldError({
  id,
  error,
  classNames,
}: {
  id: string;
  error: ReactNode | undefined;
  classNames: InputsClassNames | undefined;
}) {
  if (!error) return null;
  return (
    <p id={id} className={slotClass('inputs-error', classNames)}>
      {error}
    </p>
  );
}

/** Copies `object` without the keys whose value is undefined, an empty string or an empty array. */
export function compact<T extends object>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.every((x) => x === '' || x === undefined))
    )
  ) as T;
}
