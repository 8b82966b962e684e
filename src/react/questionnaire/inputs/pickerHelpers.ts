// What the resting field and the pickers share: the text they start with, the handoff of focus
// from one to the other, and searching as the user types.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { QuestionnaireItemState } from '../../../questionnaire';
import { answerLabel } from '../answerInputs';
import type { PickerHandoff, PickerKind } from './types';

/** Picker typing delay. */
const TYPING_DELAY_MS = 100;

/** The text a picker starts with: the current answer's label, empty for a multi-select. */
export function pickerText(state: QuestionnaireItemState, kind: PickerKind): string {
  if (kind === 'reference') {
    const reference = state.answers[0]?.valueReference;
    return reference?.display ?? reference?.reference ?? '';
  }
  return state.repeats ? '' : answerLabel(state.answers[0], state.options);
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

/**
 * Searches as the user types: `search` runs once the typing pauses, first when the options are
 * first asked for (`setQuery('')`). Returns the setter; undefined means nothing asked yet.
 */
export function useSearchAsYouType(
  search: ((text: string) => void) | undefined,
  initial: string | undefined
): [string | undefined, (text: string) => void] {
  const [query, setQuery] = useState(initial);
  useEffect(() => {
    if (!search || query === undefined) return;
    const timer = setTimeout(() => search(query), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query]);
  return [query, setQuery];
}
