import { forwardRef, useId, useState, type FieldsetHTMLAttributes } from 'react';
import type { Quantity } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { compact, FieldError, SelectField } from './fields';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

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

/**
 * The number `text` says, or undefined when it is not a finite decimal. `decimalSeparator` (',' in
 * fr-FR) is read as the decimal point; '.' always is. Group separators are not accepted: '1,000'
 * in en-US would be ambiguous.
 */
export function parseDecimal(text: string, decimalSeparator = '.'): number | undefined {
  const t = (decimalSeparator === '.' ? text : text.replace(decimalSeparator, '.')).trim();
  if (!t || t.length > MAX_NUMBER_LENGTH || !DECIMAL.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** The decimal separator of `locale` ('.' in en-US, ',' in fr-FR). */
export function decimalSeparatorOf(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** Options of {@link useQuantityInput}. */
export interface UseQuantityInputOptions extends ValueProps<Quantity> {
  /** The locale whose decimal separator the value is shown and typed with; default: useLocale's. */
  readonly locale?: string;
}

/**
 * Headless quantity editing. The typed value is kept as text, so a half-typed or invalid number
 * stays on screen with its message and never becomes the Quantity (`onValueChange` is not called).
 * The value is shown with the locale's decimal separator, which is also read when typed.
 */
export function useQuantityInput({ locale, ...props }: UseQuantityInputOptions) {
  const separator = decimalSeparatorOf(useLocale(locale));
  const [quantity = {}, setQuantity] = useControllableState(props);
  // What the user typed; until they type, the value as the locale writes it.
  const [typed, setTyped] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  // A new value from outside (controlled) replaces the typed text unless it is what the text says.
  if (typed !== undefined && !invalid && parseDecimal(typed, separator) !== quantity.value) setTyped(undefined);
  const text = typed ?? (quantity.value === undefined ? '' : String(quantity.value).replace('.', separator));
  const setValueText = (next: string) => {
    setTyped(next);
    const n = parseDecimal(next, separator);
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
  extends UseQuantityInputOptions, Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'defaultValue' | 'onChange'> {
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
  { label, value, defaultValue, onValueChange, locale, messages, classNames, disabled, className, ...rest },
  ref
) {
  const m = useMessages('quantityInput', defaultQuantityInputMessages, messages);
  const { quantity, text, invalid, setValueText, setComparator, setUnit } = useQuantityInput({
    value,
    defaultValue,
    onValueChange,
    locale,
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
