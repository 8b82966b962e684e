import { chartYDomain } from './chartYDomain';

describe('chartYDomain', () => {
  describe('when the axis starts at a number', () => {
    it('starts at it, as the vitals chart starts at 0', () => {
      expect(chartYDomain(97.5, 99.1, 0)).toEqual([0, 99.1]);
      expect(chartYDomain(60, 70, 50)).toEqual([50, 70]);
    });

    it('starts lower when a value lies below it, so no point is cut off', () => {
      expect(chartYDomain(40, 70, 50)).toEqual([40, 70]);
    });
  });

  describe("when the axis is fitted to the data ('auto')", () => {
    it('keeps a tenth of the spread free below and above the values', () => {
      const [low, high] = chartYDomain(97, 99, 'auto');
      expect(low).toBeCloseTo(96.8);
      expect(high).toBeCloseTo(99.2);
    });

    it('puts a single value in the middle of a band around it', () => {
      expect(chartYDomain(60, 60, 'auto')).toEqual([57, 63]);
      expect(chartYDomain(0, 0, 'auto')).toEqual([0, 1]);
    });

    it('does not go below 0 for values that do not', () => {
      expect(chartYDomain(1, 50, 'auto')).toEqual([0, 54.9]);
    });
  });
});
