import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { slotClass, type InputsClassNames } from './classNames';
import { FieldError } from './fields';
import type { useCombobox } from '../primitives/useCombobox';

/** The markup every picker shares: label, combobox input, listbox, and a status line under it. */
export const ComboboxField = /* @__PURE__ */ forwardRef<
  HTMLInputElement,
  {
    id: string;
    label: string;
    combobox: Pick<ReturnType<typeof useCombobox<unknown>>, 'isOpen' | 'setOpen' | 'getInputProps' | 'getListboxProps'>;
    inputValue: string;
    onInputValueChange: (text: string) => void;
    options: ReactNode;
    /** 'Nothing found', 'Searching...' or undefined, shown only while the list is open. */
    status?: string;
    error?: string;
    before?: ReactNode;
    classNames: InputsClassNames | undefined;
    inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'>;
  }
>(function ComboboxField(
  { id, label, combobox, inputValue, onInputValueChange, options, status, error, before, classNames, inputProps },
  ref
) {
  const own = combobox.getInputProps();
  return (
    <div className={slotClass('inputs-field', classNames)}>
      <label className={slotClass('inputs-label', classNames)} htmlFor={id}>
        {label}
      </label>
      {before}
      <div className={slotClass('inputs-combobox', classNames)} data-state={combobox.isOpen ? 'open' : 'closed'}>
        <input
          {...inputProps}
          {...own}
          ref={ref}
          id={id}
          className={slotClass('input', classNames, inputProps.className)}
          value={inputValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            onInputValueChange(e.target.value);
            combobox.setOpen(true);
          }}
          onClick={() => combobox.setOpen(!combobox.isOpen)}
          onKeyDown={(e) => {
            inputProps.onKeyDown?.(e);
            if (!e.defaultPrevented) own.onKeyDown(e);
          }}
          onBlur={(e) => {
            inputProps.onBlur?.(e);
            own.onBlur();
          }}
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
      <FieldError id={`${id}-error`} classNames={classNames} error={error} />
    </div>
  );
});
