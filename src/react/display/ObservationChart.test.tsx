import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ObservationSeries } from '../../fhir';
import { ObservationChart, summarizeSeries } from './ObservationChart';

const series: ObservationSeries[] = [
  {
    label: 'Diastolic',
    points: [
      { date: '2024-05-01T10:00:00Z', value: 82 },
      { date: '2024-06-01T10:00:00Z', value: 80 },
    ],
  },
  {
    label: 'Systolic',
    points: [
      { date: '2024-05-01T10:00:00Z', value: 132 },
      { date: '2024-06-01T10:00:00Z', value: 128 },
    ],
  },
];

// jsdom has no ResizeObserver; the tooltip measures itself with one (Chromium runs the real one in the stories).
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('ObservationChart', () => {
  it('is named by its title, summarised for screen readers, with the legend and the data as a table', async () => {
    render(<ObservationChart title="Blood Pressure" series={series} unit="mm[Hg]" width={600} locale="en-US" />);
    const figure = screen.getByRole('figure', { name: 'Blood Pressure' });
    expect(figure).toHaveAccessibleDescription(
      'Diastolic: 2 measurements from May 1, 2024, 10:00 AM to Jun 1, 2024, 10:00 AM, lowest 80 mmHg, highest 82 mmHg, latest 80 mmHg. ' +
        'Systolic: 2 measurements from May 1, 2024, 10:00 AM to Jun 1, 2024, 10:00 AM, lowest 128 mmHg, highest 132 mmHg, latest 128 mmHg.'
    );
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['Diastolic', 'Systolic']);
    await userEvent.click(screen.getByText('Show the data as a table'));
    const table = await screen.findByRole('table', { name: 'Blood Pressure' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent)
    ).toEqual(['DateDiastolic (mmHg)Systolic (mmHg)', 'May 1, 2024, 10:00 AM82132', 'Jun 1, 2024, 10:00 AM80128']);
    // The drawing arrives on demand and draws one line per series.
    await waitFor(
      () => expect(figure.querySelectorAll('path[stroke="#0f766e"], path[stroke="#b91c1c"]')).toHaveLength(2),
      { timeout: 5000 }
    );
  });

  it("is described by its summary and the caller's aria-describedby together", () => {
    render(
      <>
        <p id="outside-hint">Measured at home.</p>
        <ObservationChart title="Weight" series={series} locale="en-US" aria-describedby="outside-hint" />
      </>
    );
    // The chart's own summary first, then the caller's description.
    expect(screen.getByRole('figure', { name: 'Weight' })).toHaveAccessibleDescription(
      /^Diastolic: 2 measurements .* Measured at home\.$/
    );
  });

  it('reads each point out as the arrow keys move along the chart', async () => {
    const user = userEvent.setup();
    render(<ObservationChart title="Blood Pressure" series={series} unit="mm[Hg]" width={600} locale="en-US" />);
    const plot = screen.getByRole('group', { name: /Blood Pressure chart\. Use the left and right arrow keys/ });
    await user.tab();
    expect(plot).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('May 1, 2024, 10:00 AM: Diastolic 82 mmHg, Systolic 132 mmHg')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('Jun 1, 2024, 10:00 AM: Diastolic 80 mmHg, Systolic 128 mmHg')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('May 1, 2024, 10:00 AM: Diastolic 82 mmHg, Systolic 132 mmHg')).toBeInTheDocument();
  });

  it('keeps the first keyboard tooltip open (a hide asked for at mount must not close it)', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <ObservationChart title="Blood Pressure" series={series} unit="mm[Hg]" width={600} locale="en-US" />
    );
    await waitFor(() => expect(container.querySelectorAll('path[stroke="#0f766e"]')).toHaveLength(1), {
      timeout: 5000,
    });
    await user.tab();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent('132'));
    // visx hides 400 ms after a hide call; the first tooltip closed exactly then.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent('132');
  });

  it('shows the point nearest the pointer, every series at its date, and hides when the pointer leaves', async () => {
    const { container } = render(
      <ObservationChart title="Blood Pressure" series={series} unit="mm[Hg]" width={600} locale="en-US" />
    );
    await waitFor(() => expect(container.querySelectorAll('path[stroke="#0f766e"]')).toHaveLength(1), {
      timeout: 5000,
    });
    const svg = container.querySelector('svg')!;
    // The time axis runs from x 56 (May 1) to x 576 (Jun 1).
    fireEvent.pointerMove(svg, { clientX: 500, clientY: 100 });
    expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent(
      'Jun 1, 2024Diastolic: 80 mmHgSystolic: 128 mmHg'
    );
    fireEvent.pointerMove(svg, { clientX: 120, clientY: 100 });
    expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent(
      'May 1, 2024Diastolic: 82 mmHgSystolic: 132 mmHg'
    );
    fireEvent.pointerLeave(svg);
    expect(document.querySelector('.fpk-chart-tooltip')).toBeNull();
  });

  describe("when the series are blood pressure's, coded systolic and diastolic", () => {
    const coded: ObservationSeries[] = [
      { ...series[0], code: '8462-4' },
      { ...series[1], code: '8480-6' },
    ];

    it('reads each time as one value, systolic over diastolic, in the tooltip and to screen readers', async () => {
      const user = userEvent.setup();
      const { container } = render(
        <ObservationChart title="Blood Pressure" series={coded} unit="mm[Hg]" width={600} locale="en-US" />
      );
      await waitFor(() => expect(container.querySelectorAll('path[stroke="#0f766e"]')).toHaveLength(1), {
        timeout: 5000,
      });
      fireEvent.pointerMove(container.querySelector('svg')!, { clientX: 500, clientY: 100 });
      expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent(/^Jun 1, 2024128\/80 mmHg$/);
      fireEvent.pointerLeave(container.querySelector('svg')!);
      await user.tab();
      await user.keyboard('{ArrowRight}');
      expect(screen.getByText('May 1, 2024, 10:00 AM: 132/82 mmHg')).toBeInTheDocument();
      expect(document.querySelector('.fpk-chart-tooltip')).toHaveTextContent(/^May 1, 2024132\/82 mmHg$/);
    });
  });

  describe('when it reads right to left', () => {
    const weight: ObservationSeries[] = [
      {
        label: 'Weight',
        points: [
          { date: '2024-05-01T10:00:00Z', value: 70 },
          { date: '2024-06-01T10:00:00Z', value: 72 },
        ],
      },
    ];
    /** The x of each point of the drawn line, in the series' (time) order. */
    const pointXs = (container: HTMLElement) =>
      [...(container.querySelector('path[stroke="#0f766e"]')?.getAttribute('d') ?? '').matchAll(/[ML]([\d.]+),/g)].map(
        (m) => Number(m[1])
      );
    const drawn = (container: HTMLElement) =>
      waitFor(() => expect(pointXs(container)).toHaveLength(2), { timeout: 5000 });

    it.each([
      ['an Arabic locale', { locale: 'ar' }],
      ['dir="rtl"', { locale: 'en-US', dir: 'rtl' }],
    ] as const)('under %s runs time leftwards from the right edge, with the y axis on the right', async (_, props) => {
      const { container } = render(<ObservationChart title="Weight" series={weight} width={600} {...props} />);
      await drawn(container);
      // The oldest point at the right end of the time axis (600 - 56), the newest at its left (24).
      expect(pointXs(container)).toEqual([544, 24]);
      expect(container.querySelector('.visx-axis-left')).toBeNull();
      expect(container.querySelector('.visx-axis-right')).toHaveAttribute('transform', 'translate(544, 0)');
      expect(screen.getByRole('figure', { name: 'Weight' })).toHaveAttribute('dir', 'rtl');
    });

    it('runs time rightwards, y axis on the left, in a left-to-right locale', async () => {
      const { container } = render(<ObservationChart title="Weight" series={weight} width={600} locale="es-US" />);
      await drawn(container);
      expect(pointXs(container)).toEqual([56, 576]);
      expect(container.querySelector('.visx-axis-right')).toBeNull();
      expect(container.querySelector('.visx-axis-left')).toHaveAttribute('transform', 'translate(56, 0)');
    });

    it('moves to the newer point with the left arrow, the way time runs', async () => {
      const user = userEvent.setup();
      render(<ObservationChart title="Weight" series={weight} unit="kg" width={600} locale="en-US" dir="rtl" />);
      await user.tab();
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByText('May 1, 2024, 10:00 AM: Weight 70 kg')).toBeInTheDocument();
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByText('Jun 1, 2024, 10:00 AM: Weight 72 kg')).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(screen.getByText('May 1, 2024, 10:00 AM: Weight 70 kg')).toBeInTheDocument();
    });
  });

  describe('when there are no measurements', () => {
    it('says so and draws nothing', () => {
      render(<ObservationChart title="Weight" series={[{ label: 'Weight', points: [] }]} unit="lbs" />);
      expect(screen.getByText('No measurements yet')).toBeInTheDocument();
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      expect(summarizeSeries([{ label: 'Weight', points: [] }], 'lbs')).toBe('');
    });
  });
});
