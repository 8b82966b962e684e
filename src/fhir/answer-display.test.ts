import { formatQuestionnaireAnswer, formatQuestionnaireAnswers } from './answer-display';
import { isOperationOutcomeError } from './outcomes';

describe('formatQuestionnaireAnswer', () => {
  describe('when the answer has a value', () => {
    it.each([
      [{ valueBoolean: true }, 'Yes'],
      [{ valueBoolean: false }, 'No'],
      [{ valueInteger: 0 }, '0'],
      [{ valueDecimal: 1.5 }, '1.5'],
      [{ valueString: '' }, ''],
      [{ valueString: 'hello' }, 'hello'],
      [{ valueCoding: { system: 'x', code: 'm', display: 'Male' } }, 'Male'],
      [{ valueCoding: { code: 'm' } }, 'm'],
      [{ valueQuantity: { value: 70, unit: 'kg' } }, '70 kg'],
      [{ valueRange: { low: { value: 1, unit: 'd' }, high: { value: 3, unit: 'd' } } }, '1 - 3 d'],
      [{ valueDate: '2024-05-01' }, 'May 1, 2024'],
      [{ valueTime: '14:30:00' }, '2:30 PM'],
      [{ valueUri: 'https://x.org' }, 'https://x.org'],
      [{ valueReference: { reference: 'Patient/1', display: 'Alice' } }, 'Alice'],
      [{ valueAttachment: { title: 'scan.pdf' } }, 'scan.pdf'],
    ])('shows %j as %j', (answer, text) => expect(formatQuestionnaireAnswer(answer, 'en-US')).toBe(text));

    it('shows a dateTime with its time', () => {
      expect(formatQuestionnaireAnswer({ valueDateTime: '2024-05-01T14:05:00Z' }, 'en-US')).toMatch(/2024/);
    });

    it('shows an unreadable date as its text', () => {
      expect(formatQuestionnaireAnswer({ valueDate: 'soon' })).toBe('soon');
    });
  });

  describe('when the answer has no value', () => {
    it.each([{}, undefined, { item: [] }])("throws 'No answer' for %j", (answer) => {
      let caught: unknown;
      try {
        formatQuestionnaireAnswer(answer);
      } catch (error) {
        caught = error;
      }
      expect(isOperationOutcomeError(caught)).toBe(true);
      expect((caught as Error).message).toBe('No answer');
    });
  });
});

describe('formatQuestionnaireAnswers', () => {
  it('formats every answer of an item', () => {
    expect(formatQuestionnaireAnswers({ linkId: 'a', answer: [{ valueInteger: 1 }, { valueBoolean: true }] })).toEqual([
      '1',
      'Yes',
    ]);
    expect(formatQuestionnaireAnswers({ linkId: 'a' })).toEqual([]);
  });

  it('reads booleans in the words given and units as people write them', () => {
    const item = {
      linkId: 'a',
      answer: [
        { valueBoolean: false },
        { valueQuantity: { value: 70, system: 'http://unitsofmeasure.org', code: '[lb_av]' } },
      ],
    };
    expect(formatQuestionnaireAnswers(item, 'en-US', { yes: 'Oui', no: 'Non' })).toEqual(['Non', '70 lb']);
  });
});
