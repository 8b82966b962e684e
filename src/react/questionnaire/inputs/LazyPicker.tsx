import { useEffect, useRef, useState, type RefObject } from 'react';
import type { QuestionnaireItemState } from '../../../questionnaire';
import { answerLabel } from '../answers';
import { useQuestionnaireFormContext } from '../context';
import { ComboboxTags } from './ComboboxTags';
import type { InputProps } from './QuestionInput';

/** The popover pickers (Radix Popover with a Downshift combobox), a chunk of their own. */
type Pickers = typeof import('./pickers');

/** What the user did in the stand-in before the picker arrived; the picker carries it on. */
export interface PickerHandoff {
  /** The text in the field. */
  text: string;
  /** The stand-in had focus, with this selection. */
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
 * A drop-down, autocomplete or reference picker. Until its code has arrived it shows a plain
 * combobox field of the same size that takes typing; the picker then takes over the text, the
 * focus and the wish to see the options, so nothing typed is lost and nothing moves.
 */
export function LazyPicker({ kind, ...props }: InputProps & { kind: PickerKind }) {
  const [loaded, setLoaded] = useState(pickers);
  const [handoff, setHandoff] = useState<PickerHandoff>();
  const [asked, setAsked] = useState(false);
  const standIn = useRef<HTMLInputElement>(null);
  const askedRef = useRef(false);

  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadPickers().then(
      (module) => {
        if (!live) return;
        const input = standIn.current;
        const focused = !!input && input === document.activeElement;
        if (input) {
          setHandoff({
            text: input.value,
            focused,
            selection:
              focused && input.selectionStart !== null
                ? [input.selectionStart, input.selectionEnd ?? input.selectionStart]
                : undefined,
            open: askedRef.current,
          });
        }
        setLoaded(module);
      },
      // Logged by loadPickers; the stand-in stays and keeps what was typed.
      () => undefined
    );
    return () => {
      live = false;
    };
  }, [loaded]);

  if (loaded) {
    const Picker = kind === 'choice' ? loaded.ChoiceCombobox : loaded.ReferenceInput;
    return <Picker {...props} handoff={handoff} />;
  }
  return (
    <PickerStandIn
      {...props}
      kind={kind}
      inputRef={standIn}
      asked={asked}
      onAsk={() => {
        askedRef.current = true;
        setAsked(true);
      }}
    />
  );
}

/** Takes over from the stand-in that was shown while the picker loaded: its focus and selection. */
export function useHandoffFocus(inputId: string, handoff: PickerHandoff | undefined): void {
  const done = useRef(false);
  useEffect(() => {
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

function PickerStandIn({
  state,
  inputId,
  describedBy,
  invalid,
  onTouched,
  kind,
  inputRef,
  asked,
  onAsk,
}: InputProps & {
  kind: PickerKind;
  inputRef: RefObject<HTMLInputElement | null>;
  asked: boolean;
  onAsk: () => void;
}) {
  const { store, messages, formId } = useQuestionnaireFormContext();
  const [text, setText] = useState(() => pickerText(state, kind));
  const multiple = kind === 'choice' && state.repeats;
  const placeholder =
    kind === 'choice' && !isValueSetPicker(state) ? messages.selectPlaceholder : messages.searchPlaceholder;
  return (
    <div className="fpk-combobox" data-state="closed" data-multiple={multiple || undefined}>
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
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            onAsk();
            // As in the picker: emptying the field clears the answer.
            if (!value && !multiple) store.setAnswers(state.key, []);
          }}
          onClick={onAsk}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') onAsk();
          }}
          onBlur={onTouched}
        />
        {kind === 'choice' && (
          <button
            type="button"
            className="fpk-combobox-toggle"
            tabIndex={-1}
            aria-label={state.text ?? state.linkId}
            onClick={() => {
              onAsk();
              inputRef.current?.focus();
            }}
          >
            <span aria-hidden="true">▾</span>
          </button>
        )}
      </div>
      {asked && (
        <p className="fpk-combobox-status" role="status">
          {messages.loadingOptions}
        </p>
      )}
    </div>
  );
}
