// The drawn part of ObservationChart, with @visx/xychart. Its own chunk: ObservationChart loads
// it on demand, so a page without a chart never downloads visx.
import { Axis, DataContext, Grid, LineSeries, Tooltip, TooltipContext, XYChart } from '@visx/xychart';
import { useContext, useEffect, useMemo, useRef } from 'react';
import type { ObservationSeries } from '../../fhir';

/** One drawn point: the time as a Date, once, rather than a parse per pointer move. */
export interface ChartDatum {
  readonly x: Date;
  readonly y: number;
  readonly date: string;
}

/** Props of {@link ObservationChartCanvas}; ObservationChart passes them. */
export interface ObservationChartCanvasProps {
  readonly series: readonly ObservationSeries[];
  /** The series' colours, by position. */
  readonly colors: readonly string[];
  readonly height: number;
  /** Fixed width; the container's width when absent. */
  readonly width?: number;
  /** The y axis label (the unit). */
  readonly unit?: string;
  /** Index of the point the keyboard is on, or undefined. */
  readonly focusIndex?: number;
  /** Formats a date for the axis and tooltip. */
  readonly formatDate: (date: Date) => string;
  /** Formats a value for the tooltip. */
  readonly formatValue: (value: number) => string;
}

const MARGIN = { top: 16, right: 24, bottom: 40, left: 56 };

/** Shows the tooltip for the keyboard's point, as a pointer would. */
function KeyboardTooltip({ data, index }: { data: { key: string; points: ChartDatum[] }[]; index?: number }) {
  const { xScale, yScale } = useContext(DataContext);
  const tooltip = useContext(TooltipContext);
  const { showTooltip, hideTooltip } = tooltip ?? {};
  // Hide only what the keyboard showed. visx's hideTooltip is debounced and each call replaces
  // the pending one, so a hide asked for while nothing was shown (at mount, when the scales
  // settle) could no longer be cancelled and closed the first keyboard tooltip 400 ms later.
  const shown = useRef(false);
  useEffect(() => {
    if (index === undefined || !xScale || !yScale || !showTooltip) {
      if (shown.current) hideTooltip?.();
      shown.current = false;
      return;
    }
    shown.current = true;
    for (const { key, points } of data) {
      const datum = points[Math.min(index, points.length - 1)];
      if (!datum) continue;
      showTooltip({
        key,
        datum,
        index,
        svgPoint: { x: Number(xScale(datum.x)), y: Number(yScale(datum.y)) },
        distanceX: 0,
        distanceY: 0,
      });
    }
  }, [data, index, xScale, yScale, showTooltip, hideTooltip]);
  return null;
}

/** The line chart: one line per series, a time axis, a y axis from 0, a tooltip on hover and on keyboard focus. */
export function ObservationChartCanvas({
  series,
  colors,
  height,
  width,
  unit,
  focusIndex,
  formatDate,
  formatValue,
}: ObservationChartCanvasProps) {
  const data = useMemo(
    () =>
      series.map((s) => ({
        key: s.label,
        points: s.points.map((p) => ({ x: new Date(p.date), y: p.value, date: p.date })),
      })),
    [series]
  );
  const colorOf = useMemo(() => new Map(data.map((d, i) => [d.key, colors[i % colors.length]])), [data, colors]);
  return (
    <XYChart
      height={height}
      width={width}
      margin={MARGIN}
      xScale={{ type: 'time' }}
      yScale={{ type: 'linear', zero: true, nice: true }}
    >
      <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e5e7eb' }} />
      <Axis orientation="bottom" numTicks={5} tickFormat={(d: Date) => formatDate(d)} />
      <Axis orientation="left" numTicks={5} label={unit} />
      {data.map((d) => (
        <LineSeries
          key={d.key}
          dataKey={d.key}
          data={d.points}
          xAccessor={(p: ChartDatum) => p.x}
          yAccessor={(p: ChartDatum) => p.y}
          colorAccessor={() => colorOf.get(d.key)}
          strokeWidth={2}
        />
      ))}
      <Tooltip<ChartDatum>
        snapTooltipToDatumX
        snapTooltipToDatumY
        showVerticalCrosshair
        showSeriesGlyphs
        className="fpk-chart-tooltip"
        renderTooltip={({ tooltipData }) => {
          const nearest = tooltipData?.nearestDatum?.datum;
          if (!nearest) return null;
          return (
            <div>
              <strong>{formatDate(nearest.x)}</strong>
              {Object.entries(tooltipData.datumByKey).map(([key, { datum }]) => (
                <div key={key} style={{ color: colorOf.get(key) }}>
                  {key}: {formatValue(datum.y)}
                </div>
              ))}
            </div>
          );
        }}
      />
      <KeyboardTooltip data={data} index={focusIndex} />
    </XYChart>
  );
}
