import { formatDosage, formatTiming } from './timing';
import type { Dosage } from './types';

describe('formatTiming', () => {
  it.each([
    [{ repeat: { frequency: 1, period: 1, periodUnit: 'd' } }, 'once a day'],
    [{ repeat: { frequency: 2, period: 1, periodUnit: 'd' } }, 'twice a day'],
    [{ repeat: { frequency: 3, period: 1, periodUnit: 'd' } }, '3 times a day'],
    [{ repeat: { frequency: 1, period: 8, periodUnit: 'h' } }, 'every 8 hours'],
    [{ repeat: { period: 1, periodUnit: 'wk' } }, 'every week'],
    [{ repeat: { frequency: 1, period: 4, periodMax: 6, periodUnit: 'h' } }, 'every 4-6 hours'],
    [{ repeat: { frequency: 2, period: 3, periodUnit: 'd' } }, 'twice every 3 days'],
    [{ repeat: { frequency: 1, frequencyMax: 2, period: 1, periodUnit: 'd' } }, '1-2 times a day'],
  ] as const)('says %j as "%s"', (timing, text) => {
    expect(formatTiming(timing as never)).toBe(text);
  });

  it('adds the bounds, days, times of day and events', () => {
    expect(
      formatTiming({
        repeat: { frequency: 2, period: 1, periodUnit: 'd', boundsDuration: { value: 10, unit: 'days', code: 'd' } },
      })
    ).toBe('twice a day for 10 days');
    expect(
      formatTiming({ repeat: { frequency: 1, period: 1, periodUnit: 'wk', dayOfWeek: ['mon', 'wed', 'fri'] } })
    ).toBe('once a week on Monday, Wednesday and Friday');
    expect(
      formatTiming({ repeat: { frequency: 1, period: 1, periodUnit: 'd', timeOfDay: ['08:00:00'] } }, 'en-US')
    ).toBe('once a day at 8:00 AM');
    expect(formatTiming({ repeat: { frequency: 1, period: 1, periodUnit: 'd', when: ['MORN'] } })).toBe(
      'once a day in the morning'
    );
    expect(formatTiming({ repeat: { when: ['ACM'], offset: 30 } })).toBe('30 minutes before breakfast');
    expect(formatTiming({ repeat: { count: 1 } })).toBe('once only');
    expect(formatTiming({ repeat: { frequency: 1, period: 1, periodUnit: 'd', count: 5 } })).toBe(
      'once a day 5 times in total'
    );
    expect(
      formatTiming(
        {
          repeat: {
            boundsPeriod: { start: '2024-05-01', end: '2024-05-10' },
            frequency: 1,
            period: 1,
            periodUnit: 'd',
          },
        },
        'en-US'
      )
    ).toBe('once a day from May 1, 2024 until May 10, 2024');
    expect(formatTiming({ event: ['2024-05-01'] }, 'en-US')).toBe('on May 1, 2024');
  });

  it('falls back to the code text, and says nothing of nothing', () => {
    expect(formatTiming({ code: { text: 'Before bed' } })).toBe('Before bed');
    expect(formatTiming({})).toBe('');
    expect(formatTiming(undefined)).toBe('');
  });
});

describe('formatDosage', () => {
  const tenDays: Dosage = {
    doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
    timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd', boundsDuration: { value: 10, code: 'd' } } },
  };

  it('reads as a person says it', () => {
    expect(formatDosage(tenDays)).toBe('1 tablet twice a day for 10 days');
  });

  it('counts countable units in the plural and keeps units of measure', () => {
    expect(formatDosage({ ...tenDays, doseAndRate: [{ doseQuantity: { value: 2, unit: 'tablet' } }] })).toBe(
      '2 tablets twice a day for 10 days'
    );
    expect(formatDosage({ doseAndRate: [{ doseQuantity: { value: 500, unit: 'mg' } }] })).toBe('500 mg');
  });

  it('says the route, as-needed and the maximum', () => {
    expect(
      formatDosage({
        doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
        route: { text: 'Oral' },
        timing: { repeat: { frequency: 1, period: 6, periodUnit: 'h' } },
        asNeededCodeableConcept: { text: 'Pain' },
        maxDosePerPeriod: { numerator: { value: 4, unit: 'tablet' }, denominator: { value: 1, code: 'd' } },
      })
    ).toBe('1 tablet by mouth every 6 hours, as needed for pain, at most 4 tablets per 1 day');
    expect(formatDosage({ route: { text: 'Inhalation' }, asNeededBoolean: true })).toBe('(inhalation), as needed');
  });

  describe('when it has no structured fields', () => {
    it('shows the free text', () => expect(formatDosage({ text: 'Take as directed' })).toBe('Take as directed'));
    it('shows nothing for an empty dosage', () => {
      expect(formatDosage({})).toBe('');
      expect(formatDosage(undefined)).toBe('');
    });
  });
});
