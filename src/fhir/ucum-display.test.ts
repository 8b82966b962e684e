import { describe, expect, it } from 'vitest';
import { formatQuantity } from './display';
import { formatUnit } from './ucum-display';

const UCUM = 'http://unitsofmeasure.org';

describe('formatUnit', () => {
  it.each([
    ['mm[Hg]', 'mmHg'],
    ['Cel', '°C'],
    ['C', '°C'],
    ['[degF]', '°F'],
    ['[lb_av]', 'lb'],
    ['[in_i]', 'in'],
    ['[ft_i]', 'ft'],
    ['/min', '/min'],
    ['{beats}/min', '/min'],
    ['{breaths}/min', '/min'],
    ['10*3/uL', '10³/µL'],
    ['10*9/L', '10⁹/L'],
    ['m2', 'm²'],
    ['kg/m2', 'kg/m²'],
    ['kg', 'kg'],
    ['cm', 'cm'],
    ['%', '%'],
    ['g/dL', 'g/dL'],
    ['mg/dL', 'mg/dL'],
    ['mmol/L', 'mmol/L'],
    ['umol/L', 'µmol/L'],
    ['meq/L', 'mEq/L'],
  ])('reads the UCUM code %s as %s', (code, shown) => {
    expect(formatUnit(code)).toBe(shown);
    expect(formatUnit({ code, system: UCUM })).toBe(shown);
  });

  describe('with a code the table lacks', () => {
    it('drops annotations, keeps the name in brackets and raises powers of ten', () => {
      expect(formatUnit('{cells}/[HPF]')).toBe('/HPF');
      expect(formatUnit('[gal_us]')).toBe('gal');
      expect(formatUnit('10*5/mL')).toBe('10⁵/mL');
    });

    it('shows an annotation that is the whole unit as its words', () => {
      expect(formatUnit('{score}')).toBe('score');
    });

    it('shows a unit without UCUM syntax as it is', () => {
      expect(formatUnit('mL/min')).toBe('mL/min');
      expect(formatUnit('tablets')).toBe('tablets');
    });

    it('survives unclosed brackets and braces', () => {
      expect(formatUnit('mm[Hg')).toBe('mmHg');
      expect(formatUnit('{beats/min')).toBe('beats/min');
    });
  });

  describe('with a Quantity', () => {
    it('prefers the unit text a person wrote', () => {
      expect(formatUnit({ unit: 'beats/minute', system: UCUM, code: '/min' })).toBe('beats/minute');
      expect(formatUnit({ unit: 'lbs', system: UCUM, code: '[lb_av]' })).toBe('lbs');
    });

    it('translates a unit text that is itself a UCUM code', () => {
      expect(formatUnit({ unit: 'mm[Hg]', system: UCUM, code: 'mm[Hg]' })).toBe('mmHg');
      expect(formatUnit({ unit: 'C', system: UCUM, code: 'Cel' })).toBe('°C');
      expect(formatUnit({ unit: '{beats}/min' })).toBe('/min');
    });

    it('reads the UCUM code when there is no unit text', () => {
      expect(formatUnit({ system: UCUM, code: '[lb_av]' })).toBe('lb');
      expect(formatUnit({ code: 'Cel' })).toBe('°C');
    });

    it('shows a code of another system as it is', () => {
      expect(formatUnit({ system: 'http://example.org/units', code: 'C' })).toBe('C');
      expect(formatUnit('C', 'http://example.org/units')).toBe('C');
    });

    it('is empty without a unit', () => {
      expect(formatUnit({})).toBe('');
      expect(formatUnit(undefined)).toBe('');
      expect(formatUnit({ system: UCUM, code: '1' })).toBe('');
    });
  });
});

describe('formatQuantity with UCUM codes', () => {
  it('shows the unit as people write it', () => {
    expect(formatQuantity({ value: 120, unit: 'mm[Hg]', system: UCUM, code: 'mm[Hg]' })).toBe('120 mmHg');
    expect(formatQuantity({ value: 98.6, system: UCUM, code: '[degF]' })).toBe('98.6 °F');
    expect(formatQuantity({ value: 7.2, system: UCUM, code: '10*3/uL' })).toBe('7.2 10³/µL');
    expect(formatQuantity({ value: 3, system: UCUM, code: '1' })).toBe('3');
    expect(formatQuantity({ value: 12, unit: '%' })).toBe('12%');
  });
});
