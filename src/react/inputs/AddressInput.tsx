import { forwardRef, type FieldsetHTMLAttributes } from 'react';
import type { Address } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { compact, SelectField, TextField } from './fields';
import { MoreFields } from './MoreFields';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useMessages } from '../locale/MessagesContext';

/** Address.use codes the editor offers. */
export const ADDRESS_USES = ['home', 'work', 'temp', 'old', 'billing'] as const;
/** Address.type codes the editor offers. */
export const ADDRESS_TYPES = ['postal', 'physical', 'both'] as const;

/** Every text of {@link AddressInput}. */
export interface AddressInputMessages {
  readonly use: string;
  readonly type: string;
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  /** The summary of the disclosure that holds use and type. */
  readonly more: string;
  /** The label of a use or type code in the drop-downs. */
  readonly code: (code: string) => string;
}

/** The default English texts of {@link AddressInput}. */
export const defaultAddressInputMessages: AddressInputMessages = {
  use: 'Use',
  type: 'Type',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  more: 'More',
  code: (code) => code.charAt(0).toUpperCase() + code.slice(1),
};

/** The editable parts of an Address. */
export type AddressField = 'use' | 'type' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode';

/** Headless address editing: the address and a setter per part; empty parts are left out. */
export function useAddressInput(props: ValueProps<Address>) {
  const [address = {}, setAddress] = useControllableState(props);
  const line = address.line ?? [];
  const setField = (field: AddressField, text: string | undefined) => {
    const next: Address = { ...address };
    if (field === 'line1' || field === 'line2') {
      const lines = [line[0] ?? '', line[1] ?? ''];
      lines[field === 'line1' ? 0 : 1] = text ?? '';
      // A trailing empty line is dropped; a leading one keeps line 2 in its place.
      next.line = lines[1] ? lines : lines[0] ? [lines[0]] : undefined;
    } else {
      (next as Record<string, unknown>)[field] = text || undefined;
    }
    setAddress(compact(next));
  };
  return { address, line1: line[0] ?? '', line2: line[1] ?? '', setField };
}

/** Props of {@link AddressInput}. */
export interface AddressInputProps
  extends ValueProps<Address>, Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'defaultValue' | 'onChange'> {
  /** The legend of the group, e.g. 'Address'. */
  readonly label: string;
  readonly messages?: Partial<AddressInputMessages>;
  readonly classNames?: InputsClassNames;
  readonly readOnly?: boolean;
}

/**
 * Edits a FHIR Address: two lines, city, state and postal code first, as a patient fills them;
 * use and type behind a 'More' disclosure (`messages.more`), open when either has a value.
 */
export const AddressInput = /* @__PURE__ */ forwardRef<HTMLFieldSetElement, AddressInputProps>(function AddressInput(
  { label, value, defaultValue, onValueChange, messages, classNames, disabled, readOnly, className, ...rest },
  ref
) {
  const m = useMessages('addressInput', defaultAddressInputMessages, messages);
  const { address, line1, line2, setField } = useAddressInput({ value, defaultValue, onValueChange });
  const common = { classNames, disabled, readOnly };
  return (
    <fieldset
      {...rest}
      ref={ref}
      disabled={disabled}
      className={slotClass('inputs-fieldset', classNames, className)}
      data-readonly={readOnly || undefined}
    >
      <legend className={slotClass('inputs-legend', classNames)}>{label}</legend>
      <TextField
        {...common}
        label={m.line1}
        value={line1}
        autoComplete="address-line1"
        onChange={(t) => setField('line1', t)}
      />
      <TextField
        {...common}
        label={m.line2}
        value={line2}
        autoComplete="address-line2"
        onChange={(t) => setField('line2', t)}
      />
      <div className={slotClass('inputs-row', classNames)}>
        <TextField
          {...common}
          label={m.city}
          value={address.city ?? ''}
          autoComplete="address-level2"
          onChange={(t) => setField('city', t)}
        />
        <TextField
          {...common}
          label={m.state}
          value={address.state ?? ''}
          autoComplete="address-level1"
          onChange={(t) => setField('state', t)}
        />
        <TextField
          {...common}
          label={m.postalCode}
          value={address.postalCode ?? ''}
          autoComplete="postal-code"
          onChange={(t) => setField('postalCode', t)}
        />
      </div>
      <MoreFields label={m.more} hasValue={!!(address.use || address.type)} classNames={classNames}>
        <SelectField
          label={m.use}
          value={address.use}
          options={ADDRESS_USES}
          optionLabel={m.code}
          onChange={(v) => setField('use', v)}
          classNames={classNames}
          disabled={disabled || readOnly}
        />
        <SelectField
          label={m.type}
          value={address.type}
          options={ADDRESS_TYPES}
          optionLabel={m.code}
          onChange={(v) => setField('type', v)}
          classNames={classNames}
          disabled={disabled || readOnly}
        />
      </MoreFields>
    </fieldset>
  );
});
