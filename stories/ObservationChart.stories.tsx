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
  args: { title: 'Blood Pressure', series: bloodPressure, unit: 'mm[Hg]', locale: 'en-US' },
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

/** The x axis' date labels of the drawn chart, once drawn. */
async function dateLabels(canvasElement: HTMLElement) {
  await waitFor(
    () => expect(canvasElement.querySelectorAll('.visx-axis-bottom .visx-axis-tick text').length).toBeGreaterThan(1),
    { timeout: 5000 }
  );
  return [...canvasElement.querySelectorAll<SVGTextElement>('.visx-axis-bottom .visx-axis-tick text')];
}

/** Fails when two date labels overlap or one is cut off at the chart's edge. */
async function expectDateLabelsApart(canvasElement: HTMLElement) {
  const labels = await dateLabels(canvasElement);
  const svg = canvasElement.querySelector('svg')!.getBoundingClientRect();
  const boxes = labels.map((label) => ({ text: label.textContent, box: label.getBoundingClientRect() }));
  for (let i = 1; i < boxes.length; i++) {
    const [a, b] = [boxes[i - 1], boxes[i]];
    await expect({ pair: [a.text, b.text], apart: a.box.right <= b.box.left }).toEqual({
      pair: [a.text, b.text],
      apart: true,
    });
  }
  for (const { text, box } of boxes) {
    await expect({ text, left: box.left >= svg.left, right: box.right <= svg.right }).toEqual({
      text,
      left: true,
      right: true,
    });
  }
}

/** A phone 320 px wide: the chart fills it and shows only as many dates as fit side by side. */
export const Narrow320: Story = {
  args: { width: undefined },
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await expectDateLabelsApart(canvasElement);
  },
};

/** A phone 390 px wide. */
export const Narrow390: Story = {
  args: { width: undefined },
  decorators: [(Story) => <div style={{ width: 390 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await expectDateLabelsApart(canvasElement);
  },
};

const temperature: ObservationSeries[] = [
  {
    label: 'Body Temperature',
    points: points(12, 0, 0).map((p, i) => ({ ...p, value: [36.6, 36.9, 37.2, 36.5, 36.8, 37.4][i % 6] })),
  },
];

/** Where no rule fixes the axis at 0, `yMin="auto"` fits it to the data: a temperature's changes show. */
export const FittedYAxis: Story = {
  args: { title: 'Body Temperature', series: temperature, unit: 'Cel', yMin: 'auto' },
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(canvasElement.querySelectorAll('svg path[stroke="#0f766e"]').length).toBeGreaterThan(0),
      { timeout: 5000 }
    );
    const yLabels = [...canvasElement.querySelectorAll('.visx-axis-left .visx-axis-tick text')].map((t) =>
      Number(t.textContent)
    );
    // The axis starts just under the lowest reading (36.5), not at 0.
    await expect(Math.min(...yLabels)).toBeGreaterThan(36);
    await expect(Math.min(...yLabels)).toBeLessThanOrEqual(36.5);
    // The line uses most of the plot's height instead of lying flat along its top.
    const line = canvasElement.querySelector('svg path[stroke="#0f766e"]')!.getBoundingClientRect();
    await expect(line.height).toBeGreaterThan(300 / 2);
  },
};

/** The default: the y axis from 0, as the portal spec asks of the vitals chart; the same readings lie flat. */
export const YAxisFromZero: Story = {
  args: { title: 'Body Temperature', series: temperature, unit: 'Cel' },
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(canvasElement.querySelectorAll('svg path[stroke="#0f766e"]').length).toBeGreaterThan(0),
      { timeout: 5000 }
    );
    const yLabels = [...canvasElement.querySelectorAll('.visx-axis-left .visx-axis-tick text')].map((t) =>
      Number(t.textContent)
    );
    await expect(Math.min(...yLabels)).toBe(0);
    const line = canvasElement.querySelector('svg path[stroke="#0f766e"]')!.getBoundingClientRect();
    await expect(line.height).toBeLessThan(300 / 10);
  },
};
