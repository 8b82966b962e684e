import {
  formatAddress,
  formatCodeableConcept,
  formatCoding,
  formatFamilyName,
  formatGivenName,
  formatHumanName,
  formatIdentifier,
  formatObservationValue,
  formatPeriod,
  formatQuantity,
  formatRange,
  formatRatio,
  getDisplayString,
  limitDisplayValues,
} from './display';
import type { HumanName, Observation } from './types';

const name: HumanName = {
  use: 'official',
  prefix: ['Dr.'],
  given: ['Alice', 'Marie'],
  family: 'Smith',
  suffix: ['MD'],
};

describe('formatHumanName', () => {
  describe('when the name has parts', () => {
    it('joins prefix, given, family and suffix', () => {
      expect(formatHumanName(name)).toBe('Dr. Alice Marie Smith MD');
      expect(formatHumanName(name, { prefix: false, suffix: false, use: true })).toBe('Alice Marie Smith [official]');
      expect(formatGivenName(name)).toBe('Alice Marie');
      expect(formatFamilyName(name)).toBe('Smith');
    });
  });
  describe('when it has only text', () => {
    it('shows the text', () => expect(formatHumanName({ text: 'Bob' })).toBe('Bob'));
  });
  describe('when it is missing', () => {
    it('shows nothing', () => {
      expect(formatHumanName(undefined)).toBe('');
      expect(formatGivenName(undefined)).toBe('');
      expect(formatFamilyName({})).toBe('');
    });
  });
});

describe('formatAddress', () => {
  it('joins lines, city, state and postal code', () => {
    expect(
      formatAddress({
        line: ['1 Main St', 'Apt 2'],
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        use: 'home',
      })
    ).toBe('1 Main St, Apt 2, Springfield, IL 62701');
    expect(formatAddress({ city: 'Paris', use: 'home' }, { use: true })).toBe('Paris [home]');
    expect(formatAddress({ text: 'Somewhere' })).toBe('Somewhere');
    expect(formatAddress(undefined)).toBe('');
  });
});

describe('codes', () => {
  it('formats codings and concepts', () => {
    expect(formatCoding({ code: '8867-4', display: 'Heart rate' })).toBe('Heart rate');
    expect(formatCoding({ code: '8867-4', display: 'Heart rate' }, true)).toBe('Heart rate (8867-4)');
    expect(formatCoding({ code: 'x' })).toBe('x');
    expect(formatCodeableConcept({ text: 'Weight', coding: [{ display: 'W' }] })).toBe('Weight');
    expect(formatCodeableConcept({ coding: [{ display: 'A' }, { code: 'b' }] })).toBe('A, b');
    expect(formatCodeableConcept(undefined)).toBe('');
  });
});

describe('quantities', () => {
  it('formats quantities, ranges and ratios', () => {
    expect(formatQuantity({ value: 5.4, unit: 'mg', comparator: '<' })).toBe('<5.4 mg');
    expect(formatQuantity({ value: 12, unit: '%' })).toBe('12%');
    expect(formatQuantity({ value: 1.234, code: 'kg' }, 1)).toBe('1.2 kg');
    expect(formatQuantity({ value: 3 })).toBe('3');
    expect(formatRange({ low: { value: 5, unit: 'mg' }, high: { value: 10, unit: 'mg' } })).toBe('5 - 10 mg');
    expect(formatRange({ low: { value: 5, unit: 'mg' }, high: { value: 1, unit: 'g' } })).toBe('5 mg - 1 g');
    expect(formatRange({ low: { value: 5, unit: 'mg' } })).toBe('>= 5 mg');
    expect(formatRange({ high: { value: 10, unit: 'mg' } })).toBe('<= 10 mg');
    expect(formatRange({})).toBe('');
    expect(formatRatio({ numerator: { value: 1, unit: 'mg' }, denominator: { value: 5, unit: 'mL' } })).toBe(
      '1 mg / 5 mL'
    );
  });
});

