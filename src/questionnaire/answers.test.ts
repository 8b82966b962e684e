// @vitest-environment node
import type { QuestionnaireItemEnableWhen, QuestionnaireResponseItemAnswer } from '../fhir/types';
import { resultsToAnswers } from './answers';
import { evaluateEnableWhen } from './enable-when';
import { keyOf, makeStore, questionnaire } from './test-helpers';

type Case = [
  string,
  QuestionnaireItemEnableWhen['operator'],
  Record<string, unknown>,
  QuestionnaireResponseItemAnswer[],
  boolean,
];

const coding = (code: string, system = 'http://s') => ({ system, code });
const qty = (value: number, code = 'kg') => ({ value, system: 'http://unitsofmeasure.org', code });

// [description, operator, answer[x] of the condition, answers of the named item, expected]
const cases: Case[] = [
  ['exists true with an answer', 'exists', { answerBoolean: true }, [{ valueString: 'x' }], true],
  ['exists true without an answer', 'exists', { answerBoolean: true }, [], false],
  ['exists false without an answer', 'exists', { answerBoolean: false }, [], true],
  ['exists false with an answer', 'exists', { answerBoolean: false }, [{ valueInteger: 1 }], false],
  ['boolean =', '=', { answerBoolean: true }, [{ valueBoolean: true }], true],
  ['boolean = false', '=', { answerBoolean: false }, [{ valueBoolean: true }], false],
  ['boolean !=', '!=', { answerBoolean: true }, [{ valueBoolean: false }], true],
  ['!= without an answer', '!=', { answerBoolean: true }, [], true],
  ['decimal =', '=', { answerDecimal: 5.6 }, [{ valueDecimal: 5.6 }], true],
  ['decimal >', '>', { answerDecimal: 5 }, [{ valueDecimal: 5.1 }], true],
  ['decimal > equal', '>', { answerDecimal: 5 }, [{ valueDecimal: 5 }], false],
  ['decimal <', '<', { answerDecimal: 5 }, [{ valueDecimal: 4.9 }], true],
  ['decimal >=', '>=', { answerDecimal: 5 }, [{ valueDecimal: 5 }], true],
  ['decimal <=', '<=', { answerDecimal: 5 }, [{ valueDecimal: 5.01 }], false],
  ['integer =', '=', { answerInteger: 3 }, [{ valueInteger: 3 }], true],
  ['integer !=', '!=', { answerInteger: 3 }, [{ valueInteger: 3 }], false],
  ['integer >=', '>=', { answerInteger: 3 }, [{ valueInteger: 4 }], true],
  ['integer <= ', '<=', { answerInteger: 3 }, [{ valueInteger: 2 }], true],
  ['integer vs decimal', '=', { answerInteger: 3 }, [{ valueDecimal: 3 }], true],
  ['date =', '=', { answerDate: '2020-01-01' }, [{ valueDate: '2020-01-01' }], true],
  ['date >', '>', { answerDate: '2020-01-01' }, [{ valueDate: '2020-01-02' }], true],
  ['date <', '<', { answerDate: '2020-01-01' }, [{ valueDate: '2020-01-02' }], false],
  [
    'dateTime >=',
    '>=',
    { answerDateTime: '2020-01-01T10:00:00Z' },
    [{ valueDateTime: '2020-01-01T11:00:00+01:00' }],
    true,
  ],
  ['dateTime <', '<', { answerDateTime: '2020-01-01T10:00:00Z' }, [{ valueDateTime: '2020-01-01T09:59:59Z' }], true],
  ['time =', '=', { answerTime: '10:00:00' }, [{ valueTime: '10:00:00' }], true],
  ['time >', '>', { answerTime: '10:00:00' }, [{ valueTime: '09:00:00' }], false],
  ['time <=', '<=', { answerTime: '10:00:00' }, [{ valueTime: '09:00:00' }], true],
  ['string =', '=', { answerString: 'abc' }, [{ valueString: 'abc' }], true],
  ['string !=', '!=', { answerString: 'abc' }, [{ valueString: 'abd' }], true],
  ['string >', '>', { answerString: 'abc' }, [{ valueString: 'abd' }], true],
  ['coding =', '=', { answerCoding: coding('a') }, [{ valueCoding: { ...coding('a'), display: 'A' } }], true],
  ['coding = other system', '=', { answerCoding: coding('a') }, [{ valueCoding: coding('a', 'http://other') }], false],
  ['coding = without system', '=', { answerCoding: { code: 'a' } }, [{ valueCoding: coding('a') }], true],
  [
    'coding != among several',
    '!=',
    { answerCoding: coding('a') },
    [{ valueCoding: coding('b') }, { valueCoding: coding('a') }],
    false,
  ],
  [
    'coding = among several',
    '=',
    { answerCoding: coding('a') },
    [{ valueCoding: coding('b') }, { valueCoding: coding('a') }],
    true,
  ],
  ['coding vs open-choice text', '=', { answerCoding: { code: 'other' } }, [{ valueString: 'other' }], true],
  ['quantity =', '=', { answerQuantity: qty(70) }, [{ valueQuantity: qty(70) }], true],
  ['quantity >', '>', { answerQuantity: qty(70) }, [{ valueQuantity: qty(71) }], true],
  ['quantity < other unit', '<', { answerQuantity: qty(70) }, [{ valueQuantity: qty(1, 'g') }], false],
  ['quantity <=', '<=', { answerQuantity: qty(70) }, [{ valueQuantity: qty(70) }], true],
  [
    'reference =',
    '=',
    { answerReference: { reference: 'Patient/1' } },
    [{ valueReference: { reference: 'Patient/1' } }],
    true,
  ],
  [
    'reference !=',
    '!=',
    { answerReference: { reference: 'Patient/1' } },
    [{ valueReference: { reference: 'Patient/2' } }],
    true,
  ],
  ['type mismatch', '=', { answerInteger: 1 }, [{ valueString: '1' }], false],
];

