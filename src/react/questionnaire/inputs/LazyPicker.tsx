import { useRef, useState, type RefObject } from 'react';
import { useQuestionnaireFormContext } from '../context';
import { useQuestionnaireCn } from '../questionnaireClassContext';
import { onDemand } from '../../primitives/onDemand';
import { whenIdle } from '../whenIdle';
import { ComboboxTags } from './ComboboxTags';
import { isValueSetPicker } from './inputKind';
import { pickerText } from './pickerHelpers';
import type { InputProps, PickerHandoff, PickerKind } from './types';

/**
 * The popover pickers (Radix Popover with the shared combobox), a chunk of their own. Only a form
 * with a drop-down, autocomplete, value-set or reference item asks for them, so plain forms never
 * download Radix Popover.
 */
export const pickersChunk = /* @__PURE__ */ onDemand(() => import('./pickers'), 'the questionnaire option pickers');

/**
 * Loads the pickers when the page is idle (within two seconds), so a form with pickers has them by
 * the time one is used without their download and evaluation delaying its first paint; a field
 * used sooner loads them at once.
 */
export function preloadPickers(): void {
  if (pickersChunk.loaded) return;
  whenIdle(() => void pickersChunk().catch(() => undefined));
}

/**
 * A drop-down, autocomplete or reference picker. At rest it is a plain combobox field showing the
 * answer; the picker (the shared combobox in a Radix popover, loaded on demand) takes its place when the
 * field is first used: focused, clicked or typed into. A form of 2,000 items with 130 drop-downs
 * then mounts no picker machinery until one is used. The picker takes over the text, the focus,
 * the selection and the wish to see the options, so nothing typed is lost and nothing moves; if
 * its code has not arrived yet, the field keeps taking typing and says 'Loading options...'.
 */
export function LazyPicker({ kind, ...props }: InputProps & { kind: PickerKind }) {
  const [handoff, setHandoff] = useState<PickerHandoff>();
  const [asked, setAsked] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const used = useRef(false);
  const wantsOptions = useRef(false);

  /** The field's state, handed to the picker. */
  const take = (): PickerHandoff => {
    const input = field.current;
    const focused = !!input && input === document.activeElement;
    return {
      text: input?.value ?? '',
      focused,
      selection:
        input && focused && input.selectionStart !== null
          ? [input.selectionStart, input.selectionEnd ?? input.selectionStart]
          : undefined,
      open: wantsOptions.current,
    };
  };

  const pickers = pickersChunk.loaded;
  // A handoff exists only once the pickers have loaded.
  if (handoff && pickers) {
    const Picker = kind === 'choice' ? pickers.ChoiceCombobox : pickers.ReferenceInput;
    return <Picker {...props} handoff={handoff} />;
  }
  /** Hands over to the picker: at once when its code is here, else as soon as it arrives. */
  const handOver = () => {
    used.current = true;
    if (pickersChunk.loaded) {
      if (field.current === document.activeElement) setHandoff(take());
      return;
    }
    // The ref is cleared when the field unmounts; the first arrival hands over, later ones find no field.
    pickersChunk().then(
      () => field.current && setHandoff(take()),
      // Logged by the chunk's load; the field stays and keeps what was typed.
      () => undefined
    );
  };
  return (
    <PickerField
      {...props}
      kind={kind}
      inputRef={field}
      loading={asked && !pickers}
      onAsk={() => {
        wantsOptions.current = true;
        setAsked(true);
        handOver();
      }}
      onFocus={handOver}
      isHandingOff={() => used.current && !!pickersChunk.loaded}
    />
  );
}

/** The picker at rest: a plain combobox field of the picker's size, name and text. */
function PickerField({
  state,
  inputId,
  labelId,
  describedBy,
  invalid,
  onTouched,
  kind,
  inputRef,
  loading,
  onAsk,
  onFocus,
  isHandingOff,
}: InputProps & {
  kind: PickerKind;
  inputRef: RefObject<HTMLInputElement | null>;
  loading: boolean;
  /** The user asked for the options: pressed the pointer, an arrow key, or typed. */
  onAsk: () => void;
  onFocus: () => void;
  /** The picker is taking the field's place (its blur is not the user leaving). */
  isHandingOff: () => boolean;
}) {
  const { store, messages, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  // What the user typed here, else the answer's text (which follows the answer).
  const [typed, setTyped] = useState<string>();
  const multiple = kind === 'choice' && state.repeats;
  const placeholder =
    kind === 'choice' && !isValueSetPicker(state) ? messages.selectPlaceholder : messages.searchPlaceholder;
  return (
    <div
      className={cn('combobox')}
      data-state="closed"
      data-pending={loading || undefined}
      data-multiple={multiple || undefined}
    >
      {multiple && <ComboboxTags state={state} />}
      <div className={cn('combobox-control')}>
        <input
          ref={inputRef}
          id={inputId}
          form={formId}
          className={cn('input')}
          role="combobox"
          // The picker that takes its place is named the same way, so the name holds through the handoff.
          aria-labelledby={labelId}
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={state.required || undefined}
          readOnly={state.readOnly}
          placeholder={placeholder}
          value={typed ?? pickerText(state, kind)}
          onChange={(event) => {
            const value = event.target.value;
            setTyped(value);
            onAsk();
            // As in the picker: emptying the field clears the answer.
            if (!value && !multiple) store.setAnswers(state.key, []);
          }}
          // Pointer down comes before focus: a click opens the options, a Tab only focuses.
          onPointerDown={onAsk}
          onFocus={onFocus}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') onAsk();
          }}
          onBlur={() => {
            if (!isHandingOff()) onTouched?.();
          }}
        />
        {kind === 'choice' && (
          <button
            type="button"
            className={cn('combobox-toggle')}
            tabIndex={-1}
            aria-labelledby={labelId}
            onPointerDown={onAsk}
            onClick={() => {
              onAsk();
              inputRef.current?.focus();
            }}
          >
            <span aria-hidden="true">▾</span>
          </button>
        )}
      </div>
      {loading && (
        <p className={cn('combobox-status')} role="status">
          {messages.loadingOptions}
        </p>
      )}
    </div>
  );
}
