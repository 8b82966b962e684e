// @vitest-environment node
// Conformance over the real-world questionnaires of fixtures/questionnaires (a snapshot of
// ../shared/fixtures; see SOURCES.md there).
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItem } from '../fhir/types';
import { allowedValueKeys, answerValueKey } from './answers';
import type { QuestionnaireStore } from './store';
import { QUESTIONNAIRE_FIXTURES } from './fixtures';
import { makeStore } from './test-helpers';
import type { QuestionnaireAnswer, QuestionnaireItemState } from './types';

// Loading and compiling FHIRPath is slow on a busy shared CI machine.
vi.setConfig({ testTimeout: 30_000 });

const FIXTURES = pathToFileURL(QUESTIONNAIRE_FIXTURES + '/');
const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .sort();

function load(file: string): Questionnaire {
  return JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8'));
}

function allItems(items: QuestionnaireItem[] | undefined, into: QuestionnaireItem[] = []): QuestionnaireItem[] {
  for (const item of items ?? []) {
    into.push(item);
    allItems(item.item, into);
  }
  return into;
}

/** A plausible answer of the item's type, within its bounds. */
function sampleAnswer(state: QuestionnaireItemState): QuestionnaireAnswer | undefined {
  const { constraints } = state;
  const low = typeof constraints.minValue === 'number' ? constraints.minValue : undefined;
  const number =
    low !== undefined ? low : typeof constraints.maxValue === 'number' ? Math.min(1, constraints.maxValue) : 1;
  if (state.options.length) return state.options[0].answer;
  switch (state.type) {
    case 'boolean':
      return { valueBoolean: true };
    case 'decimal':
      return {
        valueDecimal:
          number + 0.5 <= (typeof constraints.maxValue === 'number' ? constraints.maxValue : Infinity)
            ? number + 0.5
            : number,
      };
    case 'integer':
      return { valueInteger: Math.ceil(number) };
    case 'date':
      return { valueDate: '2024-01-02' };
    case 'dateTime':
      return { valueDateTime: '2024-01-02T03:04:05Z' };
    case 'time':
      return { valueTime: '10:00:00' };
    case 'string':
    case 'text':
      return { valueString: 'sample' };
    case 'url':
      return { valueUri: 'https://example.org' };
    case 'choice':
      return { valueCoding: { system: 'http://example.org', code: 'x', display: 'X' } };
    case 'open-choice':
      return { valueString: 'free text' };
    case 'attachment':
      return { valueAttachment: { contentType: 'text/plain', url: 'https://example.org/a.txt' } };
    case 'reference':
      return { valueReference: { reference: 'Patient/1' } };
    case 'quantity': {
      const unit = constraints.unitOptions?.[0] ?? constraints.unit;
      return {
        valueQuantity: {
          value: number,
          ...(unit ? { unit: unit.display ?? unit.code, system: unit.system, code: unit.code } : {}),
        },
      };
    }
    default:
      return undefined;
  }
}

/** Answers every enabled, writable, unanswered question (twice, so newly enabled items get answers too). */
function fillAll(store: QuestionnaireStore): void {
  for (let pass = 0; pass < 2; pass++) {
    for (const key of store.getKeys()) {
      const state = store.getItemState(key);
      if (
        !state ||
        !state.enabled ||
        state.readOnly ||
        state.answers.length ||
        state.type === 'group' ||
        state.type === 'display'
      )
        continue;
      const answer = sampleAnswer(state);
      if (answer) store.setAnswer(key, answer);
    }
  }
}

/** Every response item names a linkId of the questionnaire under the right parent, with answers of its type. */
function checkResponseItems(
  items: QuestionnaireResponseItem[] | undefined,
  defs: QuestionnaireItem[] | undefined,
  path: string
): void {
  for (const item of items ?? []) {
    const def = (defs ?? []).find((d) => d.linkId === item.linkId);
    expect(def, `${path}/${item.linkId} names an item of the questionnaire`).toBeDefined();
    const allowed = allowedValueKeys(def!);
    for (const answer of item.answer ?? []) {
      expect(
        allowed.has(answerValueKey(answer)!),
        `${path}/${item.linkId}: ${answerValueKey(answer)} fits ${def!.type}`
      ).toBe(true);
      checkResponseItems(answer.item, def!.item, `${path}/${item.linkId}`);
    }
    checkResponseItems(item.item, def!.item, `${path}/${item.linkId}`);
  }
}

