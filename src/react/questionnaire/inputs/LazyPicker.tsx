import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { QuestionnaireItemState } from '../../../questionnaire';
import { answerLabel } from '../answerInputs';
import { useQuestionnaireFormContext } from '../context';
import { ComboboxTags } from './ComboboxTags';
import type { InputProps } from './QuestionInput';

/** The popover pickers (Radix Popover with a Downshift combobox), a chunk of their own. */
type Pickers = typeof import('./pickers');

/** What the user did in the field before the picker took its place; the picker carries it on. */
export interface PickerHandoff {
  /** The text in the field. */
  text: string;
  /** The field had focus, with this selection. */
  focused: boolean;
  selection?: [number, number];
  /** The user asked for the options: clicked, pressed an arrow key or typed. */
  open: boolean;
}

/** Which picker an item uses, or undefined for the inputs that are always at hand. */
export type PickerKind = 'choice' | 'reference';

let pickers: Pickers | undefined;
let loading: Promise<Pickers> | undefined;

/**
 * Loads the pickers once. Only a form with a drop-down, autocomplete, value-set or reference item
 * asks for them, so plain forms never download Radix Popover and Downshift. A failed load is
 * logged and tried again on the next call.
 */
export function loadPickers(): Promise<Pickers> {
  loading ??= import('./pickers').then(
    (module) => (pickers = module),
    (error: unknown) => {
      loading = undefined;
      console.error('Loading the questionnaire option pickers failed', error);
      throw error;
    }
  );
  return loading;
}

/**
 * Loads the pickers when the page is idle (within two seconds), so a form with pickers has them by
 * the time one is used without their download and evaluation delaying its first paint; a field
 * used sooner loads them at once.
 */
export function preloadPickers(): void {
  if (pickers || loading) return;
  const load = () => void loadPickers().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

/**
 * A drop-down, autocomplete or reference picker. At rest it is a plain combobox field showing the
 * answer; the picker (Downshift and a Radix popover, loaded on demand) takes its place when the
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

  // A handoff exists only once the pickers have loaded.
  if (handoff && pickers) {
    const Picker = kind === 'choice' ? pickers.ChoiceCombobox : pickers.ReferenceInput;
    return <Picker {...props} handoff={handoff} />;
  }
  /** Hands over to the picker: at once when its code is here, else as soon as it arrives. */
  const handOver = () => {
    used.current = true;
    if (pickers) {
      if (field.current === document.activeElement) setHandoff(take());
      return;
    }
    // The ref is cleared when the field unmounts; the first arrival hands over, later ones find no field.
    loadPickers().then(
      () => field.current && setHandoff(take()),
      // Logged by loadPickers; the field stays and keeps what was typed.
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
      isHandingOff={() => used.current && !!pickers}
    />
  );
}

/** Takes over from the field the picker replaces: its focus and selection. */
export function useHandoffFocus(inputId: string, handoff: PickerHandoff | undefined): void {
  const done = useRef(false);
  // Before the paint, so focus never rests on the page in between.
  useLayoutEffect(() => {
    if (done.current || !handoff?.focused) return;
    done.current = true;
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    input?.focus();
    if (handoff.selection) input?.setSelectionRange(...handoff.selection);
  }, [inputId, handoff]);
}

/** The text a picker starts with: the current answer's label, empty for a multi-select. */
export function pickerText(state: QuestionnaireItemState, kind: PickerKind): string {
  if (kind === 'reference') {
    const reference = state.answers[0]?.valueReference;
    return reference?.display ?? reference?.reference ?? '';
  }
  return state.repeats ? '' : answerLabel(state.answers[0], state.options);
}

/** True for an item whose options come from a value set expanded on demand. */
export function isValueSetPicker(state: QuestionnaireItemState): boolean {
  return !!state.item.answerValueSet && !state.item.answerValueSet.startsWith('#');
}

/** The picker at rest: a plain combobox field of the picker's size, name and text. */
function PickerField({
  state,
  inputId,
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
  // What the user typed here, else the answer's text (which follows the answer).
  const [typed, setTyped] = useState<string>();
  const multiple = kind === 'choice' && state.repeats;
  const placeholder =
    kind === 'choice' && !isValueSetPicker(state) ? messages.selectPlaceholder : messages.searchPlaceholder;
  return (
    <div
      className="fpk-combobox"
      data-state="closed"
      data-pending={loading || undefined}
      data-multiple={multiple || undefined}
    >
      {multiple && <ComboboxTags state={state} />}
      <div className="fpk-combobox-control">
        <input
          ref={inputRef}
          id={inputId}
          form={formId}
          className="fpk-input"
          role="combobox"
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
            className="fpk-combobox-toggle"
            tabIndex={-1}
            aria-label={state.text ?? state.linkId}
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
        <p className="fpk-combobox-status" role="status">
          {messages.loadingOptions}
        </p>
      )}
    </div>
  );
}
