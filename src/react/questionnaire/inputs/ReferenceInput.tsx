import * as Popover from '@radix-ui/react-popover';
import { useCombobox } from 'downshift';
import { useEffect, useState } from 'react';
import {
  getDisplayString,
  normalizeErrorString,
  type Reference,
  type Resource,
  type ResourceType,
} from '../../../fhir';
import { useFhirClient } from '../../FhirProvider';
import { useQuestionnaireFormContext } from '../context';
import { ComboboxPopup } from './ComboboxPopup';
import { pickerText, useHandoffFocus, type PickerHandoff } from './LazyPicker';
import type { InputProps } from './QuestionInput';

const REFERENCE_FILTER = 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceFilter';
const LOOKUP_COUNT = 10;
const TYPING_DELAY_MS = 100;

/** The name-like search parameter each type is looked up by (client-layer.md section 7). */
function nameParameter(resourceType: string): string {
  switch (resourceType) {
    case 'Device':
      return 'device-name';
    case 'Observation':
    case 'Condition':
    case 'DiagnosticReport':
    case 'Procedure':
    case 'Medication':
      return 'code';
    case 'Subscription':
      return 'criteria';
    case 'User':
      return 'email:contains';
    default:
      return 'name';
  }
}

/** The referenceFilter query with $subj and $encounter filled in from the form's context. */
export function referenceFilterQuery(
  filter: string | undefined,
  subject?: Reference,
  encounter?: Reference
): Record<string, string> {
  if (!filter) return {};
  const filled = filter
    .replace(/\$subj/g, subject?.reference ?? '')
    .replace(/\$encounter/g, encounter?.reference ?? '');
  return Object.fromEntries(new URLSearchParams(filled));
}

/** A resource picker limited to the item's target types, searched with the subject and encounter. */
export function ReferenceInput({
  state,
  inputId,
  describedBy,
  invalid,
  onTouched,
  handoff,
}: InputProps & { handoff?: PickerHandoff }) {
  const client = useFhirClient();
  const { store, messages, subject, encounter, formId } = useQuestionnaireFormContext();
  const types = state.constraints.referenceResources?.length ? state.constraints.referenceResources : ['Patient'];
  const filter = state.item.extension?.find((e) => e.url === REFERENCE_FILTER)?.valueString;
  const [inputValue, setInputValue] = useState(() => handoff?.text ?? pickerText(state, 'reference'));
  // Resources are searched when the menu first opens, so also when it opens at once for a handoff.
  const [query, setQuery] = useState(handoff?.open ? handoff.text : undefined);
  useHandoffFocus(inputId, handoff);
  const [results, setResults] = useState<Resource[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (query === undefined) return;
    let live = true;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const extra = referenceFilterQuery(filter, subject, encounter);
        const found = await Promise.all(
          types.map((type) =>
            client.searchResources(type as ResourceType, {
              ...extra,
              ...(query ? { [nameParameter(type)]: query } : {}),
              _count: String(LOOKUP_COUNT),
            })
          )
        );
        if (live) {
          setResults(found.flat().slice(0, LOOKUP_COUNT) as Resource[]);
          setError(undefined);
        }
      } catch (err) {
        if (live) setError(normalizeErrorString(err));
      } finally {
        if (live) setLoading(false);
      }
    }, TYPING_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // types and filter come from the questionnaire item, which does not change under the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, query, subject?.reference, encounter?.reference]);

  const { isOpen, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<Resource>({
    items: results,
    inputId,
    inputValue,
    initialIsOpen: handoff?.open,
    selectedItem: null,
    itemToString: (item) => (item ? getDisplayString(item) : ''),
    onInputValueChange: ({ inputValue: value, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setInputValue(value ?? '');
        setQuery(value ?? '');
        if (!value) store.setAnswer(state.key, undefined);
      }
    },
    onIsOpenChange: ({ isOpen: open }) => {
      if (open && query === undefined) setQuery('');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      const display = getDisplayString(selectedItem);
      setInputValue(display);
      store.setAnswer(state.key, {
        valueReference: { reference: `${selectedItem.resourceType}/${selectedItem.id}`, display },
      });
    },
  });

  return (
    <div className="fpk-combobox" data-state={isOpen ? 'open' : 'closed'}>
      <Popover.Root open={isOpen}>
        <Popover.Anchor asChild>
          <div className="fpk-combobox-control">
            <input
              className="fpk-input"
              {...getInputProps({
                onBlur: onTouched,
                form: formId,
                readOnly: state.readOnly,
                placeholder: messages.searchPlaceholder,
                'aria-describedby': describedBy,
                'aria-invalid': invalid || undefined,
                'aria-required': state.required || undefined,
              } as any)}
              aria-controls={isOpen ? getMenuProps({}, { suppressRefError: true }).id : undefined}
            />
          </div>
        </Popover.Anchor>
        <ComboboxPopup menuProps={getMenuProps({}, { suppressRefError: true })}>
          {results.map((resource, index) => (
            <li
              key={`${resource.resourceType}/${resource.id}`}
              className="fpk-combobox-option"
              data-highlighted={highlightedIndex === index || undefined}
              {...getItemProps({ item: resource, index })}
            >
              {getDisplayString(resource)}
            </li>
          ))}
        </ComboboxPopup>
      </Popover.Root>
      {isOpen && loading && (
        <p className="fpk-combobox-status" role="status">
          {messages.loadingOptions}
        </p>
      )}
      {isOpen && !loading && !results.length && <p className="fpk-combobox-empty">{messages.nothingFound}</p>}
      {error && (
        <p className="fpk-questionnaire-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
