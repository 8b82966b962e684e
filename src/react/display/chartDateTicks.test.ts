import { scaleTime } from '@visx/scale';
import { DATE_LABEL_GAP, fitDateTicks } from './chartDateTicks';

const formatDate = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
// 7 px a character: 'Jan 1, 2024' is 77 px wide.
const measure = (text: string) => text.length * 7;
const twoYears = (width: number) =>
  scaleTime<number>({
    domain: [new Date(Date.UTC(2024, 0, 1)), new Date(Date.UTC(2025, 11, 31))],
    range: [56, width - 24],
  });

/** Each label's left and right edge, as drawn centred on its tick. */
function boxes(width: number) {
  const scale = twoYears(width);
  return fitDateTicks(scale, width, formatDate, measure).map((tick) => {
    const w = measure(formatDate(tick));
    return { left: scale(tick) - w / 2, right: scale(tick) + w / 2 };
  });
}

describe('fitDateTicks', () => {
  it.each([320, 390])('labels more than one date at %i px, none touching another or leaving the axis', (width) => {
    const labels = boxes(width);
    expect(labels.length).toBeGreaterThan(1);
    labels.forEach((box, i) => {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      if (i > 0) expect(box.left - labels[i - 1].right).toBeGreaterThanOrEqual(DATE_LABEL_GAP);
    });
  });

  it('labels more dates as the chart widens', () => {
    expect(boxes(800).length).toBeGreaterThan(boxes(320).length);
  });

  describe('when time runs right to left', () => {
    it('labels as many dates as left to right, none touching another', () => {
      const width = 390;
      const mirrored = scaleTime<number>({ domain: twoYears(width).domain(), range: [width - 56, 24] });
      const ticks = fitDateTicks(mirrored, width, formatDate, measure);
      expect(ticks.length).toBe(boxes(width).length);
      const centres = ticks.map((tick) => mirrored(tick));
      centres.slice(1).forEach((x, i) => {
        const gap = centres[i] - x - (measure(formatDate(ticks[i])) + measure(formatDate(ticks[i + 1]))) / 2;
        expect(gap).toBeGreaterThanOrEqual(DATE_LABEL_GAP);
      });
    });
  });

  describe('when the readings span a few months that hold no 1 January', () => {
    it('labels dates still', () => {
      const scale = scaleTime<number>({
        domain: [new Date('2024-01-05T10:00:00Z'), new Date('2024-09-01T10:00:00Z')],
        range: [56, 576],
      });
      expect(fitDateTicks(scale, 600, formatDate, measure).map(formatDate)).toEqual([
        'Feb 1, 2024',
        'Apr 1, 2024',
        'Jun 1, 2024',
        'Aug 1, 2024',
      ]);
    });
  });

  describe('when the readings span one day', () => {
    it('labels that day once, not once per hourly tick', () => {
      const scale = scaleTime<number>({
        domain: [new Date('2024-05-01T08:00:00Z'), new Date('2024-05-01T20:00:00Z')],
        range: [56, 776],
      });
      expect(fitDateTicks(scale, 800, formatDate, measure).map(formatDate)).toEqual(['May 1, 2024']);
    });
  });

  describe('when no label fits', () => {
    it('labels nothing rather than drawing one over the edge', () => {
      expect(fitDateTicks(twoYears(100), 100, formatDate, (text) => text.length * 40)).toEqual([]);
    });
  });
});
