import { useQuestionnaireFormContext } from '../context';
import { answerToInputValue, inputValueToAnswer } from '../answerInputs';
import { useQuestionnaireCn } from '../questionnaireClassContext';
import { AttachmentInput } from './AttachmentInput';
import { ChoiceGroup } from './ChoiceGroup';
import { hasNoOptions, isChoiceLike, pickerKind } from './inputKind';
import { LazyPicker } from './LazyPicker';
import { QuantityInput } from './QuantityInput';
import type { InputProps } from './types';

const HTML_TYPES: Record<string, string> = {
  number: 'number',
  date: 'date',
  dateTime: 'datetime-local',
  time: 'time',
  url: 'url',
  'text-box': 'text',
};

/** The input for an item's control. */
export function QuestionInput(props: InputProps) {
  const { state } = props;
  const { messages, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const picker = pickerKind(state);
  if (picker) return <LazyPicker {...props} kind={picker} />;
  if (isChoiceLike(state)) {
    if (hasNoOptions(state)) {
      return (
        <input
          id={props.inputId}
          form={formId}
          className={cn('input')}
          disabled
          value=""
          placeholder={messages.noAnswersDefined}
          aria-describedby={props.describedBy}
        />
      );
    }
    return <ChoiceGroup {...props} />;
  }
  switch (state.control) {
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'attachment':
      return <AttachmentInput {...props} />;
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

function common(props: InputProps, formId: string) {
  const { state } = props;
  return {
    id: props.inputId,
    form: formId,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.invalid || undefined,
    'aria-required': state.required || undefined,
    readOnly: state.readOnly,
    onBlur: props.onTouched,
  };
}

function TextInput(props: InputProps & { multiline?: boolean }) {
  const { state } = props;
  const { store, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const value = answerToInputValue(state, state.answers[0]);
  const set = (text: string) => store.setAnswer(state.key, inputValueToAnswer(state, text));
  const c = state.constraints;
  if (props.multiline) {
    return (
      <textarea
        {...common(props, formId)}
        className={cn('input')}
        rows={4}
        value={value}
        required={state.required}
        maxLength={c.maxLength}
        placeholder={c.entryFormat}
        onChange={(e) => set(e.target.value)}
      />
    );
  }
  const type = HTML_TYPES[state.control] ?? 'text';
  const isNumber = state.type === 'integer' || state.type === 'decimal';
  return (
    <input
      {...common(props, formId)}
      className={cn('input')}
      type={isNumber ? 'number' : type}
      // Integers step by 1; decimals accept any step.
      step={state.type === 'integer' ? 1 : isNumber ? 'any' : undefined}
      inputMode={state.type === 'integer' ? 'numeric' : state.type === 'decimal' ? 'decimal' : undefined}
      value={value}
      required={state.required}
      minLength={c.minLength}
      maxLength={c.maxLength}
      min={c.minValue}
      max={c.maxValue}
      placeholder={c.entryFormat}
      onChange={(e) => set(e.target.value)}
    />
  );
}

function BooleanInput(props: InputProps) {
  const { state } = props;
  const { store, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const checked = state.answers[0]?.valueBoolean === true;
  return (
    <input
      {...common(props, formId)}
      className={cn('checkbox')}
      type="checkbox"
      checked={checked}
      disabled={state.readOnly}
      onChange={(e) => store.setAnswer(state.key, { valueBoolean: e.target.checked })}
    />
  );
}

function SliderInput(props: InputProps) {
  const { state } = props;
  const { store, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const c = state.constraints;
  const min = typeof c.minValue === 'number' ? c.minValue : 0;
  const max = typeof c.maxValue === 'number' ? c.maxValue : 100;
  const answer = state.answers[0];
  const value = answer?.valueInteger ?? answer?.valueDecimal ?? min;
  return (
    <div className={cn('questionnaire-slider')}>
      <input
        {...common(props, formId)}
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
