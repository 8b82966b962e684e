// @vitest-environment node
import type { QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import { loadFhirPath, scanExpression, type FhirPathEngine, type FhirPathLoader } from './expressions';
import { keyOf, makeStore, questionnaire, response } from './test-helpers';

// Loading and compiling FHIRPath is slow on a busy shared CI machine.
vi.setConfig({ testTimeout: 30_000 });

const calc = (expression: string) => ({
  url: QuestionnaireUrls.calculatedExpression,
  valueExpression: { language: 'text/fhirpath', expression },
});
const initialExpr = (expression: string) => ({
  url: QuestionnaireUrls.initialExpression,
  valueExpression: { language: 'text/fhirpath', expression },
});
const enableExpr = (expression: string) => ({
  url: QuestionnaireUrls.enableWhenExpression,
  valueExpression: { language: 'text/fhirpath', expression },
});
const answerExpr = (expression: string) => ({
  url: QuestionnaireUrls.answerExpression,
  valueExpression: { language: 'text/fhirpath', expression },
});
const variable = (name: string, expression: string) => ({
  url: QuestionnaireUrls.variable,
  valueExpression: { name, language: 'text/fhirpath', expression },
});
const hidden = { url: QuestionnaireUrls.hidden, valueBoolean: true };

/** The real engine, counting evaluations per expression text. */
function countingLoader(): { loader: FhirPathLoader; counts: Map<string, number>; loads: () => number } {
  const counts = new Map<string, number>();
  let loads = 0;
  const loader: FhirPathLoader = async () => {
    loads++;
    const real = await loadFhirPath();
    const engine: FhirPathEngine = {
      compile(expression, base) {
        const fn = real.compile(expression, base);
        return (context, vars) => {
          counts.set(expression, (counts.get(expression) ?? 0) + 1);
          return fn(context, vars);
        };
      },
    };
    return engine;
  };
  return { loader, counts, loads: () => loads };
}

describe('FHIRPath loading', () => {
  it('never calls the loader for a questionnaire without expressions', async () => {
    const loader = vi.fn(loadFhirPath);
    const store = makeStore(
      questionnaire([
        { linkId: 'a', type: 'string', enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }] },
      ]),
      {
        loadFhirPath: loader,
      }
    );
    await store.ready;
    store.setAnswer(keyOf(store, 'a'), { valueString: 'x' });
    expect(loader).not.toHaveBeenCalled();
    expect(store.getFormState().ready).toBe(true);
  });

  it('loads once when the questionnaire has an expression, and is ready after', async () => {
    const loader = vi.fn(loadFhirPath);
    const store = makeStore(questionnaire([{ linkId: 'a', type: 'integer', extension: [calc('1 + 1')] }]), {
      loadFhirPath: loader,
    });
    expect(store.getFormState().ready).toBe(false);
    await store.ready;
    expect(loader).toHaveBeenCalledTimes(1);
    expect(store.getFormState().ready).toBe(true);
    expect(store.getItemState(keyOf(store, 'a'))!.answers).toEqual([{ valueInteger: 2 }]);
  });

  it('reports a loader failure on the form and keeps working', async () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'a', type: 'integer', extension: [calc('1')] },
        { linkId: 'b', type: 'string' },
      ]),
      {
        loadFhirPath: async () => {
          throw new Error('chunk failed');
        },
      }
    );
    await store.ready;
    expect(store.getFormState().issues).toEqual(['The FHIRPath engine could not be loaded: chunk failed']);
    expect(store.setAnswer(keyOf(store, 'b'), { valueString: 'x' })).toBe(true);
  });
});

