import { forwardRef, type FieldsetHTMLAttributes } from 'react';
import type { HumanName } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { compact, SelectField, TextField } from './fields';
import { MoreFields } from './MoreFields';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useMessages } from '../locale/MessagesContext';

/** HumanName.use codes the editor offers. */
export const NAME_USES = ['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden'] as const;

/** Every text of {@link HumanNameInput}. */
export interface HumanNameInputMessages {
  readonly use: string;
  readonly prefix: string;
  readonly given: string;
  readonly family: string;
  readonly suffix: string;
  /** The summary of the disclosure that holds use, prefix and suffix. */
  readonly more: string;
  /** The label of a use code in the drop-down. */
  readonly code: (code: string) => string;
}

/** The default English texts of {@link HumanNameInput}. */
export const defaultHumanNameInputMessages: HumanNameInputMessages = {
  use: 'Use',
  prefix: 'Prefix',
  given: 'Given names',
  family: 'Family name',
  suffix: 'Suffix',
  more: 'More',
  code: (code) => code.charAt(0).toUpperCase() + code.slice(1),
};

/** The editable parts of a HumanName; prefix, given and suffix are lists typed space-separated. */
export type HumanNameField = 'use' | 'prefix' | 'given' | 'family' | 'suffix';

const words = (text: string) =>
  text.trim() ? text.split(' ').filter((w, i, all) => w || i === all.length - 1) : undefined;

/** Headless name editing: the name, each part as text, and a setter per part. */
export function useHumanNameInput(props: ValueProps<HumanName>) {
  const [name = {}, setName] = useControllableState(props);
  const text = (field: HumanNameField): string => {
    const v = name[field];
    return Array.isArray(v) ? v.join(' ') : (v ?? '');
  };
  const setField = (field: HumanNameField, value: string | undefined) => {
    const next: HumanName = { ...name };
    if (field === 'use') next.use = value as HumanName['use'];
    else if (field === 'family') next.family = value || undefined;
    // A trailing space is kept while typing (an empty last word), so 'Mary ' can become 'Mary Ann'.
    else next[field] = words(value ?? '');
    setName(compact(next));
  };
  return { name, text, setField };
}

/** Props of {@link HumanNameInput}. */
export interface HumanNameInputProps
  extends ValueProps<HumanName>, Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'defaultValue' | 'onChange'> {
  /** The legend of the group, e.g. 'Name'. */
  readonly label: string;
  readonly messages?: Partial<HumanNameInputMessages>;
  readonly classNames?: InputsClassNames;
  readonly readOnly?: boolean;
}

/**
 * Edits a FHIR HumanName: given names and family name first, as a patient fills them; use,
 * prefix and suffix behind a 'More' disclosure (`messages.more`), open when any has a value.
 */
export const HumanNameInput = /* @__PURE__ */ forwardRef<HTMLFieldSetElement, HumanNameInputProps>(
  function HumanNameInput(
    { label, value, defaultValue, onValueChange, messages, classNames, disabled, readOnly, className, ...rest },
    ref
  ) {
    const m = useMessages('humanNameInput', defaultHumanNameInputMessages, messages);
    const { name, text, setField } = useHumanNameInput({ value, defaultValue, onValueChange });
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
        <div className={slotClass('inputs-row', classNames)}>
          <TextField
            {...common}
            label={m.given}
            value={text('given')}
            autoComplete="given-name"
            onChange={(t) => setField('given', t)}
          />
          <TextField
            {...common}
            label={m.family}
            value={text('family')}
            autoComplete="family-name"
            onChange={(t) => setField('family', t)}
          />
        </div>
        <MoreFields
          label={m.more}
          hasValue={!!(name.use || name.prefix?.length || name.suffix?.length)}
          classNames={classNames}
        >
          <SelectField
            label={m.use}
            value={name.use}
            options={NAME_USES}
            optionLabel={m.code}
            onChange={(v) => setField('use', v)}
            classNames={classNames}
            disabled={disabled || readOnly}
          />
          <TextField
            {...common}
            label={m.prefix}
            value={text('prefix')}
            autoComplete="honorific-prefix"
            onChange={(t) => setField('prefix', t)}
          />
          <TextField
            {...common}
            label={m.suffix}
            value={text('suffix')}
            autoComplete="honorific-suffix"
            onChange={(t) => setField('suffix', t)}
          />
        </MoreFields>
      </fieldset>
    );
  }
);
