// Questionnaire drafts: a long form keeps what was typed across a reload, a crash or a lost
// connection because the answers so far are saved as an `in-progress` QuestionnaireResponse while
// the user types. The engine never calls a server: the save is a function the caller hands in
// (the React layer passes the app's `onSaveDraft`), so drafts run and test without a client.
//
// A keystroke must cost nothing here (a 2,000-item form types as fast with drafts as without):
// the store's change listener only records the time and, if no timer is pending, starts one.
// The timer does not restart per key; when it fires it looks at the last change and waits out
// the rest of the delay. Building the response, which walks the whole form, happens once per save.
import type { QuestionnaireResponse } from '../fhir/types';
import type { QuestionnaireStore } from './store';
import { answersOf } from './answersOf';

/** Where the drafts are: nothing to save yet, a save under way, the last save done, or failed. */
export type QuestionnaireDraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** Saves a draft; resolves with the stored response (its id is used from then on) or nothing. */
export type SaveQuestionnaireDraft = (
  response: QuestionnaireResponse
) => Promise<QuestionnaireResponse | void> | QuestionnaireResponse | void;

/** Options of {@link createQuestionnaireDrafts}. */
export interface QuestionnaireDraftsOptions {
  /** Saves the in-progress response: create it the first time (no id), update it by id after. */
  save: SaveQuestionnaireDraft;
  /** Milliseconds after the last change before a save. Default 1000. */
  delay?: number;
  /** The id of the draft being continued or replaced; saves and the completed response carry it. */
  id?: string;
  /** The clock, for tests. Default Date.now. */
  now?: () => number;
  /**
   * The answers the form opened with (`answersOf(store)` once the store was ready), when the saver
   * starts later than the form (its code loaded on demand): answers changed in between are then
   * saved as a change. Default: the store's answers once it is ready.
   */
  openedWith?: PromiseLike<string>;
}

/** Saves a questionnaire's answers as an in-progress response while it is filled in. */
export interface QuestionnaireDrafts {
  getStatus(): QuestionnaireDraftStatus;
  /** Subscribes to status changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The id of the saved draft, once it has one. */
  getId(): string | undefined;
  /** Saves now whatever is unsaved; resolves once every save has settled. */
  flush(): Promise<void>;
  /**
   * Stops saving drafts, waits for a save under way (a first save gives the draft its id) and
   * returns the completed response with the draft's id, so a submit updates the same response.
   */
  complete(): Promise<QuestionnaireResponse>;
  /** Saves drafts again after `complete` (a submit that failed); the answers count as unsaved. */
  restart(): void;
  /** Stops listening and drops a pending timer; a flush called before still finishes. */
  dispose(): void;
}

/** The default delay after the last change before a draft is saved. */
export const DEFAULT_DRAFT_DELAY = 1000;

/** The answers of a response, as one string to compare. */
const answersKey = (response: QuestionnaireResponse) => JSON.stringify(response.item ?? []);

/** Saves the store's answers through `save`, debounced, as an in-progress QuestionnaireResponse. */
export function createQuestionnaireDrafts(
  store: QuestionnaireStore,
  options: QuestionnaireDraftsOptions
): QuestionnaireDrafts {
  const delay = options.delay ?? DEFAULT_DRAFT_DELAY;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let id = options.id;
  let status: QuestionnaireDraftStatus = 'idle';
  let dirty = false;
  let stopped = false;
  let lastChange = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  // The answers the server already holds: those the form opened with (initial values, calculated
  // ones and a resumed draft included, once expressions have run), then each saved draft's. A
  // change that leaves the answers as they were (a page turned, an expression settling, a value
  // typed and erased) saves nothing, so opening a form never leaves a draft behind.
  let savedAnswers: string | undefined;
  let disposed = false;
  if (options.openedWith)
    void options.openedWith.then((opened) => {
      savedAnswers ??= opened;
      // Changed before this saver listened (it started after the form opened): a change to save.
      if (!stopped && !disposed && !dirty && answersOf(store) !== savedAnswers) changed();
    });
  else
    void store.ready.then(() => {
      savedAnswers ??= answersOf(store);
    });

  const setStatus = (next: QuestionnaireDraftStatus) => {
    if (next === status) return;
    status = next;
    listeners.forEach((l) => l());
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const tick = () => {
    timer = undefined;
    const wait = lastChange + delay - now();
    if (wait > 0) timer = setTimeout(tick, wait);
    else void saveNow();
  };

  // Per change: a clock read and, at most once per delay, a timer. Nothing else.
  function changed() {
    dirty = true;
    lastChange = now();
    if (timer === undefined) timer = setTimeout(tick, delay);
  }
  const unsubscribe = store.subscribe(() => {
    if (!stopped) changed();
  });

  const waitForSaves = async () => {
    while (inFlight) await inFlight;
  };

  async function saveNow(): Promise<void> {
    // With no save under way the response is built at once, so a flush on page hide or unmount
    // has what was typed before the page goes.
    if (inFlight) await waitForSaves();
    if (!dirty || stopped) return;
    dirty = false;
    const response = store.buildResponse({ status: 'in-progress' });
    const answers = answersKey(response);
    if (answers === savedAnswers) return;
    if (id) response.id = id;
    setStatus('saving');
    const attempt = (async () => {
      try {
        const saved = await options.save(response);
        if (saved && typeof saved.id === 'string') id = saved.id;
        savedAnswers = answers;
        setStatus('saved');
      } catch (error) {
        // The answers stay in the form and count as unsaved: the next change or flush retries.
        console.error('Saving the questionnaire draft failed', error);
        dirty = true;
        setStatus('failed');
      }
    })();
    inFlight = attempt;
    await attempt;
    if (inFlight === attempt) inFlight = undefined;
  }

  return {
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getId: () => id,
    flush() {
      clearTimer();
      return saveNow();
    },
    async complete() {
      stopped = true;
      clearTimer();
      await waitForSaves();
      const response = store.buildResponse();
      if (id) response.id = id;
      return response;
    },
    restart() {
      stopped = false;
      dirty = true;
      lastChange = now();
      if (timer === undefined) timer = setTimeout(tick, delay);
    },
    dispose() {
      disposed = true;
      clearTimer();
      unsubscribe();
    },
  };
}
