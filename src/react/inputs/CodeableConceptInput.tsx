import { forwardRef, useId, useState } from 'react';
import { formatCodeableConcept, formatCoding, type CodeableConcept, type Coding } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { ComboboxField } from './ComboboxField';
import type { InnerInputProps, InputRootAttributes } from './innerInputProps';
import { PICKER_TYPING_DELAY_MS } from './ResourcePicker';
import { useCombobox } from '../primitives/useCombobox';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useDebouncedSearch } from './useDebouncedSearch';
import { useMessages } from '../locale/MessagesContext';

/**
 * Expands the value set for what was typed; the app hands in its client, e.g.
 * `(filter, { signal }) => client.valueSetExpand({ url, filter, count: 10 }, { signal }).then(v => v.expansion?.contains ?? [])`.
 */
export type ValueSetSearch = (filter: string, options: { signal: AbortSignal }) => Promise<readonly Coding[]>;

/** Every text of {@link CodeableConceptInput}. */
export interface CodeableConceptInputMessages {
  readonly nothingFound: string;
  readonly searching: string;
  readonly placeholder: string;
}

/** The default English texts of {@link CodeableConceptInput}. */
export const defaultCodeableConceptInputMessages: CodeableConceptInputMessages = {
  nothingFound: 'Nothing found',
  searching: 'Searching...',
  placeholder: 'Search',
};

const codingKey = (c: Coding) => `${c.system ?? ''}|${c.code ?? ''}`;

/** Headless concept picking over a value-set search: the text, the matches, and the pick. */
export function useCodeableConceptInput({
  expand,
  ...valueProps
}: ValueProps<CodeableConcept | undefined> & { expand: ValueSetSearch }) {
  const [concept, setConcept] = useControllableState<CodeableConcept | undefined>(valueProps);
  const [inputValue, setInputValue] = useState(() => formatCodeableConcept(concept));
  const [open, setOpen] = useState(false);
  const results = useDebouncedSearch(
    (filter, signal) => expand(filter.trim(), { signal }),
    inputValue,
    open,
    PICKER_TYPING_DELAY_MS
  );
  const combobox = useCombobox<Coding>({
    items: results.items,
    itemToKey: (c) => codingKey(c).replace(/[^A-Za-z0-9-]/g, '_'),
    onSelect: (coding) => {
      const text = formatCoding(coding);
      setConcept({ coding: [coding], ...(text ? { text } : {}) });
      setInputValue(text);
    },
    onOpenChange: setOpen,
  });
  const onInputValueChange = (text: string) => {
    setInputValue(text);
    if (!text && concept) setConcept(undefined);
  };
  return { concept, inputValue, onInputValueChange, results, combobox };
}

/** Props of {@link CodeableConceptInput}. */
export interface CodeableConceptInputProps
  extends ValueProps<CodeableConcept | undefined>, InnerInputProps, InputRootAttributes {
  /** The field's label. */
  readonly label: string;
  /** Searches the value set; styled components never call the client themselves. */
  readonly expand: ValueSetSearch;
  /** A message shown at the field (e.g. a server issue about it). */
  readonly error?: string;
  readonly messages?: Partial<CodeableConceptInputMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * Picks a CodeableConcept from a value set searched as the user types. The ref and other HTML
 * attributes go to the root field; `inputProps` and `inputRef` to the input.
 */
export const CodeableConceptInput = /* @__PURE__ */ forwardRef<HTMLDivElement, CodeableConceptInputProps>(
  function CodeableConceptInput(
    { label, expand, value, defaultValue, onValueChange, error, messages, classNames, inputProps, ...rest },
    ref
  ) {
    const m = useMessages('codeableConceptInput', defaultCodeableConceptInputMessages, messages);
    const ownId = useId();
    const { concept, inputValue, onInputValueChange, results, combobox } = useCodeableConceptInput({
      expand,
      value,
      defaultValue,
      onValueChange,
    });
    const selected = new Set((concept?.coding ?? []).map(codingKey));
    const status = results.loading
      ? m.searching
      : results.settled && !results.items.length
        ? m.nothingFound
        : undefined;
    return (
      <ComboboxField
        {...rest}
        ref={ref}
        inputId={inputProps?.id ?? ownId}
        inputProps={inputProps}
        label={label}
        combobox={combobox}
        inputValue={inputValue}
        onInputValueChange={onInputValueChange}
        status={status}
        error={error ?? results.error}
        classNames={classNames}
        placeholder={m.placeholder}
        options={results.items.map((coding, index) => (
          <li
            key={codingKey(coding)}
            className={slotClass('inputs-option', classNames)}
            {...combobox.getOptionProps(coding, index, selected.has(codingKey(coding)))}
          >
            {formatCoding(coding, true)}
          </li>
        ))}
      />
    );
  }
);
