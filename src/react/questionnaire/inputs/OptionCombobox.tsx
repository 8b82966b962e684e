import * as Popover from '@radix-ui/react-popover';
import { useMemo, useRef, useState } from 'react';
import type { AnswerOptionView } from '../../../questionnaire';
import { useCombobox } from '../../primitives/useCombobox';
import { answerKey, answerLabel } from '../answerInputs';
import { useQuestionnaireFormContext } from '../context';
import { useQuestionnaireCn } from '../questionnaireClassContext';
import { ComboboxPopup } from './ComboboxPopup';
import { ComboboxTags } from './ComboboxTags';
import { pickerText, useHandoffFocus, useSearchAsYouType } from './pickerHelpers';
import type { PickerKind, PickerProps } from './types';

/** Props of {@link OptionCombobox}. */
export interface OptionComboboxProps extends PickerProps {
  kind: PickerKind;
  /** Asks the engine for options matching the text (a value set, a resource search); without it the item's options are filtered here. */
  search?: (text: string) => void;
  /** Shows a button that opens the options. */
  toggle?: boolean;
}

/**
 * A searchable drop-down (the shared combobox in a Radix popover) over the item's options, as the
 * engine gives them. Repeating items keep the menu open and toggle; open-choice accepts what was
 * typed. Named by the item's label (aria-labelledby), as the resting field it replaces is.
 */
export function OptionCombobox({
  state,
  inputId,
  labelId,
  describedBy,
  invalid,
  onTouched,
  handoff,
  kind,
  search,
  toggle,
}: OptionComboboxProps) {
  const { store, messages, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const multiple = kind === 'choice' && state.repeats;
  const [inputValue, setInputValue] = useState(() => handoff?.text ?? pickerText(state, kind));
  // Options are searched when the menu first opens, so also when it opens at once for a handoff.
  const [query, setQuery] = useSearchAsYouType(search, handoff?.open && search ? handoff.text : undefined);
  useHandoffFocus(inputId, handoff);
  // Whether a search was asked for: typing opens the list right after it sets the query, and that
  // first opening must not replace the typed text with the empty first search.
  const searched = useRef(query !== undefined);

  const selectedKeys = new Set(state.answers.map(answerKey));
  const items = useMemo((): AnswerOptionView[] => {
    if (search) return [...state.options];
    const text = inputValue.trim().toLowerCase();
    const current = multiple ? '' : answerLabel(state.answers[0], state.options).toLowerCase();
    if (!text || text === current) return [...state.options];
    return state.options.filter((o) => o.label.toLowerCase().includes(text));
  }, [state.options, state.answers, inputValue, search, multiple]);

  const choose = (option: AnswerOptionView) => {
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

  const combobox = useCombobox<AnswerOptionView>({
    items,
    itemToKey: (option) => answerKey(option.answer).replace(/[^A-Za-z0-9-]/g, '_'),
    // Multi-select keeps the list open, the highlight and the typed filter after each pick.
    keepOpenOnSelect: multiple,
    defaultOpen: handoff?.open,
    onOpenChange: (open) => {
      if (!open || !search || searched.current) return;
      searched.current = true;
      setQuery('');
    },
    onSelect: (option) => {
      choose(option);
      if (!multiple) setInputValue(option.label);
    },
  });
  const { isOpen } = combobox;

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
    <div className={cn('combobox')} data-state={isOpen ? 'open' : 'closed'} data-multiple={multiple || undefined}>
      {multiple && <ComboboxTags state={state} />}
      <Popover.Root open={isOpen}>
        <Popover.Anchor asChild>
          <div className={cn('combobox-control')}>
            <input
              {...combobox.getInputProps({
                id: inputId,
                // The item's own label names the field, as it names the resting field this replaces.
                'aria-labelledby': labelId,
                className: cn('input'),
                value: inputValue,
                onChange: (event) => {
                  const value = event.target.value;
                  setInputValue(value);
                  if (search) {
                    searched.current = true;
                    setQuery(value);
                  }
                  if (!multiple && !value) store.setAnswers(state.key, []);
                },
                onBlur: commitFreeText,
                form: formId,
                readOnly: state.readOnly,
                placeholder: search ? messages.searchPlaceholder : messages.selectPlaceholder,
                'aria-describedby': describedBy,
                'aria-invalid': invalid || undefined,
                'aria-required': state.required || undefined,
                // The popover's list is in the page only while open.
                'aria-controls': isOpen ? combobox.listboxId : undefined,
              })}
            />
            {toggle && (
              <button
                className={cn('combobox-toggle')}
                {...combobox.getToggleButtonProps({ 'aria-labelledby': labelId })}
              >
                <span aria-hidden="true">▾</span>
              </button>
            )}
          </div>
        </Popover.Anchor>
        <ComboboxPopup listboxProps={combobox.getListboxProps({ 'aria-labelledby': labelId, hidden: undefined })}>
          {items.map((option, index) => (
            <li
              key={answerKey(option.answer)}
              className={cn('combobox-option')}
              data-selected={selectedKeys.has(answerKey(option.answer)) || undefined}
              {...combobox.getOptionProps(option, index, selectedKeys.has(answerKey(option.answer)))}
            >
              {option.prefix && <span className={cn('questionnaire-prefix')}>{option.prefix} </span>}
              {option.label}
            </li>
          ))}
        </ComboboxPopup>
      </Popover.Root>
      {(isOpen || state.optionsLoading) && status && (
        <p className={cn('combobox-status')} role="status">
          {status}
        </p>
      )}
      {isOpen && !items.length && !state.optionsLoading && (
        <p className={cn('combobox-empty')}>{messages.nothingFound}</p>
      )}
    </div>
  );
}
