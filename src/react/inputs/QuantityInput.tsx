import { forwardRef, useId, useState, type FieldsetHTMLAttributes } from 'react';
import type { Quantity } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { compact, FieldError, SelectField } from './fields';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';

/** Quantity.comparator codes the editor offers. */
export const QUANTITY_COMPARATORS = ['<', '<=', '>=', '>'] as const;
type Comparator = (typeof QUANTITY_COMPARATORS)[number];

/** Every text of {@link QuantityInput}. */
export interface QuantityInputMessages {
  readonly comparator: string;
  readonly value: string;
  readonly unit: string;
  /** Shown at the value when what was typed is not a number. */
  readonly invalidNumber: string;
}

/** The default English texts of {@link QuantityInput}. */
export const defaultQuantityInputMessages: QuantityInputMessages = {
  comparator: 'Comparator',
  value: 'Value',
  unit: 'Unit',
  invalidNumber: 'Enter a number',
};

// A FHIR decimal. Lengths are checked first (FHIR allows 18 significant digits) and the
// pattern has no nested repetition, so it runs in linear time.
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,3})?$/;
const MAX_NUMBER_LENGTH = 32;

/** The number `text` says, or undefined when it is not a finite decimal. */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  if (!t || t.length > MAX_NUMBER_LENGTH || !DECIMAL.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Headless quantity editing. The typed value is kept as text, so a half-typed or invalid number
 * stays on screen with its message and never becomes the Quantity (`onValueChange` is not called).
 */
export function useQuantityInput(props: ValueProps<Quantity>) {
  const [quantity = {}, setQuantity] = useControllableState(props);
  const [text, setText] = useState(quantity.value === undefined ? '' : String(quantity.value));
  const [invalid, setInvalid] = useState(false);
  // A new value from outside (controlled) replaces the text unless it is what the text says.
  if (quantity.value !== undefined && parseDecimal(text) !== quantity.value && !invalid) {
    setText(String(quantity.value));
  }
  const setValueText = (next: string) => {
    setText(next);
    const n = parseDecimal(next);
    const bad = next.trim() !== '' && n === undefined;
    setInvalid(bad);
    if (!bad) setQuantity(compact({ ...quantity, value: n }));
  };
  const setComparator = (comparator: Comparator | undefined) => setQuantity(compact({ ...quantity, comparator }));
  const setUnit = (unit: string) => setQuantity(compact({ ...quantity, unit: unit || undefined }));
  return { quantity, text, invalid, setValueText, setComparator, setUnit };
}

/** Props of {@link QuantityInput}. */
export interface QuantityInputProps
  extends ValueProps<Quantity>, Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'defaultValue' | 'onChange'> {
  /** The legend of the group, e.g. 'Dose'. */
  readonly label: string;
  readonly messages?: Partial<QuantityInputMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * Edits a FHIR Quantity: comparator, value and unit. The value is a text field with the decimal
 * keyboard rather than `type="number"`: the mouse wheel cannot step it, and what is not a number
 * stays visible with a message instead of being silently emptied by the browser.
 */
export const QuantityInput = /* @__PURE__ */ forwardRef<HTMLFieldSetElement, QuantityInputProps>(function QuantityInput(
  { label, value, defaultValue, onValueChange, messages, classNames, disabled, className, ...rest },
  ref
) {
  const m = { ...defaultQuantityInputMessages, ...messages };
  const { quantity, text, invalid, setValueText, setComparator, setUnit } = useQuantityInput({
    value,
    defaultValue,
    onValueChange,
  });
  const id = useId();
  return (
    <fieldset
      {...rest}
      ref={ref}
      disabled={disabled}
      className={slotClass('inputs-fieldset', classNames, className)}
      data-invalid={invalid || undefined}
    >
      <legend className={slotClass('inputs-legend', classNames)}>{label}</legend>
      <div className={slotClass('inputs-row', classNames)}>
        <SelectField
          label={m.comparator}
          value={quantity.comparator}
          options={QUANTITY_COMPARATORS}
          optionLabel={(c) => c}
          onChange={setComparator}
          classNames={classNames}
        />
        <div className={slotClass('inputs-field', classNames)}>
          <label className={slotClass('inputs-label', classNames)} htmlFor={id}>
            {m.value}
          </label>
          <input
            id={id}
            inputMode="decimal"
            className={slotClass('input', classNames)}
            value={text}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(e) => setValueText(e.target.value)}
          />
          <FieldError id={`${id}-error`} classNames={classNames} error={invalid ? m.invalidNumber : undefined} />
        </div>
        <div className={slotClass('inputs-field', classNames)}>
          <label className={slotClass('inputs-label', classNames)} htmlFor={`${id}-unit`}>
            {m.unit}
          </label>
          <input
            id={`${id}-unit`}
            className={slotClass('input', classNames)}
            value={quantity.unit ?? ''}
            onChange={(e) => setUnit(e.target.value)}
          />
        </div>
      </div>
    </fieldset>
  );
});
