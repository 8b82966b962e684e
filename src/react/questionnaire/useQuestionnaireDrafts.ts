import { useEffect, useRef, useState } from 'react';
import type { QuestionnaireResponse } from '../../fhir';
import { createQuestionnaireDrafts, type QuestionnaireDrafts, type QuestionnaireStore } from '../../questionnaire';

/** Options of {@link useQuestionnaireDrafts}. */
export interface UseQuestionnaireDraftsOptions {
  /** Saves the in-progress response; without it no drafts are kept. */
  onSaveDraft?: (
    response: QuestionnaireResponse
  ) => Promise<QuestionnaireResponse | void> | QuestionnaireResponse | void;
  /** Milliseconds after the last change before a draft is saved. Default 1000. */
  draftDelay?: number;
  /** The id of the draft to continue or replace. */
  draftId?: string;
}

/**
 * Keeps a store's answers saved as an in-progress response through `onSaveDraft`: debounced
 * while typing, and at once when the page is hidden or left, the component unmounts, or the
 * connection comes back after a failed save.
 */
export function useQuestionnaireDrafts(
  store: QuestionnaireStore | undefined,
  options: UseQuestionnaireDraftsOptions
): QuestionnaireDrafts | undefined {
  const latest = useRef(options);
  latest.current = options;
  const enabled = !!options.onSaveDraft;
  const [drafts, setDrafts] = useState<QuestionnaireDrafts>();

  useEffect(() => {
    if (!store || !enabled) return;
    const opts = latest.current;
    const saver = createQuestionnaireDrafts(store, {
      // The latest prop is called, so a host's new function each render does not restart drafts.
      save: (response) => latest.current.onSaveDraft?.(response),
      delay: opts.draftDelay,
      id: opts.draftId,
    });
    setDrafts(saver);
    const flush = () => void saver.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // pagehide covers a reload or leaving the page; visibilitychange a tab switched away from or
    // a phone's app switcher, after which the page may be killed without another event.
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
      saver.dispose();
      setDrafts((current) => (current === saver ? undefined : current));
    };
  }, [store, enabled]);

  return drafts;
}