describe('formatPeriod and formatIdentifier', () => {
  it('formats both sides of a period', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
    expect(formatPeriod({ start: '2024-05-01T00:00:00Z', end: '2024-05-03T00:00:00Z' }, 'en-US', options)).toBe(
      'May 1, 2024 - May 3, 2024'
    );
    expect(formatPeriod({ start: '2024-05-01T00:00:00Z' }, 'en-US', options)).toBe('May 1, 2024 -');
    expect(formatPeriod({})).toBe('');
  });
  it('formats identifiers', () => {
    expect(formatIdentifier({ system: 'urn:ssn', value: '123' })).toBe('urn:ssn|123');
    expect(formatIdentifier({ value: '123' })).toBe('123');
  });
});

describe('formatObservationValue', () => {
  describe('when the observation has one value', () => {
    it('shows it', () => {
      const obs: Observation = {
        resourceType: 'Observation',
        status: 'final',
        code: {},
        valueQuantity: { value: 72, unit: 'beats/minute' },
      };
      expect(formatObservationValue(obs)).toBe('72 beats/minute');
      expect(formatObservationValue({ ...obs, valueQuantity: undefined, valueBoolean: false })).toBe('No');
      expect(
        formatObservationValue({ ...obs, valueQuantity: undefined, valueBoolean: true }, 'en-US', {
          yes: 'Oui',
          no: 'Non',
        })
      ).toBe('Oui');
      expect(
        formatObservationValue({ ...obs, valueQuantity: undefined, valueCodeableConcept: { text: 'Positive' } })
      ).toBe('Positive');
    });
  });
  describe('when it has components', () => {
    it('reads blood pressure systolic over diastolic, whatever order the components come in', () => {
      const bp: Observation = {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ code: '85354-9' }] },
        component: [
          { code: { coding: [{ code: '8462-4' }] }, valueQuantity: { value: 80, unit: 'mm[Hg]' } },
          { code: { coding: [{ code: '8480-6' }] }, valueQuantity: { value: 120, unit: 'mm[Hg]' } },
        ],
      };
      expect(formatObservationValue(bp)).toBe('120/80 mmHg');
    });

    it('joins the values of other components', () => {
      const panel: Observation = {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Panel' },
        component: [
          { code: { text: 'A' }, valueQuantity: { value: 1, unit: 'mg' } },
          { code: { text: 'B' }, valueString: 'trace' },
        ],
      };
      expect(formatObservationValue(panel)).toBe('1 mg / trace');
    });
  });
});

describe('getDisplayString', () => {
  it('names people, coded resources and the rest', () => {
    expect(getDisplayString({ resourceType: 'Patient', id: '1', name: [{ given: ['Alice'], family: 'Smith' }] })).toBe(
      'Alice Smith'
    );
    expect(getDisplayString({ resourceType: 'Organization', id: '1', name: 'Acme' })).toBe('Acme');
    expect(getDisplayString({ resourceType: 'Questionnaire', id: '1', status: 'active', title: 'Intake' })).toBe(
      'Intake'
    );
    expect(getDisplayString({ resourceType: 'Observation', id: '1', status: 'final', code: { text: 'Weight' } })).toBe(
      'Weight'
    );
    expect(
      getDisplayString({
        resourceType: 'Immunization',
        id: '1',
        status: 'completed',
        vaccineCode: { text: 'Flu' },
        patient: {},
      } as never)
    ).toBe('Flu');
    expect(getDisplayString({ resourceType: 'Slot', id: '9', status: 'free', schedule: {}, start: '', end: '' })).toBe(
      'Slot/9'
    );
    expect(getDisplayString(undefined)).toBe('');
  });
});

describe('limitDisplayValues', () => {
  describe('when there are at most 50 values', () => {
    it('shows them all', () => expect(limitDisplayValues(['a', 'b'])).toEqual(['a', 'b']));
  });
  describe('when there are more', () => {
    it("shows the first 50 then '... N total values'", () => {
      const values = Array.from({ length: 120 }, (_, i) => String(i));
      const shown = limitDisplayValues(values);
      expect(shown).toHaveLength(51);
      expect(shown[49]).toBe('49');
      expect(shown[50]).toBe('... 120 total values');
    });
  });
});
