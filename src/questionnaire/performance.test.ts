// @vitest-environment node
import type { QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import { loadFhirPath, type FhirPathLoader } from './expressions';
import { keyOf, makeStore, questionnaire } from './test-helpers';

// Loading and compiling FHIRPath is slow on a busy shared CI machine.
vi.setConfig({ testTimeout: 30_000 });

/** 200 groups × (1 trigger + 8 strings + 1 conditional) = 2,200 items. */
function bigQuestionnaire() {
  const items: QuestionnaireItem[] = [];
  for (let g = 0; g < 200; g++) {
    const children: QuestionnaireItem[] = [{ linkId: `g${g}.trigger`, type: 'boolean' }];
    for (let i = 0; i < 8; i++) {
      children.push({ linkId: `g${g}.s${i}`, type: 'string', required: i === 0, maxLength: 50 });
    }
    children.push({
      linkId: `g${g}.cond`,
      type: 'string',
      enableWhen: [{ question: `g${g}.trigger`, operator: '=', answerBoolean: true }],
    });
    items.push({ linkId: `g${g}`, type: 'group', text: `Group ${g}`, item: children });
  }
  return questionnaire(items);
}

// How much work one change does, counted rather than timed: timings live in `npm run
// bench:questionnaire`, where a real browser measures them. A change must touch its item and
// its dependents only, whatever the size of the form.

/** Keys whose snapshot object changed between two reads of every item. */
function changedKeys(store: ReturnType<typeof makeStore>, action: () => void): string[] {
  const before = new Map(store.getKeys().map((k) => [k, store.getItemState(k)]));
  action();
  return store.getKeys().filter((k) => store.getItemState(k) !== before.get(k));
}

describe('a 2,000-item form', () => {
  it('changes only the typed item on a keystroke, and notifies only its subscribers', () => {
    const store = makeStore(bigQuestionnaire());
    expect(store.getKeys().length).toBe(2200);
    const key = keyOf(store, 'g100.s3');
    const notified: string[] = [];
    for (const k of store.getKeys()) store.subscribeItem(k)(() => notified.push(k));
    let text = '';
    for (let i = 0; i < 20; i++) {
      text += 'a';
      expect(changedKeys(store, () => store.setAnswer(key, { valueString: text }))).toEqual([key]);
    }
    expect(new Set(notified)).toEqual(new Set([key]));
  });

  it('changes only the trigger and its dependent when a condition toggles', () => {
    const store = makeStore(bigQuestionnaire());
    const key = keyOf(store, 'g150.trigger');
    const dependent = keyOf(store, 'g150.cond');
    expect(changedKeys(store, () => store.setAnswer(key, { valueBoolean: true })).sort()).toEqual(
      [dependent, key].sort()
    );
    expect(store.getItemState(dependent)!.enabled).toBe(true);
    expect(changedKeys(store, () => store.setAnswer(key, { valueBoolean: false })).sort()).toEqual(
      [dependent, key].sort()
    );
    expect(store.getItemState(dependent)!.enabled).toBe(false);
  });

  it('builds the response with every answer of a large form', () => {
    const store = makeStore(bigQuestionnaire());
    for (let g = 0; g < 200; g++) store.setAnswer(`g${g}[0]/g${g}.s0[0]`, { valueString: `v${g}` });
    const response = store.buildResponse();
    expect(response.item).toHaveLength(200);
    expect(response.item!.map((group) => group.item![0].answer)).toEqual(
      Array.from({ length: 200 }, (_, g) => [{ valueString: `v${g}` }])
    );
  });
});

describe('a 2,000-item form with expressions', () => {
  it('evaluates no expression when an answer nothing reads changes, and only the dependent one otherwise', async () => {
    const evaluated: string[] = [];
    const loader: FhirPathLoader = async () => {
      const real = await loadFhirPath();
      return {
        compile(expression, base) {
          const fn = real.compile(expression, base);
          return (context, vars) => {
            evaluated.push(expression);
            return fn(context, vars);
          };
        },
      };
    };
    const items: QuestionnaireItem[] = [];
    for (let i = 0; i < 2000; i++) items.push({ linkId: `q${i}`, type: 'integer' });
    for (let i = 0; i < 10; i++) {
      items.push({
        linkId: `calc${i}`,
        type: 'integer',
        extension: [
          {
            url: QuestionnaireUrls.calculatedExpression,
            valueExpression: {
              language: 'text/fhirpath',
              expression: `%resource.item.where(linkId='q${i}').answer.value * 2`,
            },
          },
        ],
      });
    }
    const store = makeStore(questionnaire(items), { loadFhirPath: loader });
    await store.ready;
    evaluated.length = 0;
    for (let n = 0; n < 50; n++) store.setAnswer('q1500[0]', { valueInteger: n });
    expect(evaluated).toEqual([]);
    store.setAnswer('q3[0]', { valueInteger: 21 });
    expect(evaluated).toEqual([`%resource.item.where(linkId='q3').answer.value * 2`]);
    expect(store.getItemState('calc3[0]')!.answers).toEqual([{ valueInteger: 42 }]);
  });
});