function stateOf(store: QuestionnaireStore, linkId: string, index = 0): QuestionnaireItemState {
  const key = store.findKeys(linkId)[index];
  expect(key, `instance ${index} of ${linkId}`).toBeDefined();
  return store.getItemState(key)!;
}

describe.each(files)('%s', (file) => {
  it('loads, gives every item state, and builds a response of the questionnaire', async () => {
    const questionnaire = load(file);
    const store = makeStore(questionnaire);
    await store.ready;
    expect(store.getFormState().fatalError).toBeUndefined();
    expect(store.getFormState().ready).toBe(true);
    const linkIds = new Set(allItems(questionnaire.item).map((i) => i.linkId));
    for (const linkId of linkIds) {
      const keys = store.findKeys(linkId);
      expect(keys.length, `${linkId} has an instance`).toBeGreaterThan(0);
      for (const key of keys) expect(store.getItemState(key)).toBeDefined();
    }
    // No false cycles in real forms.
    for (const key of store.getKeys())
      expect(store.getItemState(key)!.issues.filter((i) => i.startsWith('Circular'))).toEqual([]);
    fillAll(store);
    const response = store.buildResponse();
    expect(response.status).toBe('completed');
    checkResponseItems(response.item, questionnaire.item, '');
    expect(response.item!.length).toBeGreaterThan(0);
    // The built response loads back to the same response.
    const again = makeStore(questionnaire, { response });
    await again.ready;
    expect(again.getFormState().issues).toEqual([]);
    checkResponseItems(again.buildResponse().item, questionnaire.item, '');
  });
});

