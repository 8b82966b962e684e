import { forwardRef, useId, useMemo, useState } from 'react';
import { slotClass, type InputsClassNames } from './classNames';
import { ComboboxField } from './ComboboxField';
import type { InnerInputProps, InputRootAttributes } from './innerInputProps';
import { useCombobox } from '../primitives/useCombobox';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useMessages } from '../locale/MessagesContext';

/** One choice of a {@link MultiSelect}. */
export interface MultiSelectOption {
  readonly value: string;
  readonly label: string;
}

/** Every text of {@link MultiSelect}. */
export interface MultiSelectMessages {
  readonly nothingFound: string;
  /** The option that creates a new value from the search text. */
  readonly create: (text: string) => string;
  /** The accessible name of a selected value's remove button. */
  readonly remove: (label: string) => string;
  /** The accessible name of the list of selected values. */
  readonly selected: (label: string) => string;
}

/** The default English texts of {@link MultiSelect}. */
export const defaultMultiSelectMessages: MultiSelectMessages = {
  nothingFound: 'Nothing found',
  create: (text) => `+ Create ${text}`,
  remove: (label) => `Remove ${label}`,
  selected: (label) => `${label}: selected`,
};

type Item = MultiSelectOption & { readonly create?: true };

/** Adds `value` to `values`; with a limit, the oldest values are dropped to make room. */
export function addValue(values: readonly string[], value: string, maxValues?: number): string[] {
  const next = [...values.filter((v) => v !== value), value];
  return maxValues !== undefined && maxValues > 0 && next.length > maxValues ? next.slice(-maxValues) : next;
}

/** Options of {@link useMultiSelect}. */
export interface UseMultiSelectOptions extends ValueProps<readonly string[]> {
  readonly options: readonly MultiSelectOption[];
  /** At most this many values; picking one more drops the oldest. */
  readonly maxValues?: number;
  /** Lets the user add what they typed as a new value (only when the text is not blank). */
  readonly creatable?: boolean;
  /** Called with a value the user created. */
  readonly onCreate?: (value: string) => void;
}

/** Headless multi-select: filtered options, the values, toggling, creating and removing. */
export function useMultiSelect({ options, maxValues, creatable, onCreate, ...valueProps }: UseMultiSelectOptions) {
  const [values = [], setValues] = useControllableState(valueProps);
  const [search, setSearch] = useState('');
  const [created, setCreated] = useState<readonly MultiSelectOption[]>([]);
  const all = useMemo(() => [...options, ...created], [options, created]);
  const text = search.trim();
  const items = useMemo((): Item[] => {
    const query = text.toLowerCase();
    const matches = query ? all.filter((o) => o.label.toLowerCase().includes(query)) : all;
    const exists = all.some((o) => o.value.toLowerCase() === query || o.label.toLowerCase() === query);
    return creatable && text && !exists ? [...matches, { value: text, label: text, create: true }] : matches;
  }, [all, text, creatable]);

  const toggle = (item: Item) => {
    if (item.create) {
      setCreated((c) => [...c, { value: item.value, label: item.label }]);
      onCreate?.(item.value);
      setSearch('');
    }
    setValues(
      values.includes(item.value) ? values.filter((v) => v !== item.value) : addValue(values, item.value, maxValues)
    );
  };
  const remove = (value: string) => setValues(values.filter((v) => v !== value));
  const labelOf = (value: string) => all.find((o) => o.value === value)?.label ?? value;
  const combobox = useCombobox<Item>({
    items,
    itemToKey: (o) => (o.create ? 'create' : o.value.replace(/[^A-Za-z0-9-]/g, '_')),
    onSelect: toggle,
    keepOpenOnSelect: true,
  });
  return { values, search, setSearch, items, remove, labelOf, combobox };
}

/** Props of {@link MultiSelect}. */
export interface MultiSelectProps extends UseMultiSelectOptions, InnerInputProps, InputRootAttributes {
  /** The field's label. */
  readonly label: string;
  readonly messages?: Partial<MultiSelectMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * Picks several values from a searchable list, with an optional limit and optional creation. The
 * ref and other HTML attributes go to the root field; `inputProps` and `inputRef` to the input.
 */
export const MultiSelect = /* @__PURE__ */ forwardRef<HTMLDivElement, MultiSelectProps>(function MultiSelect(
  {
    label,
    options,
    maxValues,
    creatable,
    onCreate,
    value,
    defaultValue,
    onValueChange,
    messages,
    classNames,
    inputProps,
    ...rest
  },
  ref
) {
  const m = useMessages('multiSelect', defaultMultiSelectMessages, messages);
  const ownId = useId();
  const select = useMultiSelect({ options, maxValues, creatable, onCreate, value, defaultValue, onValueChange });
  const tags = select.values.length > 0 && (
    <ul className={slotClass('inputs-tags', classNames)} aria-label={m.selected(label)}>
      {select.values.map((v) => (
        <li key={v} className={slotClass('inputs-tag', classNames)}>
          {select.labelOf(v)}
          <button
            type="button"
            className={slotClass('inputs-tag-remove', classNames)}
            aria-label={m.remove(select.labelOf(v))}
            onClick={() => select.remove(v)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <ComboboxField
      {...rest}
      ref={ref}
      inputId={inputProps?.id ?? ownId}
      inputProps={inputProps}
      label={label}
      combobox={select.combobox}
      inputValue={select.search}
      onInputValueChange={select.setSearch}
      status={select.items.length ? undefined : m.nothingFound}
      classNames={classNames}
      before={tags}
      options={select.items.map((item, index) => (
        <li
          key={item.create ? '\u0000create' : item.value}
          className={slotClass('inputs-option', classNames)}
          data-create={item.create || undefined}
          {...select.combobox.getOptionProps(item, index, !item.create && select.values.includes(item.value))}
        >
          {item.create ? m.create(item.label) : item.label}
        </li>
      ))}
    />
  );
});