describe('SDC expressions', () => {
  it('calculates with questionnaire and item variables, keeping hidden calculated values in the response', async () => {
    const store = makeStore(
      questionnaire(
        [
          { linkId: 'weight', type: 'decimal' },
          { linkId: 'height', type: 'decimal' },
          {
            linkId: 'bmi',
            type: 'decimal',
            extension: [
              variable('h', "%resource.item.where(linkId='height').answer.value / 100"),
              calc('(%w / (%h * %h)).round(1)'),
              hidden,
            ],
          },
        ],
        { extension: [variable('w', "%resource.item.where(linkId='weight').answer.value")] }
      )
    );
    await store.ready;
    store.setAnswer(keyOf(store, 'weight'), { valueDecimal: 80 });
    store.setAnswer(keyOf(store, 'height'), { valueDecimal: 180 });
    expect(store.getItemState(keyOf(store, 'bmi'))).toMatchObject({
      answers: [{ valueDecimal: 24.7 }],
      hidden: true,
      readOnly: true,
    });
    expect(store.buildResponse()).toEqual(
      response([
        { linkId: 'weight', answer: [{ valueDecimal: 80 }] },
        { linkId: 'height', answer: [{ valueDecimal: 180 }] },
        { linkId: 'bmi', answer: [{ valueDecimal: 24.7 }] },
      ])
    );
    store.setAnswer(keyOf(store, 'height'), undefined);
    expect(store.getItemState(keyOf(store, 'bmi'))!.answers).toEqual([]);
  });

  it('enables by enableWhenExpression', async () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'age', type: 'integer' },
        {
          linkId: 'adult',
          type: 'string',
          extension: [enableExpr("%resource.item.where(linkId='age').answer.value >= 18")],
        },
      ])
    );
    await store.ready;
    expect(store.getItemState(keyOf(store, 'adult'))!.enabled).toBe(false);
    store.setAnswer(keyOf(store, 'age'), { valueInteger: 18 });
    expect(store.getItemState(keyOf(store, 'adult'))!.enabled).toBe(true);
  });

  it('pre-populates with initialExpression from the launch context, not over a loaded response', async () => {
    const items: QuestionnaireItem[] = [
      { linkId: 'given', type: 'string', extension: [initialExpr('%patient.name.first().given.first()')] },
      { linkId: 'names', type: 'string', repeats: true, extension: [initialExpr('%patient.name.given')] },
      { linkId: 'birth', type: 'date', extension: [initialExpr('%patient.birthDate')] },
    ];
    const patient = { resourceType: 'Patient', name: [{ given: ['Ann', 'Marie'] }], birthDate: '1990-05-06' };
    const store = makeStore(questionnaire(items), { variables: { patient } });
    await store.ready;
    expect(store.buildResponse().item).toEqual([
      { linkId: 'given', answer: [{ valueString: 'Ann' }] },
      { linkId: 'names', answer: [{ valueString: 'Ann' }, { valueString: 'Marie' }] },
      { linkId: 'birth', answer: [{ valueDate: '1990-05-06' }] },
    ]);
    const loaded = makeStore(questionnaire(items), {
      variables: { patient },
      response: {
        resourceType: 'QuestionnaireResponse',
        status: 'in-progress',
        item: [{ linkId: 'given', answer: [{ valueString: 'Bea' }] }],
      },
    });
    await loaded.ready;
    expect(loaded.buildResponse().item).toEqual([{ linkId: 'given', answer: [{ valueString: 'Bea' }] }]);
  });

  it('treats a declared launch context the caller did not give as empty', async () => {
    const store = makeStore(
      questionnaire([{ linkId: 'given', type: 'string', extension: [initialExpr('%patient.name.given.first()')] }], {
        extension: [
          {
            url: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-launchContext',
            extension: [
              { url: 'name', valueCoding: { code: 'patient' } },
              { url: 'type', valueCode: 'Patient' },
            ],
          },
        ],
      })
    );
    await store.ready;
    expect(store.getItemState(keyOf(store, 'given'))).toMatchObject({ answers: [], issues: [] });
  });

  it('builds options from answerExpression', async () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'n', type: 'integer' },
        {
          linkId: 'pick',
          type: 'choice',
          extension: [answerExpr("(1 | 2 | 3).where($this <= %resource.item.where(linkId='n').answer.value)")],
        },
      ])
    );
    await store.ready;
    store.setAnswer(keyOf(store, 'n'), { valueInteger: 2 });
    expect(store.getItemState(keyOf(store, 'pick'))!.options).toEqual([
      { answer: { valueInteger: 1 }, label: '1' },
      { answer: { valueInteger: 2 }, label: '2' },
    ]);
  });

  it('evaluates %context within each repeat instance', async () => {
    const store = makeStore(
      questionnaire([
        {
          linkId: 'line',
          type: 'group',
          repeats: true,
          item: [
            { linkId: 'qty', type: 'integer' },
            { linkId: 'price', type: 'decimal' },
            {
              linkId: 'total',
              type: 'decimal',
              extension: [
                calc(
                  "%context.item.where(linkId='qty').answer.value * %context.item.where(linkId='price').answer.value"
                ),
              ],
            },
          ],
        },
      ])
    );
    await store.ready;
    // total's %context is its own response item; walk up through the group with a variable instead.
    const store2 = makeStore(
      questionnaire([
        {
          linkId: 'line',
          type: 'group',
          repeats: true,
          extension: [
            variable('q', "item.where(linkId='qty').answer.value"),
            variable('p', "item.where(linkId='price').answer.value"),
          ],
          item: [
            { linkId: 'qty', type: 'integer' },
            { linkId: 'price', type: 'decimal' },
            { linkId: 'total', type: 'decimal', extension: [calc('%q * %p')] },
          ],
        },
      ])
    );
    await store2.ready;
    store2.addRepeat(keyOf(store2, 'line'));
    store2.setAnswer(keyOf(store2, 'qty', 0), { valueInteger: 2 });
    store2.setAnswer(keyOf(store2, 'price', 0), { valueDecimal: 1.5 });
    store2.setAnswer(keyOf(store2, 'qty', 1), { valueInteger: 3 });
    store2.setAnswer(keyOf(store2, 'price', 1), { valueDecimal: 10 });
    expect(store2.getItemState(keyOf(store2, 'total', 0))!.answers).toEqual([{ valueDecimal: 3 }]);
    expect(store2.getItemState(keyOf(store2, 'total', 1))!.answers).toEqual([{ valueDecimal: 30 }]);
    expect(store.getItemState(keyOf(store, 'total'))!.answers).toEqual([]);
  });

  it('stores a failed expression on the item state and as an extension on the response item', async () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'broken', type: 'string', initial: [{ valueString: 'kept' }], extension: [calc("'a' +")] },
        { linkId: 'runtime', type: 'integer', extension: [calc('%nowhere + 1')] },
      ])
    );
    await store.ready;
    const broken = store.getItemState(keyOf(store, 'broken'))!;
    expect(broken.expressionError).toMatch(/^Expression evaluation failed: /);
    expect(broken.issues).toContain(broken.expressionError);
    expect(store.getItemState(keyOf(store, 'runtime'))!.expressionError).toBe(
      'Expression evaluation failed: Attempting to access an undefined environment variable: nowhere'
    );
    expect(store.buildResponse().item).toEqual([
      {
        linkId: 'broken',
        extension: [{ url: QuestionnaireUrls.expressionError, valueString: broken.expressionError }],
        answer: [{ valueString: 'kept' }],
      },
    ]);
  });

  it('detects calculatedExpression cycles at load without looping', async () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'a', type: 'integer', extension: [calc("%resource.item.where(linkId='b').answer.value + 1")] },
        { linkId: 'b', type: 'integer', extension: [calc("%resource.item.where(linkId='a').answer.value + 1")] },
        { linkId: 'c', type: 'integer', extension: [calc("%resource.item.where(linkId='a').answer.value.count()")] },
      ])
    );
    await store.ready;
    expect(store.getItemState(keyOf(store, 'a'))!.issues).toEqual([
      'Circular dependency in enableWhen/calculatedExpression: a → b → a.',
    ]);
    expect(store.getItemState(keyOf(store, 'c'))!.issues).toEqual([]);
  });
});

