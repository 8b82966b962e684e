// @vitest-environment node
import type { QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import { keyOf, makeStore, questionnaire } from './test-helpers';

describe('item subscriptions', () => {
  const items: QuestionnaireItem[] = [
    { linkId: 'name', type: 'string' },
    { linkId: 'other', type: 'string' },
    { linkId: 'show', type: 'boolean' },
    { linkId: 'dependent', type: 'string', enableWhen: [{ question: 'show', operator: '=', answerBoolean: true }] },
    {
      linkId: 'group',
      type: 'group',
      enableWhen: [{ question: 'show', operator: '=', answerBoolean: true }],
      item: [{ linkId: 'child', type: 'string' }],
    },
  ];

  function listen(store: ReturnType<typeof makeStore>) {
    const calls = new Map<string, number>();
    for (const key of store.getKeys()) {
      store.subscribeItem(key)(() => calls.set(key, (calls.get(key) ?? 0) + 1));
    }
    return calls;
  }

  it('notifies only the typed item', () => {
    const store = makeStore(questionnaire(items));
    const calls = listen(store);
    const before = Object.fromEntries(store.getKeys().map((k) => [k, store.getItemState(k)]));
    store.setAnswer(keyOf(store, 'name'), { valueString: 'A' });
    expect([...calls]).toEqual([['name[0]', 1]]);
    for (const key of store.getKeys()) {
      if (key === 'name[0]') expect(store.getItemState(key)).not.toBe(before[key]);
      else expect(store.getItemState(key)).toBe(before[key]);
    }
    // Same snapshot object while nothing changes, as useSyncExternalStore requires.
    expect(store.getItemState('name[0]')).toBe(store.getItemState('name[0]'));
  });

  it('notifies the dependents of a changed answer, and nothing else', () => {
    const store = makeStore(questionnaire(items));
    const calls = listen(store);
    store.setAnswer(keyOf(store, 'show'), { valueBoolean: true });
    expect(Object.fromEntries(calls)).toEqual({
      'show[0]': 1,
      'dependent[0]': 1,
      'group[0]': 1,
      'group[0]/child[0]': 1,
    });
  });

  it('gives a stable subscribe function per key and stops notifying after unsubscribe', () => {
    const store = makeStore(questionnaire(items));
    const subscribe = store.subscribeItem('name[0]');
    expect(store.subscribeItem('name[0]')).toBe(subscribe);
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    store.setAnswer('name[0]', { valueString: 'x' });
    unsubscribe();
    store.setAnswer('name[0]', { valueString: 'y' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('notifies form listeners once per change and keeps the form snapshot until then', () => {
    const store = makeStore(questionnaire([...items, { linkId: 'req', type: 'string', required: true }]));
    const form = store.getFormState();
    expect(store.getFormState()).toBe(form);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setAnswer(keyOf(store, 'req'), { valueString: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getFormState()).not.toBe(form);
    expect(store.getFormState()).toMatchObject({ errorCount: 0, valid: true });
  });

  it('keeps the form snapshot when only an answer changes, so the form around the item does not re-render', () => {
    const store = makeStore(questionnaire(items));
    const form = store.getFormState();
    store.setAnswer(keyOf(store, 'name'), { valueString: 'A' });
    store.setAnswer(keyOf(store, 'name'), { valueString: 'AB' });
    expect(store.getFormState()).toBe(form);
  });

  it('gives a new form snapshot when a top-level item (a page) is enabled or disabled', () => {
    const store = makeStore(questionnaire(items));
    const form = store.getFormState();
    store.setAnswer(keyOf(store, 'show'), { valueBoolean: true });
    expect(store.getFormState()).not.toBe(form);
  });

  it('notifies the parent when a repeat is added', () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'g', type: 'group', item: [{ linkId: 'r', type: 'string', repeats: true }] },
        { linkId: 'x', type: 'string' },
      ])
    );
    const calls = listen(store);
    const key = store.addRepeat(keyOf(store, 'r'))!;
    expect(key).toBe('g[0]/r[1]');
    expect(store.getItemState('g[0]')!.childKeys).toEqual(['g[0]/r[0]', 'g[0]/r[1]']);
    expect(Object.fromEntries(calls)).toEqual({ 'g[0]': 1, 'g[0]/r[0]': 1 });
  });

  it('keeps hidden calculated items notified through their dependents', () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'a', type: 'string' },
        {
          linkId: 'h',
          type: 'string',
          extension: [{ url: QuestionnaireUrls.hidden, valueBoolean: true }],
          enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }],
        },
      ])
    );
    const calls = listen(store);
    store.setAnswer('a[0]', { valueString: 'x' });
    expect(Object.fromEntries(calls)).toEqual({ 'a[0]': 1, 'h[0]': 1 });
  });
});
