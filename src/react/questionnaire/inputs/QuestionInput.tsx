import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type RefObject,
} from 'react';
import type { QuestionnaireItemState } from '../../../questionnaire';
import { useQuestionnaireFormContext } from '../context';
import { answerToInputValue, inputValueToAnswer } from '../answers';
import { AttachmentInput } from './AttachmentInput';
import { ChoiceCombobox } from './ChoiceCombobox';
import { ChoiceGroup } from './ChoiceGroup';
import { QuantityInput } from './QuantityInput';
import { ReferenceInput } from './ReferenceInput';

/** Props every input of an item gets. */
export interface InputProps {
  state: QuestionnaireItemState;
  inputId: string;
  describedBy?: string;
  invalid: boolean;
  onTouched: () => void;
}

const HTML_TYPES: Record<string, string> = {
  number: 'number',
  date: 'date',
  dateTime: 'datetime-local',
  time: 'time',
  url: 'url',
  'text-box': 'text',
};

/** The input for an item's control, as portal.md section 2 lists them. */
export function QuestionInput(props: InputProps) {
  const { state } = props;
  const { messages } = useQuestionnaireFormContext();
  const isChoice =
    state.type === 'choice' || state.type === 'open-choice' || !!state.item.answerOption || !!state.item.answerValueSet;

  if (isChoice) {
    if (hasNoOptions(state)) {
      return (
        <input
          id={props.inputId}
          className="fpk-input"
          disabled
          value=""
          placeholder={messages.noAnswersDefined}
          aria-describedby={props.describedBy}
        />
      );
    }
    if (state.control === 'radio-button' || state.control === 'check-box') return <ChoiceGroup {...props} />;
    return <ChoiceCombobox {...props} />;
  }
  switch (state.control) {
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'attachment':
      return <AttachmentInput {...props} />;
    case 'reference':
      return <ReferenceInput {...props} />;
    case 'quantity':
      return <QuantityInput {...props} />;
    case 'slider':
      return <SliderInput {...props} />;
    case 'text-area':
      return <TextInput {...props} multiline />;
    default:
      return <TextInput {...props} />;
  }
}

function hasExpressionOptions(state: QuestionnaireItemState): boolean {
  return !!state.item.extension?.some((e) => e.url.endsWith('answerExpression'));
}

/** A choice item with nothing to choose from: shown as a disabled 'No Answers Defined' field. */
export function hasNoOptions(state: QuestionnaireItemState): boolean {
  return (
    (state.type === 'choice' || !!state.item.answerOption) &&
    !state.item.answerValueSet &&
    !state.optionsLoading &&
    state.options.length === 0 &&
    !hasExpressionOptions(state)
  );
}

/** Radio buttons and check boxes sit in a fieldset whose legend is the item's text. */
export function isGroupedInput(state: QuestionnaireItemState): boolean {
  return (state.control === 'radio-button' || state.control === 'check-box') && !hasNoOptions(state);
}

function common(props: InputProps) {
  const { state } = props;
  return {
    id: props.inputId,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.invalid || undefined,
    'aria-required': state.required || undefined,
    readOnly: state.readOnly,
    onBlur: props.onTouched,
  };
}

function TextInput(props: InputProps & { multiline?: boolean }) {
  const { state } = props;
  const { store } = useQuestionnaireFormContext();
  const value = answerToInputValue(state, state.answers[0]);
  const { key, type } = state;
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      store.setAnswer(key, inputValueToAnswer({ type }, event.target.value)),
    [store, key, type]
  );
  const c = state.constraints;
  if (props.multiline) {
    return (
      <textarea
        {...common(props)}
        className="fpk-input"
        rows={4}
        value={value}
        required={state.required}
        maxLength={c.maxLength}
        placeholder={c.entryFormat}
        onChange={onChange}
      />
    );
  }
  const htmlType = HTML_TYPES[state.control] ?? 'text';
  const isNumber = type === 'integer' || type === 'decimal';
  return (
    <FieldInput
      {...common(props)}
      value={value}
      type={isNumber ? 'number' : htmlType}
      // Integers step by 1; decimals accept any step (portal.md section 5).
      step={type === 'integer' ? 1 : isNumber ? 'any' : undefined}
      inputMode={type === 'integer' ? 'numeric' : type === 'decimal' ? 'decimal' : undefined}
      required={state.required}
      minLength={c.minLength}
      maxLength={c.maxLength}
      min={c.minValue}
      max={c.maxValue}
      placeholder={c.entryFormat}
      onChange={onChange}
      // The DOM text and the answer mean the same when the text, read as an answer and shown
      // again, gives the answer's text ('1.50' and 1.5 do).
      sameValue={(text) => answerToInputValue(state, inputValueToAnswer({ type }, text)) === value}
    />
  );
}

type FieldInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  value: string;
  sameValue: (domText: string) => boolean;
};

/**
 * An <input> that React leaves alone while the user types: the DOM keeps the typed text, and the
 * answer is written back only when it means something else (a calculation, a loaded response, a
 * clear). Why: each time React re-renders an <input> it rewrites its name attribute, which in a
 * <form> drops the form's named-element cache, and React's next read of its own props on the
 * <form> (one per event) goes through the form's named-property lookup and rebuilds that cache:
 * O(form controls) per keystroke, 1.5 ms a key in a 2,000-item form.
 */
function FieldInput({ value, sameValue, ...props }: FieldInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [initial] = useState(value);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && !sameValue(input.value)) input.value = value;
    // sameValue is derived from value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return <StaticInput {...props} defaultValue={initial} inputRef={ref} />;
}

const StaticInput = /* @__PURE__ */ memo(function StaticInput({
  inputRef,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { inputRef: RefObject<HTMLInputElement | null> }) {
  return <input ref={inputRef} className="fpk-input" {...props} />;
});

function BooleanInput(props: InputProps) {
  const { state } = props;
  const { store } = useQuestionnaireFormContext();
  const checked = state.answers[0]?.valueBoolean === true;
  return (
    <input
      {...common(props)}
      className="fpk-checkbox"
      type="checkbox"
      checked={checked}
      disabled={state.readOnly}
      onChange={(e) => store.setAnswer(state.key, { valueBoolean: e.target.checked })}
    />
  );
}

function SliderInput(props: InputProps) {
  const { state } = props;
  const { store } = useQuestionnaireFormContext();
  const c = state.constraints;
  const min = typeof c.minValue === 'number' ? c.minValue : 0;
  const max = typeof c.maxValue === 'number' ? c.maxValue : 100;
  const answer = state.answers[0];
  const value = answer?.valueInteger ?? answer?.valueDecimal ?? min;
  return (
    <div className="fpk-questionnaire-slider">
      <input
        {...common(props)}
        type="range"
        min={min}
        max={max}
        step={c.sliderStepValue ?? 1}
        value={value}
        disabled={state.readOnly}
        onChange={(e) => {
          const n = Number(e.target.value);
          store.setAnswer(state.key, state.type === 'decimal' ? { valueDecimal: n } : { valueInteger: n });
        }}
      />
      <output htmlFor={props.inputId}>{answer ? value : ''}</output>
    </div>
  );
}
