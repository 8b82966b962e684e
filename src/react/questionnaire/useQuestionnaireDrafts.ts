import { useEffect, useRef, useState } from 'react';
import type { QuestionnaireResponse } from '../../fhir';
import type { QuestionnaireDrafts, QuestionnaireStore } from '../../questionnaire';
import { answersOf } from '../../questionnaire/answersOf';
import { onDemand } from '../primitives/onDemand';

// Only forms with `onSaveDraft` save drafts, so the saver and its status line come as a chunk of
// their own when one mounts (they kept 1 KB in every QuestionnaireForm). The answers the form opened with are read
// at once, so an answer typed before the chunk arrives is still saved as a change.
export const loadDrafts = /* @__PURE__ */ onDemand(() => import('./draftsOnDemand'), 'questionnaire drafts');

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
    let stop: (() => void) | undefined;
    let unmounted = false;
    const openedWith = store.ready.then(() => answersOf(store));
    const start = ({ createQuestionnaireDrafts }: NonNullable<typeof loadDrafts.loaded>) => {
      if (unmounted) return;
      const opts = latest.current;
      const saver = createQuestionnaireDrafts(store, {
        // The latest prop is called, so a host's new function each render does not restart drafts.
        save: (response) => latest.current.onSaveDraft?.(response),
        delay: opts.draftDelay,
        id: opts.draftId,
        openedWith,
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
      stop = () => {
        window.removeEventListener('pagehide', flush);
        window.removeEventListener('online', flush);
        document.removeEventListener('visibilitychange', onVisibility);
        flush();
        saver.dispose();
        setDrafts((current) => (current === saver ? undefined : current));
      };
    };
    if (loadDrafts.loaded) start(loadDrafts.loaded);
    // A failed fetch is logged by onDemand; the form still works, without drafts.
    else loadDrafts().then(start, () => undefined);
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [store, enabled]);

  return drafts;
}
