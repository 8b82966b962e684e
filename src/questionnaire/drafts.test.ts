import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../fhir/types';
import { answersOf as openedAnswersOf } from './answersOf';
import { createQuestionnaireDrafts } from './drafts';
import { createQuestionnaireStore } from './store';

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://example.org/q/intake',
  item: [
    { linkId: 'first', text: 'First name', type: 'string' },
    { linkId: 'last', text: 'Last name', type: 'string' },
  ],
};

/** Types `text` into the item one character at a time, `gap` ms apart, as keystrokes do. */
function typeSlowly(store: ReturnType<typeof createQuestionnaireStore>, linkId: string, text: string, gap: number) {
  const key = store.findKeys(linkId)[0];
  for (let i = 1; i <= text.length; i++) {
    store.setAnswer(key, { valueString: text.slice(0, i) });
    vi.advanceTimersByTime(gap);
  }
}

const answersOf = (response: QuestionnaireResponse) => response.item?.map((i) => [i.linkId, i.answer]);

describe('questionnaire drafts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describe('when the user types', () => {
    it('saves once, a delay after the last change, as an in-progress response', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi.fn(async (r: QuestionnaireResponse) => ({ ...r, id: 'qr-1' }));
      createQuestionnaireDrafts(store, { save, delay: 1000 });
      await store.ready; // the answers the form opened with are taken once expressions ran
      typeSlowly(store, 'first', 'Homer', 100);
      // 100 ms after the last key: nothing yet; the delay counts from the last change.
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(850);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(100);
      expect(save).toHaveBeenCalledTimes(1);
      const sent = save.mock.calls[0][0];
      expect(sent).toMatchObject({ resourceType: 'QuestionnaireResponse', status: 'in-progress' });
      expect(sent.id).toBeUndefined();
      expect(sent.authored).toBeUndefined();
      expect(answersOf(sent)).toEqual([['first', [{ valueString: 'Homer' }]]]);
    });

    it('saves an answer typed before the saver started (its code loaded late) as a change', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const openedWith = store.ready.then(() => openedAnswersOf(store));
      await store.ready;
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Bart' });
      const save = vi.fn(async (r: QuestionnaireResponse) => ({ ...r, id: 'qr-1' }));
      createQuestionnaireDrafts(store, { save, delay: 1000, openedWith });
      await vi.advanceTimersByTimeAsync(1000);
      expect(save).toHaveBeenCalledTimes(1);
      expect(answersOf(save.mock.calls[0][0])).toEqual([['first', [{ valueString: 'Bart' }]]]);
    });

    it('saves nothing when the answers end as the form opened with them', async () => {
      const store = createQuestionnaireStore({
        ...questionnaire,
        item: [{ linkId: 'first', text: 'First name', type: 'string', initial: [{ valueString: 'Marge' }] }],
      });
      await store.ready;
      const save = vi.fn(async (r: QuestionnaireResponse) => ({ ...r, id: 'qr-1' }));
      const drafts = createQuestionnaireDrafts(store, { save, delay: 1000 });
      await store.ready; // the answers the form opened with are taken once expressions ran
      await Promise.resolve();
      // Typed and erased back to the initial value, then a flush as the page goes: nothing to save.
      typeSlowly(store, 'first', 'Marge!', 50);
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Marge' });
      await vi.advanceTimersByTimeAsync(2000);
      await drafts.flush();
      expect(save).not.toHaveBeenCalled();
      // A real change is saved, and saving the same answers again is skipped.
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Maggie' });
      await drafts.flush();
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Maggie' });
      await drafts.flush();
      expect(save).toHaveBeenCalledTimes(1);
      expect(answersOf(save.mock.calls[0][0])).toEqual([['first', [{ valueString: 'Maggie' }]]]);
    });

    it('creates the draft once, then updates it by the id the first save returned', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi.fn(async (r: QuestionnaireResponse) => ({ ...r, id: r.id ?? 'qr-1' }));
      const drafts = createQuestionnaireDrafts(store, { save });
      await store.ready; // the answers the form opened with are taken once expressions ran
      typeSlowly(store, 'first', 'Homer', 50);
      await vi.advanceTimersByTimeAsync(1000);
      typeSlowly(store, 'last', 'Simpson', 50);
      await vi.advanceTimersByTimeAsync(1000);
      expect(save.mock.calls.map(([r]) => r.id)).toEqual([undefined, 'qr-1']);
      expect(answersOf(save.mock.calls[1][0])).toEqual([
        ['first', [{ valueString: 'Homer' }]],
        ['last', [{ valueString: 'Simpson' }]],
      ]);
      expect(drafts.getId()).toBe('qr-1');
      expect(drafts.getStatus()).toBe('saved');
    });

    it('saves at most once per delay however long the typing goes on', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi.fn(async () => {});
      createQuestionnaireDrafts(store, { save, delay: 1000 });
      await store.ready; // the answers the form opened with are taken once expressions ran
      // 100 keys 30 ms apart: 3 s of typing with no pause of a second.
      typeSlowly(store, 'first', 'x'.repeat(100), 30);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(save).toHaveBeenCalledTimes(1);
    });
  });

  describe('when flushed (page hidden, unmount)', () => {
    it('saves what is unsaved at once, and nothing when all is saved', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi.fn(async () => {});
      const drafts = createQuestionnaireDrafts(store, { save });
      await store.ready; // the answers the form opened with are taken once expressions ran
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Marge' });
      const flushed = drafts.flush();
      // Built at once, before the page can go away.
      expect(save).toHaveBeenCalledTimes(1);
      await flushed;
      await drafts.flush();
      await vi.advanceTimersByTimeAsync(5000);
      expect(save).toHaveBeenCalledTimes(1);
    });

    it('still saves when disposed right after the flush', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi.fn(async (_: QuestionnaireResponse) => {});
      const drafts = createQuestionnaireDrafts(store, { save });
      await store.ready; // the answers the form opened with are taken once expressions ran
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Bart' });
      void drafts.flush();
      drafts.dispose();
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Lisa' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(save.mock.calls.map(([r]) => answersOf(r))).toEqual([[['first', [{ valueString: 'Bart' }]]]]);
    });
  });

  describe('when a save fails (lost connection)', () => {
    it('reports it and saves the answers on the next flush', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi
        .fn<(r: QuestionnaireResponse) => Promise<QuestionnaireResponse>>()
        .mockRejectedValueOnce(new Error('Failed to fetch'))
        .mockImplementation(async (r) => ({ ...r, id: 'qr-9' }));
      const drafts = createQuestionnaireDrafts(store, { save });
      await store.ready; // the answers the form opened with are taken once expressions ran
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Ned' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(drafts.getStatus()).toBe('failed');
      await drafts.flush();
      expect(save).toHaveBeenCalledTimes(2);
      expect(answersOf(save.mock.calls[1][0])).toEqual([['first', [{ valueString: 'Ned' }]]]);
      expect(drafts.getStatus()).toBe('saved');
    });
  });

  describe('when the form is submitted', () => {
    it('waits for the first save and completes the same response (its id)', async () => {
      const store = createQuestionnaireStore(questionnaire);
      let finish!: (r: QuestionnaireResponse) => void;
      const save = vi.fn((r: QuestionnaireResponse) =>
        new Promise<QuestionnaireResponse>((ok) => (finish = ok)).then(() => r)
      );
      const drafts = createQuestionnaireDrafts(store, {
        save: (r) => save(r).then((saved) => ({ ...saved, id: 'qr-2' })),
      });
      await store.ready;
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Homer' });
      await vi.advanceTimersByTimeAsync(1000);
      const completing = drafts.complete();
      let done: QuestionnaireResponse | undefined;
      void completing.then((r) => (done = r));
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBeUndefined();
      finish(save.mock.calls[0][0]);
      const completed = await completing;
      expect(completed).toMatchObject({ id: 'qr-2', status: 'completed' });
      expect(completed.authored).toEqual(expect.any(String));
      // No draft is saved after the submit, so nothing turns the completed response back.
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Homer J' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(save).toHaveBeenCalledTimes(1);
    });

    it('completes the draft it was given, and drafts again after a failed submit', async () => {
      const store = createQuestionnaireStore(questionnaire);
      const save = vi.fn(async (_: QuestionnaireResponse) => {});
      const drafts = createQuestionnaireDrafts(store, { save, id: 'found-7' });
      await store.ready; // the answers the form opened with are taken once expressions ran
      expect((await drafts.complete()).id).toBe('found-7');
      drafts.restart();
      // Nothing changed since the draft was opened: nothing to save again.
      await vi.advanceTimersByTimeAsync(1000);
      expect(save).not.toHaveBeenCalled();
      store.setAnswer(store.findKeys('first')[0], { valueString: 'Homer' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(save.mock.calls.map(([r]) => [r.id, r.status])).toEqual([['found-7', 'in-progress']]);
    });
  });
});
