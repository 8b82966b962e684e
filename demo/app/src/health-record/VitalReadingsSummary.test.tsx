import { render, screen } from '@testing-library/react';
import { getVitalSign, type ObservationSeries } from 'fhir-portal-kit';
import { describe, expect, it } from 'vitest';
import { VitalReadingsSummary } from './VitalReadingsSummary';

const readings = (label: string, values: number[]): ObservationSeries => ({
  label,
  points: values.map((value, i) => ({ date: new Date(Date.UTC(2024, i, 1)).toISOString(), value })),
});

/** What the summary reads, term by term: 'Latest: 36.8 °C'. */
function shown() {
  const terms = screen.queryAllByRole('term');
  return terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('VitalReadingsSummary', () => {
  it("shows a temperature's latest reading and its range, in the unit people write", () => {
    render(
      <VitalReadingsSummary
        vital={getVitalSign('body-temperature')!}
        series={[readings('Body Temperature', [36.5, 37.4, 36.8])]}
      />
    );
    expect(shown()).toEqual(['Latest: 36.8 °C', 'Range: 36.5–37.4 °C']);
  });

  it('shows a height that did not change as one value', () => {
    render(<VitalReadingsSummary vital={getVitalSign('height')!} series={[readings('Height', [68, 68])]} />);
    expect(shown()).toEqual(['Latest: 68 in', 'Range: 68 in']);
  });

  it('names each series of blood pressure, systolic first', () => {
    render(
      <VitalReadingsSummary
        vital={getVitalSign('blood-pressure')!}
        series={[readings('Diastolic', [82, 78]), readings('Systolic', [132, 121])]}
      />
    );
    expect(shown()).toEqual([
      'Systolic latest: 121 mmHg',
      'Systolic range: 121–132 mmHg',
      'Diastolic latest: 78 mmHg',
      'Diastolic range: 78–82 mmHg',
    ]);
  });

  describe('when there are no readings', () => {
    it('shows nothing', () => {
      render(<VitalReadingsSummary vital={getVitalSign('height')!} series={[readings('Height', [])]} />);
      expect(shown()).toEqual([]);
    });
  });
});
