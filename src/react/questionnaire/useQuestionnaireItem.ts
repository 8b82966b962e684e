import { useCallback, useSyncExternalStore } from 'react';
import type { QuestionnaireFormState, QuestionnaireItemState, QuestionnaireStore } from '../../questionnaire';

/**
 * The state of one item instance. Subscribes to that item only, so typing into one field
 * re-renders that field and what depends on it, never the whole form.
 */
export function useQuestionnaireItem(store: QuestionnaireStore, key: string): QuestionnaireItemState | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribeItem(key)(listener), [store, key]);
  const getSnapshot = useCallback(() => store.getItemState(key), [store, key]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Form-level state (title, pages, signature, validity); changes only when those change. */
export function useQuestionnaireFormState(store: QuestionnaireStore): QuestionnaireFormState {
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const getSnapshot = useCallback(() => store.getFormState(), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
