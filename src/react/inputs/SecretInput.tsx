import { forwardRef, useId, useState } from 'react';
import { slotClass, type InputsClassNames } from './classNames';
import type { InnerInputProps, InputRootAttributes } from './innerInputProps';
import { mergeHandlers } from '../primitives/mergeHandlers';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useMessages } from '../locale/MessagesContext';

/** What a hidden secret shows, whatever its length (8 dots). */
export const SECRET_MASK = '••••••••';

/** Every text of {@link SecretInput}. */
export interface SecretInputMessages {
  readonly reveal: string;
  readonly hide: string;
}

/** The default English texts of {@link SecretInput}. */
export const defaultSecretInputMessages: SecretInputMessages = { reveal: 'Reveal', hide: 'Hide' };

/** Headless secret field: the value, whether it is revealed, and the toggle. */
export function useSecretInput(props: ValueProps<string>) {
  const [value = '', setValue] = useControllableState(props);
  const [revealed, setRevealed] = useState(false);
  return { value, setValue, revealed, toggle: () => setRevealed((r) => !r) };
}

/** Props of {@link SecretInput}. */
export interface SecretInputProps extends ValueProps<string>, InnerInputProps, InputRootAttributes {
  /** The field's label. */
  readonly label: string;
  readonly messages?: Partial<SecretInputMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * A secret string (client secret, API key): shows 8 dots, not its length, until revealed, and
 * can be edited only once revealed. The ref and other HTML attributes go to the root field;
 * `inputProps` and `inputRef` to the `<input>`.
 */
export const SecretInput = /* @__PURE__ */ forwardRef<HTMLDivElement, SecretInputProps>(function SecretInput(
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
  const m = useMessages('secretInput', defaultSecretInputMessages, messages);
  const ownId = useId();
  const { className: inputClassName, onChange, ...inputAttributes } = inputProps;
  const id = inputAttributes.id ?? ownId;
  const secret = useSecretInput({ value, defaultValue, onValueChange });
  return (
    <div
      {...rest}
      ref={ref}
      className={slotClass('inputs-field', classNames, className)}
      data-disabled={disabled || undefined}
    >
      <label className={slotClass('inputs-label', classNames)} htmlFor={id}>
        {label}
      </label>
      <div className={slotClass('inputs-secret', classNames)} data-state={secret.revealed ? 'revealed' : 'hidden'}>
        <input
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          {...inputAttributes}
          ref={inputRef}
          id={id}
          className={slotClass('input', classNames, inputClassName)}
          value={secret.revealed ? secret.value : secret.value ? SECRET_MASK : ''}
          readOnly={readOnly || !secret.revealed}
          onChange={mergeHandlers(onChange, (e) => secret.setValue(e.target.value))}
        />
        <button
          type="button"
          disabled={disabled}
          className={slotClass('button', classNames)}
          data-variant="outline"
          aria-pressed={secret.revealed}
          aria-controls={id}
          onClick={secret.toggle}
        >
          {secret.revealed ? m.hide : m.reveal}
        </button>
      </div>
    </div>
  );
});
