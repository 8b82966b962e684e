import { forwardRef, type ReactNode } from 'react';
import { slotClass, type InputsClassNames } from './classNames';
import { FieldError } from './fields';
import { describedBy, type InnerInputProps, type InputRootAttributes } from './innerInputProps';
import { mergeHandlers } from '../primitives/mergeHandlers';
import type { useCombobox } from '../primitives/useCombobox';

/** Props of {@link ComboboxField}. */
export interface ComboboxFieldProps extends InputRootAttributes, InnerInputProps {
  /** The id of the `<input>` the label names. */
  readonly inputId: string;
  readonly label: string;
  readonly combobox: Pick<
    ReturnType<typeof useCombobox<unknown>>,
    'isOpen' | 'setOpen' | 'getInputProps' | 'getListboxProps'
  >;
  readonly inputValue: string;
  readonly onInputValueChange: (text: string) => void;
  readonly options: ReactNode;
  /** 'Nothing found', 'Searching...' or undefined, shown only while the list is open. */
  readonly status?: string;
  readonly error?: string;
  readonly before?: ReactNode;
  readonly placeholder?: string;
  readonly classNames: InputsClassNames | undefined;
}

/**
 * The markup every picker shares: label, combobox input, listbox, and a status line under it.
 * The ref and HTML attributes go to the root field; `inputProps` and `inputRef` to the input.
 */
export const ComboboxField = /* @__PURE__ */ forwardRef<HTMLDivElement, ComboboxFieldProps>(function ComboboxField(
  {
    inputId,
    label,
    combobox,
    inputValue,
    onInputValueChange,
    options,
    status,
    error,
    before,
    placeholder,
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
  const { className: inputClassName, onChange, ...inputAttributes } = inputProps;
  return (
    <div
      {...rest}
      ref={ref}
      className={slotClass('inputs-field', classNames, className)}
      data-disabled={disabled || undefined}
    >
      <label className={slotClass('inputs-label', classNames)} htmlFor={inputId}>
        {label}
      </label>
      {before}
      <div className={slotClass('inputs-combobox', classNames)} data-state={combobox.isOpen ? 'open' : 'closed'}>
        <input
          {...combobox.getInputProps({
            placeholder,
            disabled,
            readOnly,
            ...inputAttributes,
            ref: inputRef,
            id: inputId,
            className: slotClass('input', classNames, inputClassName),
            value: inputValue,
            'aria-invalid': error ? true : inputAttributes['aria-invalid'],
            'aria-describedby': describedBy(inputAttributes['aria-describedby'], error && `${inputId}-error`),
            onChange: mergeHandlers(onChange, (e) => onInputValueChange(e.target.value)),
          })}
        />
        <ul className={slotClass('inputs-listbox', classNames)} aria-label={label} {...combobox.getListboxProps()}>
          {options}
        </ul>
        {combobox.isOpen && status && (
          <p className={slotClass('inputs-empty', classNames)} role="status">
            {status}
          </p>
        )}
      </div>
      <FieldError id={`${inputId}-error`} classNames={classNames} error={error} />
    </div>
  );
});