describe('evaluateEnableWhen', () => {
  it.each(cases)('%s', (_name, operator, answer, answers, expected) => {
    expect(evaluateEnableWhen({ question: 'q', operator, ...answer } as QuestionnaireItemEnableWhen, answers)).toBe(
      expected
    );
  });
});

describe('enableBehavior', () => {
  const q = (enableBehavior: 'any' | 'all') =>
    questionnaire([
      { linkId: 'a', type: 'integer' },
      { linkId: 'b', type: 'boolean' },
      {
        linkId: 'target',
        type: 'string',
        enableBehavior,
        enableWhen: [
          { question: 'a', operator: '>', answerInteger: 1 },
          { question: 'b', operator: '=', answerBoolean: true },
        ],
      },
    ]);

  it('any needs one condition', () => {
    const store = makeStore(q('any'));
    store.setAnswer(keyOf(store, 'a'), { valueInteger: 2 });
    expect(store.getItemState(keyOf(store, 'target'))!.enabled).toBe(true);
  });

  it('all needs every condition', () => {
    const store = makeStore(q('all'));
    store.setAnswer(keyOf(store, 'a'), { valueInteger: 2 });
    expect(store.getItemState(keyOf(store, 'target'))!.enabled).toBe(false);
    store.setAnswer(keyOf(store, 'b'), { valueBoolean: true });
    expect(store.getItemState(keyOf(store, 'target'))!.enabled).toBe(true);
  });

  it('a disabled item counts as unanswered', () => {
    const store = makeStore(
      questionnaire([
        { linkId: 'gate', type: 'boolean' },
        { linkId: 'mid', type: 'string', enableWhen: [{ question: 'gate', operator: '=', answerBoolean: true }] },
        { linkId: 'end', type: 'string', enableWhen: [{ question: 'mid', operator: 'exists', answerBoolean: true }] },
      ])
    );
    store.setAnswer(keyOf(store, 'gate'), { valueBoolean: true });
    store.setAnswer(keyOf(store, 'mid'), { valueString: 'x' });
    expect(store.getItemState(keyOf(store, 'end'))!.enabled).toBe(true);
    store.setAnswer(keyOf(store, 'gate'), { valueBoolean: false });
    expect(store.getItemState(keyOf(store, 'mid'))!.enabled).toBe(false);
    expect(store.getItemState(keyOf(store, 'end'))!.enabled).toBe(false);
    store.setAnswer(keyOf(store, 'gate'), { valueBoolean: true });
    expect(store.getItemState(keyOf(store, 'end'))!.enabled).toBe(true);
  });
});

describe('resultsToAnswers', () => {
  it('converts FHIRPath results to answers of the item type', () => {
    expect(resultsToAnswers({ linkId: 'd', type: 'decimal' }, [3.5])).toEqual([{ valueDecimal: 3.5 }]);
    expect(resultsToAnswers({ linkId: 'i', type: 'integer' }, [3])).toEqual([{ valueInteger: 3 }]);
    expect(resultsToAnswers({ linkId: 's', type: 'string' }, ['a', 'b'])).toEqual([{ valueString: 'a' }]);
    expect(resultsToAnswers({ linkId: 's', type: 'string', repeats: true }, ['a', 'b'])).toEqual([
      { valueString: 'a' },
      { valueString: 'b' },
    ]);
    expect(resultsToAnswers({ linkId: 'c', type: 'choice' }, [{ code: 'x' }])).toEqual([
      { valueCoding: { code: 'x' } },
    ]);
    expect(resultsToAnswers({ linkId: 'oc', type: 'open-choice' }, ['free'])).toEqual([{ valueString: 'free' }]);
    expect(resultsToAnswers({ linkId: 'b', type: 'boolean' }, ['nope'])).toEqual([]);
    expect(resultsToAnswers({ linkId: 'q', type: 'quantity' }, [{ value: 2, unit: 'm' }])).toEqual([
      { valueQuantity: { value: 2, unit: 'm' } },
    ]);
    expect(resultsToAnswers({ linkId: 'd', type: 'date' }, ['2020-01-02T00:00:00Z'])).toEqual([
      { valueDate: '2020-01-02' },
    ]);
  });
});
