// The page bench:chart drives: renders the real ObservationChart (its visx chunk preloaded, so the
// figure is drawing, not downloading) and measures from render to the painted frame.
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ObservationChart, preloadObservationChart } from '../../src/react/display/ObservationChart';
import '../../src/styles/styles.css';
import '../../src/styles/display.css';

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function series(count: number) {
  const start = Date.UTC(2020, 0, 1);
  return [
    {
      label: 'Systolic',
      points: Array.from({ length: count }, (_, i) => ({
        date: new Date(start + i * 3_600_000).toISOString(),
        value: 120 + 10 * Math.sin(i / 15),
      })),
    },
  ];
}

let root: Root | undefined;

declare global {
  interface Window {
    renderChart: (points: number) => Promise<number>;
    hoverChart: (moves: number) => Promise<number[]>;
  }
}

window.renderChart = async (points) => {
  await preloadObservationChart();
  root?.unmount();
  const container = document.getElementById('root')!;
  container.innerHTML = '';
  root = createRoot(container);
  const data = series(points);
  const t0 = performance.now();
  flushSync(() =>
    root!.render(<ObservationChart title="Systolic" series={data} unit="mm[Hg]" width={800} height={320} />)
  );
  while (!container.querySelector('svg path[stroke]')) await new Promise((r) => requestAnimationFrame(r));
  await nextPaint();
  return performance.now() - t0;
};

// The tooltip moved point by point by keyboard (ArrowRight on the plot): the same tooltip render a
// pointer hover makes (the pointer finds its point by binary search, then renders the same way).
window.hoverChart = async (moves) => {
  const plot = document.querySelector<HTMLElement>('#root .fpk-chart-plot')!;
  plot.focus();
  const costs: number[] = [];
  for (let i = 0; i < moves; i++) {
    const t0 = performance.now();
    plot.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    let frames = 0;
    do {
      await nextPaint();
    } while (!document.querySelector('.fpk-chart-tooltip') && ++frames < 30);
    if (!document.querySelector('.fpk-chart-tooltip')) throw new Error('no tooltip');
    costs.push(performance.now() - t0);
  }
  return costs;
};
