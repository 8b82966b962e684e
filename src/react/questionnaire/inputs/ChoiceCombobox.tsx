import * as Popover from '@radix-ui/react-popover';
import { useCombobox } from 'downshift';
import { useEffect, useMemo, useState } from 'react';
import type { AnswerOptionView } from '../../../questionnaire';
import { answerKey, answerLabel } from '../answerInputs';
import { useQuestionnaireFormContext } from '../context';
import { ComboboxPopup } from './ComboboxPopup';
import { ComboboxTags } from './ComboboxTags';
import { isValueSetPicker, pickerText, useHandoffFocus, type PickerHandoff } from './LazyPicker';
import type { InputProps } from './QuestionInput';

/** Picker typing delay (client-layer.md section 9). */
const TYPING_DELAY_MS = 100;

/**
 * A searchable drop-down (Downshift combobox in a Radix popover) for choice and open-choice
 * items, answer options or a value set expanded as the user types. Repeating items keep the
 * menu open and toggle; open-choice accepts what was typed.
 */
export function ChoiceCombobox({
  state,
  inputId,
  describedBy,
  invalid,
  onTouched,
  handoff,
}: InputProps & { handoff?: PickerHandoff }) {
  const { store, messages, formId } = useQuestionnaireFormContext();
  const multiple = state.repeats;
  const valueSet = isValueSetPicker(state);
  const [inputValue, setInputValue] = useState(() => handoff?.text ?? pickerText(state, 'choice'));
  // A value set is expanded when the menu first opens, so also when it opens at once for a handoff.
  const [filter, setFilter] = useState(handoff?.open && valueSet ? handoff.text : undefined);
  useHandoffFocus(inputId, handoff);

  // Value sets are expanded on demand: first when the menu opens, then as the user types.
  useEffect(() => {
    if (!valueSet || filter === undefined) return;
    const timer = setTimeout(() => void store.loadOptions(state.key, filter || undefined), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [store, state.key, valueSet, filter]);

  const selectedKeys = new Set(state.answers.map(answerKey));
  const items = useMemo((): AnswerOptionView[] => {
    if (valueSet) return [...state.options];
    const query = inputValue.trim().toLowerCase();
    const current = multiple ? '' : answerLabel(state.answers[0], state.options).toLowerCase();
    if (!query || query === current) return [...state.options];
    return state.options.filter((o) => o.label.toLowerCase().includes(query));
  }, [state.options, state.answers, inputValue, valueSet, multiple]);

  const choose = (option: AnswerOptionView | null) => {
    if (!option) return;
    const key = answerKey(option.answer);
    if (multiple) {
      store.setAnswers(
        state.key,
        selectedKeys.has(key) ? state.answers.filter((a) => answerKey(a) !== key) : [...state.answers, option.answer]
      );
    } else {
      store.setAnswers(state.key, [option.answer]);
    }
  };

  const { isOpen, getInputProps, getMenuProps, getItemProps, getToggleButtonProps, highlightedIndex } =
    useCombobox<AnswerOptionView>({
      items,
      inputId,
      inputValue,
      initialIsOpen: handoff?.open,
      selectedItem: null,
      itemToString: (item) => item?.label ?? '',
      onInputValueChange: ({ inputValue: value, type }) => {
        if (type === useCombobox.stateChangeTypes.InputChange) {
          setInputValue(value ?? '');
          if (valueSet) setFilter(value ?? '');
          if (!multiple && !value) store.setAnswers(state.key, []);
        }
      },
      onIsOpenChange: ({ isOpen: open }) => {
        if (open && valueSet && filter === undefined) setFilter('');
      },
      stateReducer: (s, { type, changes }) => {
        // Multi-select keeps the menu open and the typed filter after each pick.
        if (
          multiple &&
          (type === useCombobox.stateChangeTypes.ItemClick || type === useCombobox.stateChangeTypes.InputKeyDownEnter)
        ) {
          return { ...changes, isOpen: true, highlightedIndex: s.highlightedIndex, inputValue: s.inputValue };
        }
        return changes;
      },
      onSelectedItemChange: ({ selectedItem }) => {
        choose(selectedItem ?? null);
        if (!multiple && selectedItem) setInputValue(selectedItem.label);
      },
    });

  const commitFreeText = () => {
    onTouched?.();
    if (state.type !== 'open-choice' || multiple) return;
    const text = inputValue.trim();
    const match = state.options.find((o) => o.label.toLowerCase() === text.toLowerCase());
    if (!text) return;
    store.setAnswers(state.key, [match ? match.answer : { valueString: text }]);
  };

  const status = state.optionsLoading
    ? messages.loadingOptions
    : state.optionsTruncated
      ? messages.showingFirst(state.options.length)
      : undefined;

  return (
    <div className="fpk-combobox" data-state={isOpen ? 'open' : 'closed'} data-multiple={multiple || undefined}>
      {multiple && <ComboboxTags state={state} />}
      <Popover.Root open={isOpen}>
        <Popover.Anchor asChild>
          <div className="fpk-combobox-control">
            <input
              className="fpk-input"
              {...getInputProps({
                onBlur: commitFreeText,
                form: formId,
                readOnly: state.readOnly,
                placeholder: valueSet ? messages.searchPlaceholder : messages.selectPlaceholder,
                'aria-describedby': describedBy,
                'aria-invalid': invalid || undefined,
                'aria-required': state.required || undefined,
              } as any)}
              aria-controls={isOpen ? getMenuProps({}, { suppressRefError: true }).id : undefined}
            />
            <button
              type="button"
              className="fpk-combobox-toggle"
              tabIndex={-1}
              aria-label={state.text ?? state.linkId}
              {...getToggleButtonProps()}
            >
              <span aria-hidden="true">▾</span>
            </button>
          </div>
        </Popover.Anchor>
        <ComboboxPopup menuProps={getMenuProps({}, { suppressRefError: true })}>
          {items.map((option, index) => (
            <li
              key={answerKey(option.answer)}
              className="fpk-combobox-option"
              data-highlighted={highlightedIndex === index || undefined}
              data-selected={selectedKeys.has(answerKey(option.answer)) || undefined}
              {...getItemProps({ item: option, index })}
            >
              {option.prefix && <span className="fpk-questionnaire-prefix">{option.prefix} </span>}
              {option.label}
            </li>
          ))}
        </ComboboxPopup>
      </Popover.Root>
      {(isOpen || state.optionsLoading) && status && (
        <p className="fpk-combobox-status" role="status">
          {status}
        </p>
      )}
      {isOpen && !items.length && !state.optionsLoading && (
        <p className="fpk-combobox-empty">{messages.nothingFound}</p>
      )}
    </div>
  );
}