describe('fixture features', () => {
  it('sf-aboriginal-health-check: heavy enableWhen reveals items as answers arrive', async () => {
    const store = makeStore(load('sf-aboriginal-health-check-715-test-assembled.json'));
    await store.ready;
    const enabledBefore = store.getKeys().filter((k) => store.getItemState(k)!.enabled).length;
    fillAll(store);
    const enabledAfter = store.getKeys().filter((k) => store.getItemState(k)!.enabled).length;
    expect(enabledAfter).not.toBe(enabledBefore);
    const controls = new Set(store.getKeys().map((k) => store.getItemState(k)!.control));
    expect(controls).toContain('gtable');
    expect(controls).toContain('tab-container');
  });

  it("sf-715-r4-legacy: the non-standard 'tab' code falls back to the default control", async () => {
    const questionnaire = load('sf-715-r4-legacy.json');
    const tabbed = allItems(questionnaire.item).filter((i) =>
      i.extension?.some((e) => e.valueCodeableConcept?.coding?.some((c) => c.code === 'tab'))
    );
    expect(tabbed.length).toBeGreaterThan(0);
    const store = makeStore(questionnaire);
    await store.ready;
    for (const item of tabbed)
      expect(stateOf(store, item.linkId).control).toBe(item.type === 'group' ? 'group' : expect.any(String));
  });

  it('sf-aucore-patient-prepop: initialExpression fills fields from the launch context', async () => {
    const patient = {
      resourceType: 'Patient',
      id: 'pat-1',
      name: [{ use: 'official', given: ['Ann'], family: 'Lee' }],
      birthDate: '1980-02-03',
    };
    const store = makeStore(load('sf-aucore-patient-prepop.json'), { variables: { patient } });
    await store.ready;
    expect(stateOf(store, 'patient-id').answers).toEqual([{ valueString: 'pat-1' }]);
    const answered = store.getKeys().filter((k) => store.getItemState(k)!.answers.length);
    expect(answered.length).toBeGreaterThan(1);
  });

  it('sf-story-page-container-mixed-controls: the page container pages the form; mixed controls inside', async () => {
    const store = makeStore(load('sf-story-page-container-mixed-controls.json'));
    await store.ready;
    expect(store.getFormState().pages!.length).toBeGreaterThan(0);
    expect(store.getFormState().currentPage).toBe(0);
    const controls = new Set(store.getKeys().map((k) => store.getItemState(k)!.control));
    for (const c of ['page', 'radio-button', 'drop-down', 'check-box', 'autocomplete', 'table'])
      expect(controls).toContain(c);
    const bounded = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .find((s) => s.constraints.minValue !== undefined)!;
    expect(bounded.constraints.maxValue).toBeDefined();
  });

  it('sf-story-grid-multirow: grid control; the BMI with undefined variables reports its own failure', async () => {
    const store = makeStore(load('sf-story-grid-multirow.json'));
    await store.ready;
    expect(stateOf(store, 'grid-group').control).toBe('grid');
    expect(stateOf(store, 'bmi-value').expressionError).toBe(
      'Expression evaluation failed: Attempting to access an undefined environment variable: weight'
    );
  });

  it('sf-story-gtable-repeats: a repeating gtable group adds rows', async () => {
    const questionnaire = load('sf-story-gtable-repeats.json');
    const store = makeStore(questionnaire);
    await store.ready;
    const table = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .find((s) => s.control === 'gtable')!;
    expect(table.canAddRepeat).toBe(true);
    const added = store.addRepeat(table.key)!;
    expect(store.getItemState(added)!.childKeys.length).toBe(table.childKeys.length);
  });

  it('sf-story-validation-constraints: reads every constraint and validates', async () => {
    const store = makeStore(load('sf-story-validation-constraints.json'));
    await store.ready;
    const states = store.getKeys().map((k) => store.getItemState(k)!);
    const keys = new Set(states.flatMap((s) => Object.keys(s.constraints)));
    for (const c of [
      'minLength',
      'maxLength',
      'regex',
      'minValue',
      'maxValue',
      'maxDecimalPlaces',
      'entryFormat',
      'unit',
    ])
      expect(keys).toContain(c);
    expect(states.some((s) => s.required)).toBe(true);
    const withMinLength = states.find((s) => s.constraints.minLength !== undefined)!;
    store.setAnswer(withMinLength.key, {
      valueString: ''.padEnd(Math.max(0, withMinLength.constraints.minLength! - 1), 'a') || 'a',
    });
    expect(store.getItemState(withMinLength.key)!.errors).toContain(
      `Must be at least ${withMinLength.constraints.minLength} characters.`
    );
    const withMaxPlaces = states.find((s) => s.constraints.maxDecimalPlaces !== undefined)!;
    store.setAnswer(withMaxPlaces.key, { valueDecimal: 1.123456789 });
    expect(store.getItemState(withMaxPlaces.key)!.errors).toContain(
      `Must have at most ${withMaxPlaces.constraints.maxDecimalPlaces} decimal places.`
    );
  });

  it('sf-story-slider-stepvalue: slider with step and bounds', async () => {
    const store = makeStore(load('sf-story-slider-stepvalue.json'));
    const slider = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .find((s) => s.control === 'slider')!;
    expect(slider.constraints).toMatchObject({
      sliderStepValue: expect.any(Number),
      minValue: expect.any(Number),
      maxValue: expect.any(Number),
    });
    const controls = store.getKeys().map((k) => store.getItemState(k)!.control);
    expect(controls).toEqual(expect.arrayContaining(['lower', 'upper']));
  });

  it('sf-story-template-extract-bmi: calculates the BMI quantity with its unit', async () => {
    const store = makeStore(load('sf-story-template-extract-bmi.json'));
    await store.ready;
    // The x-fhir-query pre-population needs a server: each item shows its own failure.
    expect(stateOf(store, 'patient-height').expressionError).toMatch(/^Expression evaluation failed: /);
    store.setAnswer(stateOf(store, 'patient-height').key, { valueDecimal: 180 });
    store.setAnswer(stateOf(store, 'patient-weight').key, { valueDecimal: 80 });
    expect(stateOf(store, 'bmi-result').answers).toEqual([{ valueQuantity: expect.objectContaining({ value: 24.7 }) }]);
  });

  it('sf-story-answeroption-toggle-expression: options switched on and off by FHIRPath', async () => {
    const store = makeStore(load('sf-story-answeroption-toggle-expression.json'));
    await store.ready;
    const controls = store.getKeys().map((k) => store.getItemState(k)!.control);
    expect(controls).toEqual(expect.arrayContaining(['check-box', 'radio-button']));
    const disabled = () =>
      stateOf(store, 'hallucination-details-dropdown')
        .options.filter((o) => o.disabled)
        .map((o) => o.answer.valueCoding!.code);
    expect(disabled()).toEqual([]);
    const type = stateOf(store, 'hallucination-type');
    store.setAnswer(type.key, type.options.find((o) => o.answer.valueCoding?.code === 'none')!.answer);
    expect(disabled()).toEqual(['infrequent', 'brief']);
    store.setAnswer(type.key, type.options.find((o) => o.answer.valueCoding?.code === 'visual')!.answer);
    expect(disabled()).toEqual([]);
  });

  it('sdc-ig-rxterms-answerexpression: offline, the expression failure stays on its item', async () => {
    const store = makeStore(load('sdc-ig-rxterms-answerexpression.json'));
    await store.ready;
    const failing = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .filter((s) => s.expressionError);
    expect(failing.length).toBeGreaterThan(0);
    expect(store.getFormState().fatalError).toBeUndefined();
  });

  it('sdc-ig-extract-complex-template: repeating groups add and remove', async () => {
    const store = makeStore(load('sdc-ig-extract-complex-template.json'));
    const repeating = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .find((s) => s.type === 'group' && s.repeats)!;
    const added = store.addRepeat(repeating.key)!;
    expect(store.getItemState(repeating.key)!.repeatCount).toBe(2);
    expect(store.removeRepeat(added)).toBe(true);
    expect(store.getItemState(repeating.key)!.repeatCount).toBe(1);
  });

  it('lhc-phq9: calculates the total score from the ordinal values', async () => {
    const questionnaire = load('lhc-phq9.json');
    const store = makeStore(questionnaire);
    await store.ready;
    const questions = [
      '/44250-9',
      '/44255-8',
      '/44259-0',
      '/44254-1',
      '/44251-7',
      '/44258-2',
      '/44252-5',
      '/44253-3',
      '/44260-8',
    ];
    expect(stateOf(store, '/44261-6').answers).toEqual([]);
    let expected = 0;
    questions.forEach((linkId, i) => {
      const state = stateOf(store, linkId);
      const option = state.options[i % state.options.length];
      expected += option.score!;
      store.setAnswer(state.key, option.answer);
    });
    expect(expected).toBeGreaterThan(0);
    expect(stateOf(store, '/44261-6').answers).toEqual([{ valueDecimal: expected }]);
    expect(stateOf(store, '/44250-9').control).toBe('drop-down');
    expect(stateOf(store, '/44250-9').constraints.minOccurs).toBe(1);
  });

  it('lhc-enablewhen-all-operators: every operator and answer type', async () => {
    const store = makeStore(load('lhc-enablewhen-all-operators.json'));
    await store.ready;
    const enabled = (linkId: string) => stateOf(store, linkId).enabled;
    const set = (linkId: string, answer: QuestionnaireAnswer) => store.setAnswer(stateOf(store, linkId).key, answer);
    expect([enabled('Q1-exists'), enabled('Q1-not-exists'), enabled('Q1-not-true')]).toEqual([false, true, true]);
    set('Q1', { valueBoolean: true });
    expect([
      enabled('Q1-exists'),
      enabled('Q1-not-exists'),
      enabled('Q1-true'),
      enabled('Q1-false'),
      enabled('Q1-not-true'),
    ]).toEqual([true, false, true, false, false]);
    set('Q2', { valueDecimal: 5.6 });
    expect([enabled('Q2-equal'), enabled('Q2-ge')]).toEqual([true, true]);
    set('Q3', { valueInteger: 4 });
    expect([enabled('Q3-equal'), enabled('Q3-ge')]).toEqual([false, true]);
    set('Q4', { valueDate: '2020-05-02' });
    expect([enabled('Q4-equal'), enabled('Q4-ge')]).toEqual([false, true]);
    set('Q7', { valueString: 'test' });
    expect(['Q7-equals', 'Q7-notequals', 'Q7-gt', 'Q7-ge', 'Q7-ge2', 'Q7-lt', 'Q7-le', 'Q7-le2'].map(enabled)).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
      false,
      true,
    ]);
    const q8 = stateOf(store, 'Q8');
    const b = q8.options.find((o) => o.answer.valueCoding?.code === 'B')!.answer;
    const c = q8.options.find((o) => o.answer.valueCoding?.code === 'C')!.answer;
    store.setAnswers(q8.key, [b]);
    expect([enabled('Q8-eq-B'), enabled('Q8-eq-B-and-C')]).toEqual([true, false]);
    store.setAnswers(q8.key, [b, c]);
    expect(enabled('Q8-eq-B-and-C')).toBe(true);
    set('Q9b', { valueInteger: 34 });
    expect([enabled('Q9b-eq-B'), enabled('Q9b-noteq-B')]).toEqual([true, false]);
    set('Q9c', { valueDate: '2022-09' });
    expect([enabled('Q9c-eq-B'), enabled('Q9c-noteq-B')]).toEqual([true, false]);
    set('Q9d', { valueTime: '13:30:00' });
    expect([enabled('Q9d-eq-B'), enabled('Q9d-noteq-B')]).toEqual([true, false]);
    expect(enabled('Q10-ewe')).toBe(false);
    set('Q10', { valueString: 'chick' });
    set('Q10b', { valueString: 'en' });
    expect(enabled('Q10-ewe')).toBe(true);
  });

  it('lhc-bit-of-everything: every R4 item type is present and typed', async () => {
    const store = makeStore(load('lhc-bit-of-everything-all-types.json'));
    await store.ready;
    const types = new Set(store.getKeys().map((k) => store.getItemState(k)!.type));
    for (const t of [
      'group',
      'display',
      'boolean',
      'decimal',
      'integer',
      'date',
      'dateTime',
      'time',
      'string',
      'text',
      'url',
      'choice',
      'open-choice',
      'attachment',
      'reference',
      'quantity',
    ]) {
      expect(types).toContain(t);
    }
    const attachment = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .find((s) => s.type === 'attachment')!;
    expect(attachment.constraints.mimeTypes?.length).toBeGreaterThan(0);
    const quantity = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .find((s) => s.type === 'quantity' && s.constraints.unitOptions)!;
    expect(quantity.constraints.unitOptions!.length).toBeGreaterThan(0);
  });

  it('lhc-tables-gtable-matrix: gtable and table controls', () => {
    const store = makeStore(load('lhc-tables-gtable-matrix.json'));
    const controls = new Set(store.getKeys().map((k) => store.getItemState(k)!.control));
    expect(controls).toContain('gtable');
    expect(controls).toContain('table');
  });

  it('lhc-quantity-units: every quantity offers its units', () => {
    const store = makeStore(load('lhc-quantity-units.json'));
    const quantities = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .filter((s) => s.type === 'quantity');
    expect(quantities.length).toBeGreaterThan(0);
    expect(quantities.filter((q) => q.constraints.unitOptions?.length).length).toBeGreaterThan(0);
  });

  it('lhc-entryformat: entryFormat on the inputs', () => {
    const store = makeStore(load('lhc-entryformat.json'));
    const withFormat = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .filter((s) => s.constraints.entryFormat);
    expect(withFormat.length).toBeGreaterThanOrEqual(10);
  });

  it('lhc-initial-x: initial[x] for every type, several for repeating items', () => {
    const questionnaire = load('lhc-initial-x-all-types.json');
    const store = makeStore(questionnaire);
    const response = store.buildResponse();
    const withInitial = allItems(questionnaire.item).filter((i) => i.initial?.length);
    const flat = (items: QuestionnaireResponseItem[] | undefined): QuestionnaireResponseItem[] =>
      (items ?? []).flatMap((i) => [i, ...flat(i.item), ...(i.answer ?? []).flatMap((a) => flat(a.item))]);
    for (const item of withInitial) {
      const built = flat(response.item).find((i) => i.linkId === item.linkId)!;
      expect(built.answer, item.linkId).toEqual(item.repeats ? item.initial : item.initial!.slice(0, 1));
    }
    expect(withInitial.some((i) => i.repeats && i.initial!.length > 1)).toBe(true);
  });

  it('lhc-open-choice-answeroption: options, initial selections and free text', () => {
    const questionnaire = load('lhc-open-choice-answeroption.json');
    const store = makeStore(questionnaire);
    const openChoices = store
      .getKeys()
      .map((k) => store.getItemState(k)!)
      .filter((s) => s.type === 'open-choice');
    expect(openChoices.length).toBeGreaterThan(0);
    expect(new Set(openChoices.map((s) => s.control))).toEqual(new Set(['drop-down', 'radio-button', 'check-box']));
    const selected = allItems(questionnaire.item).filter((i) => i.answerOption?.some((o) => o.initialSelected));
    for (const item of selected) expect(stateOf(store, item.linkId).answers.length).toBeGreaterThan(0);
    store.setAnswer(openChoices[0].key, { valueString: 'my own' });
    expect(store.getItemState(openChoices[0].key)!.answers).toEqual([{ valueString: 'my own' }]);
    expect(openChoices.some((s) => s.options.some((o) => o.prefix))).toBe(true);
  });

  it('lhc-fhirpath-on-repeating-items: expressions run per repeat instance', async () => {
    const store = makeStore(load('lhc-fhirpath-on-repeating-items.json'));
    await store.ready;
    const external = stateOf(store, 'ExternalDataFor_p1.10.1.1');
    expect(external.answers.length).toBeGreaterThan(1);
    const sponsor = stateOf(store, 'p1.10.1.1');
    expect(sponsor.options.map((o) => o.label)).toEqual(external.answers.map((a) => a.valueString));
    const group = stateOf(store, 'p1.10.1');
    store.addRepeat(group.key);
    store.setAnswer(stateOf(store, 'p1.10.1.1', 0).key, sponsor.options[0].answer);
    store.setAnswer(stateOf(store, 'p1.10.1.1', 1).key, sponsor.options[1].answer);
    const protocol0 = stateOf(store, 'p1.10.1.2', 0);
    const protocol1 = stateOf(store, 'p1.10.1.2', 1);
    expect(protocol0.expressionError).toBeUndefined();
    expect(protocol0.answers).toEqual([{ valueString: 'NIH-2021-5678901234567' }]);
    expect(protocol1.answers).not.toEqual(protocol0.answers);
    expect(protocol1.answers.length).toBe(1);
  });

  it('lhc-4712701-nngm: a deep clinical form with enableWhen', () => {
    const questionnaire = load('lhc-4712701-nngm.json');
    const store = makeStore(questionnaire);
    const depth = (key: string) => key.split('/').length;
    expect(Math.max(...store.getKeys().map(depth))).toBeGreaterThanOrEqual(5);
    const conditional = allItems(questionnaire.item).filter((i) => i.enableWhen);
    expect(conditional.length).toBeGreaterThan(0);
  });

  it('lhc-hidden-items-calculated: hidden items carry calculated values into the response', async () => {
    const store = makeStore(load('lhc-hidden-items-calculated.json'));
    await store.ready;
    store.setAnswer(stateOf(store, 'ITEM-VISIBLE').key, { valueDecimal: 5 });
    for (const linkId of [
      'CE-HIDDEN',
      'CE-VISIBLE',
      'GROUP-VISIBLE/CE-HIDDEN',
      'GROUP-VISIBLE/CE-VISIBLE',
      'GROUP-HIDDEN/CE-HIDDEN',
    ]) {
      expect(stateOf(store, linkId).answers, linkId).toEqual([{ valueDecimal: 5 }]);
    }
    expect(stateOf(store, 'CE-HIDDEN').visible).toBe(false);
    expect(stateOf(store, 'GROUP-HIDDEN/CE-HIDDEN').hidden).toBe(true);
    const json = JSON.stringify(store.buildResponse());
    for (const linkId of ['"CE-HIDDEN"', '"GROUP-HIDDEN/CE-HIDDEN"', '"GROUP-VISIBLE/CE-HIDDEN"'])
      expect(json).toContain(linkId);
  });

  it('medplum-patient-intake: references, != with all, repeating groups', async () => {
    const questionnaire = load('medplum-patient-intake.json');
    const store = makeStore(questionnaire);
    const states = store.getKeys().map((k) => store.getItemState(k)!);
    expect(
      states.filter((s) => s.type === 'reference' && s.constraints.referenceResources?.length).length
    ).toBeGreaterThan(0);
    const notEquals = allItems(questionnaire.item).filter(
      (i) => i.enableBehavior === 'all' && i.enableWhen?.every((e) => e.operator === '!=')
    );
    expect(notEquals.length).toBeGreaterThan(0);
    // With nothing answered, every != holds.
    for (const item of notEquals) expect(stateOf(store, item.linkId).enabled).toBe(true);
    const repeating = states.filter((s) => s.type === 'group' && s.repeats);
    expect(repeating.length).toBeGreaterThanOrEqual(5);
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    const withVs = makeStore(questionnaire, { expandValueSet: failing });
    const vsItem = withVs
      .getKeys()
      .map((k) => withVs.getItemState(k)!)
      .find((s) => s.item.answerValueSet)!;
    await withVs.loadOptions(vsItem.key);
    expect(withVs.getItemState(vsItem.key)!.optionsError).toBeDefined();
  });
});
