// @vitest-environment node
import type { QuestionnaireItem } from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import { AUTHORED, keyOf, makeStore, NOW, Q_URL, questionnaire, response } from './test-helpers';

const control = (code: string) => ({
  url: QuestionnaireUrls.itemControl,
  valueCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code }] },
});

const yes = { system: 'http://loinc.org', code: 'LA33-6', display: 'Yes' };
const no = { system: 'http://loinc.org', code: 'LA32-8', display: 'No' };

describe('createQuestionnaireStore', () => {
  describe('when every R4 item type is answered', () => {
    const items: QuestionnaireItem[] = [
      { linkId: 'intro', type: 'display', text: 'Please answer' },
      {
        linkId: 'g',
        type: 'group',
        text: 'All types',
        item: [
          { linkId: 'boolean', type: 'boolean', text: 'Boolean' },
          { linkId: 'decimal', type: 'decimal' },
          { linkId: 'integer', type: 'integer' },
          { linkId: 'date', type: 'date' },
          { linkId: 'dateTime', type: 'dateTime' },
          { linkId: 'time', type: 'time' },
          { linkId: 'string', type: 'string' },
          { linkId: 'text', type: 'text' },
          { linkId: 'url', type: 'url' },
          { linkId: 'choice', type: 'choice', answerOption: [{ valueCoding: yes }, { valueCoding: no }] },
          { linkId: 'open-choice', type: 'open-choice', answerOption: [{ valueCoding: yes }] },
          { linkId: 'attachment', type: 'attachment' },
          { linkId: 'reference', type: 'reference' },
          { linkId: 'quantity', type: 'quantity' },
        ],
      },
    ];

    it('builds the exact response with answers of each type', () => {
      const store = makeStore(questionnaire(items), {
        subject: { reference: 'Patient/p1' },
        encounter: { reference: 'Encounter/e1' },
        profile: { reference: 'Patient/p1', display: 'Pat' },
      });
      store.setAnswer(keyOf(store, 'boolean'), { valueBoolean: false });
      store.setAnswer(keyOf(store, 'decimal'), { valueDecimal: 1.5 });
      store.setAnswer(keyOf(store, 'integer'), { valueInteger: 7 });
      store.setAnswer(keyOf(store, 'date'), { valueDate: '2024-02-29' });
      store.setAnswer(keyOf(store, 'dateTime'), { valueDateTime: '2024-02-29T10:00:00Z' });
      store.setAnswer(keyOf(store, 'time'), { valueTime: '10:30:00' });
      store.setAnswer(keyOf(store, 'string'), { valueString: 'hello' });
      store.setAnswer(keyOf(store, 'text'), { valueString: 'line 1\nline 2' });
      store.setAnswer(keyOf(store, 'url'), { valueUri: 'https://example.org' });
      store.setAnswer(keyOf(store, 'choice'), { valueCoding: yes });
      store.setAnswer(keyOf(store, 'open-choice'), { valueString: 'Something else' });
      store.setAnswer(keyOf(store, 'attachment'), {
        valueAttachment: { contentType: 'image/png', url: 'Binary/1', title: 'scan.png' },
      });
      store.setAnswer(keyOf(store, 'reference'), {
        valueReference: { reference: 'Practitioner/9', display: 'Dr Who' },
      });
      store.setAnswer(keyOf(store, 'quantity'), {
        valueQuantity: { value: 70, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      });

      expect(store.buildResponse()).toEqual(
        response(
          [
            {
              linkId: 'g',
              text: 'All types',
              item: [
                { linkId: 'boolean', text: 'Boolean', answer: [{ valueBoolean: false }] },
                { linkId: 'decimal', answer: [{ valueDecimal: 1.5 }] },
                { linkId: 'integer', answer: [{ valueInteger: 7 }] },
                { linkId: 'date', answer: [{ valueDate: '2024-02-29' }] },
                { linkId: 'dateTime', answer: [{ valueDateTime: '2024-02-29T10:00:00Z' }] },
                { linkId: 'time', answer: [{ valueTime: '10:30:00' }] },
                { linkId: 'string', answer: [{ valueString: 'hello' }] },
                { linkId: 'text', answer: [{ valueString: 'line 1\nline 2' }] },
                { linkId: 'url', answer: [{ valueUri: 'https://example.org' }] },
                { linkId: 'choice', answer: [{ valueCoding: yes }] },
                { linkId: 'open-choice', answer: [{ valueString: 'Something else' }] },
                {
                  linkId: 'attachment',
                  answer: [{ valueAttachment: { contentType: 'image/png', url: 'Binary/1', title: 'scan.png' } }],
                },
                {
                  linkId: 'reference',
                  answer: [{ valueReference: { reference: 'Practitioner/9', display: 'Dr Who' } }],
                },
                {
                  linkId: 'quantity',
                  answer: [
                    { valueQuantity: { value: 70, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' } },
                  ],
                },
              ],
            },
          ],
          {
            subject: { reference: 'Patient/p1' },
            encounter: { reference: 'Encounter/e1' },
            source: { reference: 'Patient/p1', display: 'Pat' },
          }
        )
      );
    });

    it('leaves out unanswered items and display items', () => {
      const store = makeStore(questionnaire(items));
      expect(store.buildResponse()).toEqual(response([]));
    });

    it('uses Questionnaire/{id} when the questionnaire has no url, and the given source over the profile', () => {
      const store = makeStore(
        { resourceType: 'Questionnaire', id: 'q1', status: 'active', item: [{ linkId: 'a', type: 'string' }] },
        {
          source: { reference: 'RelatedPerson/r1' },
          profile: { reference: 'Patient/p1' },
        }
      );
      store.setAnswer(keyOf(store, 'a'), { valueString: 'x' });
      expect(store.buildResponse()).toEqual({
        resourceType: 'QuestionnaireResponse',
        questionnaire: 'Questionnaire/q1',
        status: 'completed',
        authored: AUTHORED,
        source: { reference: 'RelatedPerson/r1' },
        item: [{ linkId: 'a', answer: [{ valueString: 'x' }] }],
      });
    });

    it("builds an 'in-progress' draft without an authored time while the form is being filled", () => {
      const store = makeStore(questionnaire([{ linkId: 'a', type: 'string' }]));
      store.setAnswer(keyOf(store, 'a'), { valueString: 'x' });
      expect(store.buildResponse({ status: 'in-progress' })).toEqual({
        resourceType: 'QuestionnaireResponse',
        questionnaire: Q_URL,
        status: 'in-progress',
        item: [{ linkId: 'a', answer: [{ valueString: 'x' }] }],
      });
    });

    it('drops answers without a value and treats undefined as clearing', () => {
      const store = makeStore(questionnaire(items));
      store.setAnswers(keyOf(store, 'string'), [{}, { valueString: 'a' }]);
      expect(store.getItemState(keyOf(store, 'string'))!.answers).toEqual([{ valueString: 'a' }]);
      store.setAnswer(keyOf(store, 'string'), undefined);
      expect(store.getItemState(keyOf(store, 'string'))!.answers).toEqual([]);
    });

    it('refuses answers on display and group items', () => {
      const store = makeStore(questionnaire(items));
      expect(store.setAnswer(keyOf(store, 'intro'), { valueString: 'x' })).toBe(false);
      expect(store.setAnswer(keyOf(store, 'g'), { valueString: 'x' })).toBe(false);
      expect(store.setAnswer('nope', { valueString: 'x' })).toBe(false);
    });
  });

  describe('when choices are cleared', () => {
    it('keeps the item with an empty answer list', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'c', type: 'choice', repeats: true, answerOption: [{ valueCoding: yes }, { valueCoding: no }] },
        ])
      );
      const key = keyOf(store, 'c');
      store.setAnswers(key, [{ valueCoding: yes }, { valueCoding: no }]);
      expect(store.buildResponse().item).toEqual([
        { linkId: 'c', answer: [{ valueCoding: yes }, { valueCoding: no }] },
      ]);
      store.setAnswers(key, []);
      expect(store.buildResponse().item).toEqual([{ linkId: 'c', answer: [] }]);
    });
  });

  describe('when items are hidden or disabled', () => {
    it('keeps hidden answers and drops disabled items', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'show', type: 'boolean' },
          {
            linkId: 'h',
            type: 'string',
            initial: [{ valueString: 'secret' }],
            extension: [{ url: QuestionnaireUrls.hidden, valueBoolean: true }],
          },
          {
            linkId: 'dep',
            type: 'string',
            initial: [{ valueString: 'only when shown' }],
            enableWhen: [{ question: 'show', operator: '=', answerBoolean: true }],
          },
        ])
      );
      const hidden = store.getItemState(keyOf(store, 'h'))!;
      expect(hidden).toMatchObject({ hidden: true, enabled: true, visible: false });
      expect(store.getItemState(keyOf(store, 'dep'))!.enabled).toBe(false);
      expect(store.buildResponse().item).toEqual([{ linkId: 'h', answer: [{ valueString: 'secret' }] }]);
      store.setAnswer(keyOf(store, 'show'), { valueBoolean: true });
      expect(store.buildResponse().item).toEqual([
        { linkId: 'show', answer: [{ valueBoolean: true }] },
        { linkId: 'h', answer: [{ valueString: 'secret' }] },
        { linkId: 'dep', answer: [{ valueString: 'only when shown' }] },
      ]);
    });

    it('hides the children of a hidden group and disables the children of a disabled group', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'flag', type: 'boolean' },
          {
            linkId: 'hg',
            type: 'group',
            extension: [{ url: QuestionnaireUrls.hidden, valueBoolean: true }],
            item: [{ linkId: 'hc', type: 'string' }],
          },
          {
            linkId: 'dg',
            type: 'group',
            enableWhen: [{ question: 'flag', operator: 'exists', answerBoolean: true }],
            item: [{ linkId: 'dc', type: 'string' }],
          },
        ])
      );
      expect(store.getItemState(keyOf(store, 'hc'))!.hidden).toBe(true);
      expect(store.getItemState(keyOf(store, 'dc'))!.enabled).toBe(false);
      store.setAnswer(keyOf(store, 'flag'), { valueBoolean: false });
      expect(store.getItemState(keyOf(store, 'dc'))!.enabled).toBe(true);
    });
  });

  describe('when enableWhen is inside repeats', () => {
    const q = questionnaire([
      { linkId: 'top', type: 'boolean' },
      {
        linkId: 'person',
        type: 'group',
        repeats: true,
        text: 'Person',
        item: [
          { linkId: 'smokes', type: 'boolean' },
          {
            linkId: 'packs',
            type: 'integer',
            enableWhen: [{ question: 'smokes', operator: '=', answerBoolean: true }],
          },
          { linkId: 'note', type: 'string', enableWhen: [{ question: 'top', operator: '=', answerBoolean: true }] },
        ],
      },
    ]);

    it('reads the answer in the same repeat instance', () => {
      const store = makeStore(q);
      const second = store.addRepeat(keyOf(store, 'person'))!;
      expect(second).toBe('person[1]');
      store.setAnswer(keyOf(store, 'smokes', 1), { valueBoolean: true });
      expect(store.getItemState(keyOf(store, 'packs', 0))!.enabled).toBe(false);
      expect(store.getItemState(keyOf(store, 'packs', 1))!.enabled).toBe(true);
      store.setAnswer(keyOf(store, 'smokes', 0), { valueBoolean: true });
      store.setAnswer(keyOf(store, 'smokes', 1), { valueBoolean: false });
      expect(store.getItemState(keyOf(store, 'packs', 0))!.enabled).toBe(true);
      expect(store.getItemState(keyOf(store, 'packs', 1))!.enabled).toBe(false);
    });

    it('goes outwards for items outside the repeat', () => {
      const store = makeStore(q);
      store.addRepeat(keyOf(store, 'person'));
      store.setAnswer(keyOf(store, 'top'), { valueBoolean: true });
      expect(store.getItemState(keyOf(store, 'note', 0))!.enabled).toBe(true);
      expect(store.getItemState(keyOf(store, 'note', 1))!.enabled).toBe(true);
    });
  });

  describe('when items repeat', () => {
    const q = questionnaire([
      {
        linkId: 'contact',
        type: 'group',
        text: 'Contact',
        repeats: true,
        item: [{ linkId: 'name', type: 'string' }],
      },
      {
        linkId: 'alias',
        type: 'string',
        repeats: true,
        extension: [{ url: QuestionnaireUrls.maxOccurs, valueInteger: 2 }],
      },
      {
        linkId: 'colors',
        type: 'choice',
        repeats: true,
        answerOption: [{ valueString: 'red' }, { valueString: 'blue' }],
      },
    ]);

    it('adds and removes group instances, each with its own keys', () => {
      const store = makeStore(q);
      const first = keyOf(store, 'contact');
      expect(store.getItemState(first)).toMatchObject({
        canAddRepeat: true,
        canRemoveRepeat: false,
        repeatIndex: 0,
        repeatCount: 1,
      });
      const second = store.addRepeat(first)!;
      expect(store.getFormState().rootKeys).toEqual(['contact[0]', 'contact[1]', 'alias[0]', 'colors[0]']);
      expect(store.getItemState(second)).toMatchObject({ repeatIndex: 1, repeatCount: 2, canRemoveRepeat: true });
      store.setAnswer(keyOf(store, 'name', 0), { valueString: 'Ann' });
      store.setAnswer(keyOf(store, 'name', 1), { valueString: 'Bob' });
      expect(store.buildResponse().item).toEqual([
        { linkId: 'contact', text: 'Contact', item: [{ linkId: 'name', answer: [{ valueString: 'Ann' }] }] },
        { linkId: 'contact', text: 'Contact', item: [{ linkId: 'name', answer: [{ valueString: 'Bob' }] }] },
      ]);
      expect(store.removeRepeat(first)).toBe(true);
      expect(store.getItemState(first)).toBeUndefined();
      expect(store.buildResponse().item).toEqual([
        { linkId: 'contact', text: 'Contact', item: [{ linkId: 'name', answer: [{ valueString: 'Bob' }] }] },
      ]);
      expect(store.removeRepeat(second)).toBe(false);
    });

    it('adds answer slots for repeating non-choice items up to maxOccurs, merged into one response item', () => {
      const store = makeStore(q);
      const first = keyOf(store, 'alias');
      const second = store.addRepeat(first)!;
      expect(store.getItemState(second)!.canAddRepeat).toBe(false);
      expect(store.addRepeat(second)).toBeUndefined();
      store.setAnswer(first, { valueString: 'A' });
      store.setAnswer(second, { valueString: 'B' });
      expect(store.buildResponse().item).toEqual([
        { linkId: 'alias', answer: [{ valueString: 'A' }, { valueString: 'B' }] },
      ]);
    });

    it('keeps several answers in one instance for repeating choices', () => {
      const store = makeStore(q);
      expect(store.getItemState(keyOf(store, 'colors'))!.canAddRepeat).toBe(false);
      store.setAnswers(keyOf(store, 'colors'), [{ valueString: 'red' }, { valueString: 'blue' }]);
      expect(store.buildResponse().item).toEqual([
        { linkId: 'colors', answer: [{ valueString: 'red' }, { valueString: 'blue' }] },
      ]);
    });
  });

  describe('when initial values are given', () => {
    it('uses every initial[x] type, all values of repeating items, and initialSelected', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'b', type: 'boolean', initial: [{ valueBoolean: true }] },
          { linkId: 'd', type: 'decimal', initial: [{ valueDecimal: 2.5 }] },
          { linkId: 'i', type: 'integer', initial: [{ valueInteger: 3 }] },
          { linkId: 'da', type: 'date', initial: [{ valueDate: '2020-01-01' }] },
          { linkId: 'dt', type: 'dateTime', initial: [{ valueDateTime: '2020-01-01T01:02:03Z' }] },
          { linkId: 't', type: 'time', initial: [{ valueTime: '08:00:00' }] },
          { linkId: 's', type: 'string', repeats: true, initial: [{ valueString: 'one' }, { valueString: 'two' }] },
          { linkId: 'u', type: 'url', initial: [{ valueUri: 'http://x.org' }] },
          { linkId: 'q', type: 'quantity', initial: [{ valueQuantity: { value: 1, unit: 'm' } }] },
          { linkId: 'r', type: 'reference', initial: [{ valueReference: { reference: 'Patient/1' } }] },
          { linkId: 'a', type: 'attachment', initial: [{ valueAttachment: { url: 'http://x.org/a.png' } }] },
          { linkId: 'c', type: 'choice', repeats: true, initial: [{ valueCoding: yes }, { valueCoding: no }] },
          {
            linkId: 'sel',
            type: 'choice',
            answerOption: [{ valueCoding: yes }, { valueCoding: no, initialSelected: true }],
          },
        ])
      );
      expect(store.findKeys('s')).toEqual(['s[0]', 's[1]']);
      expect(store.buildResponse().item).toEqual([
        { linkId: 'b', answer: [{ valueBoolean: true }] },
        { linkId: 'd', answer: [{ valueDecimal: 2.5 }] },
        { linkId: 'i', answer: [{ valueInteger: 3 }] },
        { linkId: 'da', answer: [{ valueDate: '2020-01-01' }] },
        { linkId: 'dt', answer: [{ valueDateTime: '2020-01-01T01:02:03Z' }] },
        { linkId: 't', answer: [{ valueTime: '08:00:00' }] },
        { linkId: 's', answer: [{ valueString: 'one' }, { valueString: 'two' }] },
        { linkId: 'u', answer: [{ valueUri: 'http://x.org' }] },
        { linkId: 'q', answer: [{ valueQuantity: { value: 1, unit: 'm' } }] },
        { linkId: 'r', answer: [{ valueReference: { reference: 'Patient/1' } }] },
        { linkId: 'a', answer: [{ valueAttachment: { url: 'http://x.org/a.png' } }] },
        { linkId: 'c', answer: [{ valueCoding: yes }, { valueCoding: no }] },
        { linkId: 'sel', answer: [{ valueCoding: no }] },
      ]);
    });
  });

  describe('when validating', () => {
    const q = questionnaire([
      { linkId: 'req', type: 'string', required: true },
      {
        linkId: 'len',
        type: 'string',
        maxLength: 3,
        extension: [{ url: QuestionnaireUrls.minLength, valueInteger: 2 }],
      },
      { linkId: 're', type: 'string', extension: [{ url: QuestionnaireUrls.regex, valueString: '[0-9]{4}' }] },
      {
        linkId: 'num',
        type: 'decimal',
        extension: [
          { url: QuestionnaireUrls.minValue, valueDecimal: 1 },
          { url: QuestionnaireUrls.maxValue, valueDecimal: 10 },
          { url: QuestionnaireUrls.maxDecimalPlaces, valueInteger: 1 },
          { url: QuestionnaireUrls.entryFormat, valueString: 'nn.n' },
        ],
      },
      { linkId: 'day', type: 'date', extension: [{ url: QuestionnaireUrls.minValue, valueDate: '2020-01-01' }] },
    ]);

    it('reports every error with its message', () => {
      const store = makeStore(q);
      store.setAnswer(keyOf(store, 'len'), { valueString: 'abcd' });
      store.setAnswer(keyOf(store, 're'), { valueString: '12a4' });
      store.setAnswer(keyOf(store, 'num'), { valueDecimal: 10.25 });
      store.setAnswer(keyOf(store, 'day'), { valueDate: '2019-12-31' });
      expect(store.validate()).toEqual([
        { key: 'req[0]', linkId: 'req', message: 'This field is required.' },
        { key: 'len[0]', linkId: 'len', message: 'Must be at most 3 characters.' },
        { key: 're[0]', linkId: 're', message: 'The value does not have the expected format.' },
        { key: 'num[0]', linkId: 'num', message: 'Must be at most 10.' },
        { key: 'num[0]', linkId: 'num', message: 'Must have at most 1 decimal places.' },
        { key: 'day[0]', linkId: 'day', message: 'Must be at least 2020-01-01.' },
      ]);
      expect(store.getItemState(keyOf(store, 'num'))!.constraints).toEqual({
        minValue: 1,
        maxValue: 10,
        maxDecimalPlaces: 1,
        entryFormat: 'nn.n',
      });
      expect(store.getFormState()).toMatchObject({ errorCount: 5, valid: false });
    });

    it('clears errors as answers are fixed', () => {
      const store = makeStore(q);
      store.setAnswer(keyOf(store, 'req'), { valueString: 'x' });
      store.setAnswer(keyOf(store, 'len'), { valueString: 'a' });
      expect(store.getItemState(keyOf(store, 'len'))!.errors).toEqual(['Must be at least 2 characters.']);
      store.setAnswer(keyOf(store, 'len'), { valueString: 'ab' });
      expect(store.validate()).toEqual([]);
      expect(store.getFormState().valid).toBe(true);
    });

    it('takes required from the response item over the questionnaire, and shows validation-error extensions', () => {
      const store = makeStore(q, {
        response: {
          resourceType: 'QuestionnaireResponse',
          status: 'in-progress',
          item: [
            {
              linkId: 'req',
              extension: [
                { url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-required', valueBoolean: false },
              ],
            },
            {
              linkId: 'len',
              extension: [{ url: QuestionnaireUrls.validationError, valueString: 'Server says no' }],
              answer: [{ valueString: 'ok' }],
            },
          ],
        },
      });
      expect(store.getItemState(keyOf(store, 'req'))).toMatchObject({ required: false, errors: [] });
      expect(store.getItemState(keyOf(store, 'len'))!.errors).toEqual(['Server says no']);
      store.setAnswer(keyOf(store, 'len'), { valueString: 'ok2' });
      expect(store.getItemState(keyOf(store, 'len'))!.errors).toEqual([]);
    });

    it('does not validate disabled or hidden items', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'flag', type: 'boolean' },
          {
            linkId: 'r1',
            type: 'string',
            required: true,
            enableWhen: [{ question: 'flag', operator: 'exists', answerBoolean: true }],
          },
          {
            linkId: 'r2',
            type: 'string',
            required: true,
            extension: [{ url: QuestionnaireUrls.hidden, valueBoolean: true }],
          },
        ])
      );
      expect(store.validate()).toEqual([]);
      store.setAnswer(keyOf(store, 'flag'), { valueBoolean: true });
      expect(store.validate()).toEqual([{ key: 'r1[0]', linkId: 'r1', message: 'This field is required.' }]);
    });

    it('requires an answer somewhere in a required group', () => {
      const store = makeStore(
        questionnaire([
          {
            linkId: 'g',
            type: 'group',
            required: true,
            item: [{ linkId: 'inner', type: 'group', item: [{ linkId: 'x', type: 'string' }] }],
          },
        ])
      );
      expect(store.getItemState('g[0]')!.errors).toEqual(['This field is required.']);
      expect(store.getItemState(keyOf(store, 'x'))!.touched).toBe(false);
      store.setAnswer(keyOf(store, 'x'), { valueString: 'a' });
      expect(store.getItemState('g[0]')!.errors).toEqual([]);
      expect(store.getItemState(keyOf(store, 'x'))!.touched).toBe(true);
      store.setAnswer(keyOf(store, 'x'), undefined);
      expect(store.validate()).toEqual([{ key: 'g[0]', linkId: 'g', message: 'This field is required.' }]);
    });

    it('counts answers of repeating items across their instances for required and minOccurs/maxOccurs', () => {
      const store = makeStore(
        questionnaire([
          {
            linkId: 'r',
            type: 'string',
            repeats: true,
            required: true,
            extension: [
              { url: QuestionnaireUrls.minOccurs, valueInteger: 2 },
              { url: QuestionnaireUrls.maxOccurs, valueInteger: 3 },
            ],
          },
        ])
      );
      expect(store.getItemState('r[0]')!.errors).toEqual(['This field is required.']);
      const second = store.addRepeat('r[0]')!;
      store.setAnswer(second, { valueString: 'b' });
      expect(store.getItemState('r[0]')!.errors).toEqual(['At least 2 answers are required.']);
      expect(store.getItemState(second)!.errors).toEqual([]);
      store.setAnswer('r[0]', { valueString: 'a' });
      expect(store.validate()).toEqual([]);
      expect(store.getItemState('r[0]')!.canRemoveRepeat).toBe(false);
      store.addRepeat('r[0]');
      expect(store.getItemState('r[0]')!.canRemoveRepeat).toBe(true);
    });

    it('uses replaced messages', () => {
      const store = makeStore(q, { messages: { required: 'Pflichtfeld' } });
      expect(store.getItemState(keyOf(store, 'req'))!.errors).toEqual(['Pflichtfeld']);
    });
  });

  describe('when the form is paged', () => {
    const q = questionnaire([
      {
        linkId: 'p1',
        type: 'group',
        text: 'About you',
        extension: [control('page')],
        item: [{ linkId: 'name', type: 'string', required: true }],
      },
      {
        linkId: 'p2',
        type: 'group',
        text: 'Health',
        extension: [control('page')],
        item: [{ linkId: 'ok', type: 'boolean' }],
      },
      {
        linkId: 'p3',
        type: 'group',
        text: 'Done',
        extension: [control('page')],
        item: [{ linkId: 'end', type: 'display', text: 'Thanks' }],
      },
    ]);

    it('lists pages and moves only from a valid page', () => {
      const store = makeStore(q);
      expect(store.getFormState().pages).toEqual([
        { key: 'p1[0]', title: 'About you', enabled: true, valid: false },
        { key: 'p2[0]', title: 'Health', enabled: true, valid: true },
        { key: 'p3[0]', title: 'Done', enabled: true, valid: true },
      ]);
      expect(store.backPage()).toBe(false);
      expect(store.nextPage()).toBe(false);
      expect(store.getFormState().currentPage).toBe(0);
      store.setAnswer(keyOf(store, 'name'), { valueString: 'Ann' });
      expect(store.getFormState().pages![0].valid).toBe(true);
      expect(store.nextPage()).toBe(true);
      expect(store.nextPage()).toBe(true);
      expect(store.nextPage()).toBe(false);
      expect(store.getFormState().currentPage).toBe(2);
      expect(store.backPage()).toBe(true);
      expect(store.getFormState().currentPage).toBe(1);
    });

    it('is not paged unless the first item is a page group', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'a', type: 'string' },
          { linkId: 'p', type: 'group', extension: [control('page')] },
        ])
      );
      expect(store.getFormState().pages).toBeUndefined();
      expect(store.nextPage()).toBe(false);
    });
  });

  describe('when a signature is required', () => {
    const q = questionnaire([{ linkId: 'a', type: 'string' }], {
      extension: [
        {
          url: QuestionnaireUrls.signatureRequired,
          valueCodeableConcept: { coding: [{ code: '1.2.840.10065.1.12.1.1' }] },
        },
      ],
    });

    it('shows the error only after a submit attempt, and puts the signature on the response', () => {
      const store = makeStore(q, { profile: { reference: 'Patient/p1' } });
      expect(store.getFormState()).toMatchObject({ signatureRequired: true, submitAttempted: false });
      expect(store.getFormState().signatureError).toBeUndefined();
      expect(store.attemptSubmit()).toEqual([{ key: '', linkId: '', message: 'Signature is required.' }]);
      expect(store.getFormState().signatureError).toBe('Signature is required.');
      store.setSignature('iVBORw0KGgo=');
      const signature = {
        type: [
          { system: 'https://fhir-portal-kit.dev/signature-type', code: 'ProofOfOrigin', display: 'Proof of Origin' },
        ],
        when: NOW.toISOString(),
        who: { reference: 'Patient/p1' },
        data: 'iVBORw0KGgo=',
      };
      expect(store.getFormState().signature).toEqual(signature);
      expect(store.getFormState().signatureError).toBeUndefined();
      expect(store.validate()).toEqual([]);
      expect(store.buildResponse()).toEqual(
        response([], {
          source: { reference: 'Patient/p1' },
          extension: [
            {
              url: 'http://hl7.org/fhir/StructureDefinition/questionnaireresponse-signature',
              valueSignature: signature,
            },
          ],
        })
      );
      store.setSignature('AAAA', { reference: 'Practitioner/2' });
      expect(store.getFormState().signature!.who).toEqual({ reference: 'Practitioner/2' });
      store.clearSignature();
      expect(store.getFormState().signature).toBeUndefined();
      expect(store.getFormState().signatureError).toBe('Signature is required.');
    });
  });

  describe('when an existing response is loaded', () => {
    const q = questionnaire([
      { linkId: 'name', type: 'string', text: 'Name' },
      {
        linkId: 'kids',
        type: 'group',
        repeats: true,
        item: [
          { linkId: 'kid', type: 'string' },
          { linkId: 'age', type: 'integer' },
          {
            linkId: 'allergy',
            type: 'choice',
            repeats: true,
            answerOption: [{ valueCoding: yes }, { valueCoding: no }],
          },
        ],
      },
      { linkId: 'phones', type: 'string', repeats: true },
      { linkId: 'q', type: 'boolean', item: [{ linkId: 'why', type: 'text' }] },
      { linkId: 'cleared', type: 'choice', answerOption: [{ valueCoding: yes }] },
    ]);

    it('loads back exactly, repeats included', () => {
      const first = makeStore(q, { subject: { reference: 'Patient/p1' } });
      first.setAnswer(keyOf(first, 'name'), { valueString: 'Ann' });
      first.setAnswer(keyOf(first, 'kid'), { valueString: 'Bo' });
      first.setAnswer(keyOf(first, 'age'), { valueInteger: 4 });
      first.setAnswers(keyOf(first, 'allergy'), [{ valueCoding: yes }, { valueCoding: no }]);
      first.addRepeat(keyOf(first, 'kids'));
      first.setAnswer(keyOf(first, 'kid', 1), { valueString: 'Cy' });
      first.setAnswer(keyOf(first, 'phones'), { valueString: '555-1' });
      first.setAnswer(first.addRepeat(keyOf(first, 'phones'))!, { valueString: '555-2' });
      first.setAnswer(keyOf(first, 'q'), { valueBoolean: true });
      first.setAnswer(keyOf(first, 'why'), { valueString: 'because' });
      first.setAnswers(keyOf(first, 'cleared'), []);
      const built = { ...first.buildResponse(), id: 'r1' };
      expect(built.item).toEqual([
        { linkId: 'name', text: 'Name', answer: [{ valueString: 'Ann' }] },
        {
          linkId: 'kids',
          item: [
            { linkId: 'kid', answer: [{ valueString: 'Bo' }] },
            { linkId: 'age', answer: [{ valueInteger: 4 }] },
            { linkId: 'allergy', answer: [{ valueCoding: yes }, { valueCoding: no }] },
          ],
        },
        { linkId: 'kids', item: [{ linkId: 'kid', answer: [{ valueString: 'Cy' }] }] },
        { linkId: 'phones', answer: [{ valueString: '555-1' }, { valueString: '555-2' }] },
        {
          linkId: 'q',
          answer: [{ valueBoolean: true, item: [{ linkId: 'why', answer: [{ valueString: 'because' }] }] }],
        },
        { linkId: 'cleared', answer: [] },
      ]);

      const second = makeStore(q, { subject: { reference: 'Patient/p1' }, response: built });
      expect(second.findKeys('kids')).toEqual(['kids[0]', 'kids[1]']);
      expect(second.findKeys('phones')).toEqual(['phones[0]', 'phones[1]']);
      expect(second.getFormState().issues).toEqual([]);
      expect(second.buildResponse()).toEqual(built);
    });

    it('does not apply initial values over a loaded response', () => {
      const store = makeStore(questionnaire([{ linkId: 'a', type: 'string', initial: [{ valueString: 'init' }] }]), {
        response: { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [] },
      });
      expect(store.getItemState(keyOf(store, 'a'))!.answers).toEqual([]);
    });
  });

  describe('when the input is bad', () => {
    it('reports a fatal error for something that is not a Questionnaire', () => {
      for (const input of [undefined, null, 42, 'x', {}, { resourceType: 'Patient' }]) {
        const store = makeStore(input);
        expect(store.getFormState().fatalError).toBe('Not a Questionnaire.');
        expect(store.buildResponse().item).toEqual([]);
      }
    });

    it('reports item-level issues without throwing', () => {
      const store = makeStore(
        questionnaire([
          { linkId: '', type: 'string' } as QuestionnaireItem,
          { linkId: 'dup', type: 'string' },
          { linkId: 'dup', type: 'integer' },
          { linkId: 'odd', type: 'weird' as any },
          { linkId: 'ew', type: 'string', enableWhen: [{ question: 'ghost', operator: '=', answerString: 'x' }] },
          { linkId: 'ext', type: 'string', extension: [{ url: 'https://unknown.example/ext', valueString: 'x' }] },
          null as any,
        ]),
        {
          response: {
            resourceType: 'QuestionnaireResponse',
            status: 'in-progress',
            item: [
              { linkId: 'nobody', answer: [{ valueString: 'x' }] },
              { linkId: 'ext', answer: [{ valueInteger: 3 }] },
            ],
          },
        }
      );
      const issues = (linkId: string, i = 0) => store.getItemState(store.findKeys(linkId)[i])!.issues;
      expect(store.getFormState().fatalError).toBeUndefined();
      expect(issues('__missing-0')).toEqual(['Item has no linkId.']);
      expect(issues('dup', 1)).toEqual(["Duplicate linkId 'dup'."]);
      expect(issues('odd')).toEqual(["Unknown item type 'weird'; shown as string."]);
      expect(store.getItemState(keyOf(store, 'odd'))!.type).toBe('string');
      expect(issues('ew')).toEqual(["enableWhen names an unknown item 'ghost'."]);
      expect(store.getItemState(keyOf(store, 'ew'))!.enabled).toBe(true);
      expect(issues('ext')).toEqual([]);
      expect(store.getFormState().issues).toEqual([
        "The response item 'nobody' does not match the questionnaire; it was dropped.",
        "The response answer of 'ext' (valueInteger) does not match the item type string; it was dropped.",
      ]);
    });

    it('reports a response for another questionnaire and keeps what matches', () => {
      const store = makeStore(questionnaire([{ linkId: 'a', type: 'string' }]), {
        response: {
          resourceType: 'QuestionnaireResponse',
          status: 'in-progress',
          questionnaire: 'https://example.org/Questionnaire/other',
          item: [{ linkId: 'a', answer: [{ valueString: 'kept' }] }],
        },
      });
      expect(store.getFormState().issues).toEqual([
        `The response is for https://example.org/Questionnaire/other, not ${Q_URL}.`,
      ]);
      expect(store.getItemState('a[0]')!.answers).toEqual([{ valueString: 'kept' }]);
    });

    it('ignores a response that is not a QuestionnaireResponse', () => {
      const store = makeStore(questionnaire([{ linkId: 'a', type: 'string' }]), {
        response: { resourceType: 'Patient' } as any,
      });
      expect(store.getFormState().issues).toEqual([
        'The given response is not a QuestionnaireResponse; it was ignored.',
      ]);
    });

    it('detects enableWhen cycles at load and reports them on the items', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'a', type: 'string', enableWhen: [{ question: 'b', operator: 'exists', answerBoolean: true }] },
          { linkId: 'b', type: 'string', enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }] },
          {
            linkId: 'self',
            type: 'string',
            enableWhen: [{ question: 'self', operator: 'exists', answerBoolean: true }],
          },
        ])
      );
      expect(store.getItemState(keyOf(store, 'a'))!.issues).toEqual([
        'Circular dependency in enableWhen/calculatedExpression: a → b → a.',
      ]);
      expect(store.getItemState(keyOf(store, 'b'))!.issues).toEqual([
        'Circular dependency in enableWhen/calculatedExpression: a → b → a.',
      ]);
      expect(store.getItemState(keyOf(store, 'self'))!.issues).toEqual([
        'Circular dependency in enableWhen/calculatedExpression: self → self.',
      ]);
      store.setAnswer(keyOf(store, 'a'), { valueString: 'x' });
      expect(store.getItemState(keyOf(store, 'b'))!.enabled).toBe(true);
    });
  });

  describe('when an item is read-only', () => {
    it('says so and offers no repeats', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'ro', type: 'string', readOnly: true, repeats: true, initial: [{ valueString: 'fixed' }] },
        ])
      );
      expect(store.getItemState('ro[0]')).toMatchObject({
        readOnly: true,
        canAddRepeat: false,
        answers: [{ valueString: 'fixed' }],
      });
      expect(store.buildResponse().item).toEqual([{ linkId: 'ro', answer: [{ valueString: 'fixed' }] }]);
    });
  });

  describe('when resolving the control', () => {
    it('uses recognised itemControl codes and falls back to the type default', () => {
      const store = makeStore(
        questionnaire([
          { linkId: 'dd', type: 'choice', extension: [control('drop-down')], answerOption: [{ valueString: 'a' }] },
          { linkId: 'cb', type: 'choice', extension: [control('check-box')], answerOption: [{ valueString: 'a' }] },
          { linkId: 'rb', type: 'choice', extension: [control('radio-button')], answerOption: [{ valueString: 'a' }] },
          { linkId: 'ac', type: 'open-choice', extension: [control('autocomplete')], answerValueSet: 'http://vs' },
          { linkId: 'vs', type: 'choice', answerValueSet: 'http://vs' },
          { linkId: 'multi', type: 'choice', repeats: true, answerOption: [{ valueString: 'a' }] },
          { linkId: 'sl', type: 'integer', extension: [control('slider')] },
          { linkId: 'tab', type: 'group', extension: [control('tab')] },
          { linkId: 'tc', type: 'group', extension: [control('tab-container')] },
          { linkId: 'gt', type: 'group', extension: [control('gtable')] },
          { linkId: 'tb', type: 'group', extension: [control('table')] },
          { linkId: 'gr', type: 'group', extension: [control('grid')] },
          { linkId: 'pg', type: 'group', extension: [control('page')] },
          { linkId: 'bad', type: 'string', extension: [control('slider')] },
          { linkId: 'txt', type: 'text' },
          {
            linkId: 'q',
            type: 'quantity',
            extension: [{ url: QuestionnaireUrls.unitOption, valueCoding: { code: 'kg' } }],
          },
        ])
      );
      const controls = Object.fromEntries(
        store.getKeys().map((k) => [store.getItemState(k)!.linkId, store.getItemState(k)!.control])
      );
      expect(controls).toEqual({
        dd: 'drop-down',
        cb: 'check-box',
        rb: 'radio-button',
        ac: 'autocomplete',
        vs: 'autocomplete',
        multi: 'check-box',
        sl: 'slider',
        tab: 'group',
        tc: 'tab-container',
        gt: 'gtable',
        tb: 'table',
        gr: 'grid',
        pg: 'page',
        bad: 'text-box',
        txt: 'text-area',
        q: 'quantity',
      });
      expect(store.getItemState(keyOf(store, 'q'))!.constraints.unitOptions).toEqual([{ code: 'kg' }]);
    });
  });

  describe('when options come from a value set', () => {
    it('expands with count = limit + 1 and reports truncation', async () => {
      const expandValueSet = vi.fn(async () => ({
        contains: [
          { system: 's', code: '1', display: 'One' },
          { system: 's', code: '2', display: 'Two' },
          { system: 's', code: '3', display: 'Three' },
        ],
      }));
      const store = makeStore(questionnaire([{ linkId: 'c', type: 'choice', answerValueSet: 'http://vs/x' }]), {
        expandValueSet,
        optionsDisplayLimit: 2,
      });
      const key = keyOf(store, 'c');
      const promise = store.loadOptions(key, 'o');
      expect(store.getItemState(key)!.optionsLoading).toBe(true);
      await promise;
      expect(expandValueSet).toHaveBeenCalledWith('http://vs/x', 'o', 3);
      expect(store.getItemState(key)).toMatchObject({
        optionsLoading: false,
        optionsTruncated: true,
        options: [
          { answer: { valueCoding: { system: 's', code: '1', display: 'One' } }, label: 'One' },
          { answer: { valueCoding: { system: 's', code: '2', display: 'Two' } }, label: 'Two' },
        ],
      });
    });

    it('shows its own error when the expansion fails, and the rest works', async () => {
      const log = vi.fn();
      const store = makeStore(
        questionnaire([
          { linkId: 'c', type: 'choice', answerValueSet: 'http://vs/x' },
          { linkId: 's', type: 'string' },
        ]),
        {
          expandValueSet: async () => {
            throw new Error('offline');
          },
          log,
        }
      );
      await store.loadOptions(keyOf(store, 'c'));
      expect(store.getItemState(keyOf(store, 'c'))!.optionsError).toBe('Options could not be loaded from http://vs/x.');
      expect(log).toHaveBeenCalled();
      expect(store.setAnswer(keyOf(store, 's'), { valueString: 'fine' })).toBe(true);
    });

    it('reads contained value sets and answerOption prefixes and scores', () => {
      const store = makeStore(
        questionnaire(
          [
            { linkId: 'c', type: 'choice', answerValueSet: '#vs1' },
            {
              linkId: 'o',
              type: 'choice',
              answerOption: [
                {
                  valueCoding: { code: 'a', display: 'A' },
                  extension: [
                    { url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-optionPrefix', valueString: '1)' },
                    { url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 3 },
                  ],
                },
              ],
            },
          ],
          {
            contained: [
              {
                resourceType: 'ValueSet',
                id: 'vs1',
                status: 'active',
                compose: { include: [{ system: 's', concept: [{ code: 'x', display: 'X' }] }] },
              },
            ],
          }
        )
      );
      expect(store.getItemState(keyOf(store, 'c'))!.options).toEqual([
        { answer: { valueCoding: { system: 's', code: 'x', display: 'X' } }, label: 'X' },
      ]);
      expect(store.getItemState(keyOf(store, 'o'))!.options).toEqual([
        { answer: { valueCoding: { code: 'a', display: 'A' } }, label: 'A', prefix: '1)', score: 3 },
      ]);
    });
  });

  it('exposes the questionnaire url used in responses', () => {
    expect(makeStore(questionnaire([])).buildResponse().questionnaire).toBe(Q_URL);
  });
});