describe('dependency graph', () => {
  it('re-evaluates only the expressions that read the changed answer', async () => {
    const { loader, counts } = countingLoader();
    const readsA = "%resource.item.where(linkId='a').answer.value + 1";
    const readsB = "%resource.item.where(linkId='b').answer.value + 1";
    const dynamicExpr = "%resource.repeat(item).where(linkId='a' or linkId='b').answer.count()";
    const store = makeStore(
      questionnaire([
        { linkId: 'a', type: 'integer' },
        { linkId: 'b', type: 'integer' },
        { linkId: 'fromA', type: 'integer', extension: [calc(readsA)] },
        { linkId: 'fromB', type: 'integer', extension: [calc(readsB)] },
        { linkId: 'count', type: 'integer', extension: [calc(dynamicExpr)] },
      ]),
      { loadFhirPath: loader }
    );
    await store.ready;
    counts.clear();
    store.setAnswer(keyOf(store, 'a'), { valueInteger: 1 });
    expect(counts.get(readsA)).toBe(1);
    expect(counts.get(readsB)).toBeUndefined();
    // An expression whose dependencies cannot be told runs on every change (and again when a calculation it sees changes).
    expect(counts.get(dynamicExpr)).toBeGreaterThanOrEqual(1);
    expect(store.getItemState(keyOf(store, 'fromA'))!.answers).toEqual([{ valueInteger: 2 }]);
    expect(store.getItemState(keyOf(store, 'count'))!.answers).toEqual([{ valueInteger: 1 }]);
  });

  it('scans linkIds and variables statically', () => {
    const known = new Set(['a', 'b']);
    expect(scanExpression("%resource.item.where(linkId='a').answer.value + %x", known)).toMatchObject({
      linkIds: new Set(['a']),
      variables: new Set(['resource', 'x']),
      dynamic: false,
    });
    expect(scanExpression('%resource.item.answer.value', known).dynamic).toBe(true);
    expect(scanExpression("%resource.repeat(item).where(linkId='b')", known).dynamic).toBe(true);
    expect(scanExpression("'not-a-link' + %patient.name", known)).toMatchObject({ linkIds: new Set(), dynamic: false });
  });
});
