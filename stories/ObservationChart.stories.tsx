import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ObservationSeries } from '../src/fhir';
import { ObservationChart } from '../src/react/display';

const points = (count: number, base: number, amplitude: number) =>
  Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.UTC(2024, 0, 1) + i * 21 * 86_400_000).toISOString(),
    value: Math.round(base + amplitude * Math.sin(i * 0.8)),
  }));

// Coded as getVitalSeries codes them (LOINC diastolic and systolic), so the chart reads a time's
// values as one blood pressure.
const bloodPressure: ObservationSeries[] = [
  { label: 'Diastolic', code: '8462-4', points: points(36, 82, 4) },
  { label: 'Systolic', code: '8480-6', points: points(36, 132, 6) },
];

const meta = {
  title: 'Display/ObservationChart',
  component: ObservationChart,
  args: { title: 'Blood Pressure', series: bloodPressure, unit: 'mm[Hg]', locale: 'en-US', width: 640 },
} satisfies Meta<typeof ObservationChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Two series, legend at the bottom, y axis from 0; arrow keys move the tooltip, which reads
 * blood pressure as one value, systolic over diastolic.
 */
export const BloodPressure: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('figure', { name: 'Blood Pressure' })).toHaveAccessibleDescription(
      /Systolic: 36 measurements/
    );
    // The unit is given as the UCUM code mm[Hg] and reads mmHg.
    await expect(canvas.getByRole('figure', { name: 'Blood Pressure' })).toHaveAccessibleDescription(
      /latest [\d.,]+ mmHg/
    );
    await waitFor(
      () => expect(canvasElement.querySelectorAll('svg path[stroke="#0f766e"]').length).toBeGreaterThan(0),
      { timeout: 5000 }
    );
    // The y axis starts at 0.
    await expect(canvas.getAllByText('0', { selector: 'tspan' }).length).toBeGreaterThan(0);
    canvas.getByRole('group', { name: /Use the left and right arrow keys/ }).focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.querySelector('.fpk-chart-tooltip')).not.toBeNull());
    const last = { systolic: points(36, 132, 6)[35].value, diastolic: points(36, 82, 4)[35].value };
    await expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent(
      `${last.systolic}/${last.diastolic} mmHg`
    );
  },
};

/** One series. */
export const HeartRate: Story = {
  args: { title: 'Heart Rate', series: [{ label: 'Heart Rate', points: points(24, 72, 5) }], unit: 'beats/minute' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByText('Show the data as a table'));
    await expect(within(canvasElement).getAllByRole('row')).toHaveLength(25);
  },
};

/** No measurements yet. */
export const Empty: Story = {
  args: { title: 'Weight', series: [{ label: 'Weight', points: [] }], unit: 'lbs' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No measurements yet')).toBeInTheDocument();
  },
};

/** A thousand points: still one path per series (bench:chart measures up to 5,000). */
export const ManyPoints: Story = {
  args: { title: 'Heart Rate', series: [{ label: 'Heart Rate', points: points(1000, 72, 8) }], unit: 'beats/minute' },
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(canvasElement.querySelectorAll('svg path[stroke="#0f766e"]').length).toBeGreaterThan(0),
      { timeout: 5000 }
    );
  },
};
