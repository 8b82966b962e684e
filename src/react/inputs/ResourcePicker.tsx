import { forwardRef, useId, useState } from 'react';
import { getDisplayString, getReferenceString, type Resource } from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { ComboboxField } from './ComboboxField';
import type { InnerInputProps, InputRootAttributes } from './innerInputProps';
import { useCombobox } from '../primitives/useCombobox';
import { useControllableState, type ValueProps } from '../primitives/useControllableState';
import { useDebouncedSearch } from './useDebouncedSearch';
import { useMessages } from '../locale/MessagesContext';

/** Picker typing delay. */
export const PICKER_TYPING_DELAY_MS = 100;
/** How many matches a picker asks for. */
export const PICKER_COUNT = 10;

/** The name-like search parameter of resource types that have no `name`. */
const NAME_LIKE_PARAMETER: Readonly<Record<string, string>> = {
  Device: 'device-name',
  Observation: 'code',
  Condition: 'code',
  Procedure: 'code',
  DiagnosticReport: 'code',
  MedicationRequest: 'code',
  Subscription: 'criteria',
  User: 'email:contains',
};

// A FHIR id (1 to 64 of [A-Za-z0-9-.]) with at least one digit and a dash, as generated ids
// have: searched by _id rather than by name. The length is checked before the pattern.
const ID_LIKE = /^(?=[^-]*-)(?=\D*\d)[A-Za-z0-9\-.]+$/;

/** The query a picker sends for `text`: a name-like field or `_id`, and `_count` 10. */
export function pickerSearchQuery(resourceType: string, text: string): Record<string, string> {
  const trimmed = text.trim();
  const query: Record<string, string> = { _count: String(PICKER_COUNT) };
  if (!trimmed) return query;
  if (trimmed.length <= 64 && ID_LIKE.test(trimmed)) query._id = trimmed;
  else query[NAME_LIKE_PARAMETER[resourceType] ?? 'name'] = trimmed;
  return query;
}

/** Searches one resource type; the app hands in its client, e.g. `(t, q, o) => client.searchResources(t, q, o)`. */
export type ResourceSearch = (
  resourceType: string,
  query: Record<string, string>,
  options: { signal: AbortSignal }
) => Promise<readonly Resource[]>;

/** Every text of {@link ResourcePicker}. */
export interface ResourcePickerMessages {
  readonly nothingFound: string;
  readonly searching: string;
  readonly placeholder: string;
}

/** The default English texts of {@link ResourcePicker}. */
export const defaultResourcePickerMessages: ResourcePickerMessages = {
  nothingFound: 'Nothing found',
  searching: 'Searching...',
  placeholder: 'Search',
};

/** Options of {@link useResourcePicker}. */
export interface UseResourcePickerOptions extends ValueProps<Resource | undefined> {
  readonly resourceType: string;
  readonly search: ResourceSearch;
  /** The text shown before anything is picked when the value is only known by name (a Reference's display). */
  readonly defaultInputValue?: string;
}

/** Headless resource picking: searches as the user types (100 ms after the last key), picks one. */
export function useResourcePicker({
  resourceType,
  search,
  defaultInputValue,
  ...valueProps
}: UseResourcePickerOptions) {
  const [resource, setResource] = useControllableState<Resource | undefined>(valueProps);
  const [inputValue, setInputValue] = useState(() =>
    resource ? getDisplayString(resource) : (defaultInputValue ?? '')
  );
  const [open, setOpen] = useState(false);
  const results = useDebouncedSearch(
    (text, signal) => search(resourceType, pickerSearchQuery(resourceType, text), { signal }),
    inputValue,
    open,
    PICKER_TYPING_DELAY_MS,
    resourceType
  );
  const combobox = useCombobox<Resource>({
    items: results.items,
    itemToKey: (r) => getReferenceString(r).replace(/[^A-Za-z0-9-]/g, '_'),
    onSelect: (r) => {
      setResource(r);
      setInputValue(getDisplayString(r));
    },
    onOpenChange: setOpen,
  });
  const onInputValueChange = (text: string) => {
    setInputValue(text);
    // Clearing the text clears the pick.
    if (!text && resource) setResource(undefined);
  };
  return { resource, inputValue, onInputValueChange, results, combobox };
}

/** Props of {@link ResourcePicker}. */
export interface ResourcePickerProps extends ValueProps<Resource | undefined>, InnerInputProps, InputRootAttributes {
  /** The field's label. */
  readonly label: string;
  /** The resource type searched, e.g. 'Practitioner'. */
  readonly resourceType: string;
  /** Runs the search; styled components never call the client themselves. */
  readonly search: ResourceSearch;
  /** A message shown at the field (e.g. a server issue about it). */
  readonly error?: string;
  /** The text shown before anything is picked when the value is only known by name. */
  readonly defaultInputValue?: string;
  readonly messages?: Partial<ResourcePickerMessages>;
  readonly classNames?: InputsClassNames;
}

/**
 * A searchable picker of one resource of `resourceType`, 'Nothing found' when nothing matches.
 * The ref and other HTML attributes go to the root field; `inputProps` and `inputRef` to the input.
 */
export const ResourcePicker = /* @__PURE__ */ forwardRef<HTMLDivElement, ResourcePickerProps>(function ResourcePicker(
  {
    label,
    resourceType,
    search,
    value,
    defaultValue,
    onValueChange,
    defaultInputValue,
    error,
    messages,
    classNames,
    inputProps,
    ...rest
  },
  ref
) {
  const m = useMessages('resourcePicker', defaultResourcePickerMessages, messages);
  const ownId = useId();
  const { resource, inputValue, onInputValueChange, results, combobox } = useResourcePicker({
    resourceType,
    search,
    defaultInputValue,
    value,
    defaultValue,
    onValueChange,
  });
  const status = results.loading ? m.searching : results.settled && !results.items.length ? m.nothingFound : undefined;
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
      options={results.items.map((r, index) => (
        <li
          key={getReferenceString(r)}
          className={slotClass('inputs-option', classNames)}
          {...combobox.getOptionProps(
            r,
            index,
            resource !== undefined && getReferenceString(resource) === getReferenceString(r)
          )}
        >
          {getDisplayString(r)}
        </li>
      ))}
    />
  );
});
