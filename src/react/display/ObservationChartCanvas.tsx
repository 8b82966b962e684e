// The drawn part of ObservationChart, with the visx primitives (scales, one LinePath per series,
// axes, grid rows). Its own chunk: ObservationChart loads it on demand, so a page without a chart
// never downloads visx. The lines, grid and axes are drawn once per data and size; a tooltip move
// re-renders only the crosshair, the point markers and the tooltip, and finds its point with a
// binary search over the sorted times rather than a pass over every point.
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { ObservationSeries } from '../../fhir';
import { fitDateTicks } from './chartDateTicks';
import { chartYDomain, type ChartYMin } from './chartYDomain';
import {
  MARGIN,
  RTL_MARGIN,
  type Margin,
  NUM_TICKS,
  TOOLTIP_OFFSET,
  TEXT_DARK,
  GRID,
  AXIS_LABEL,
  measureTickLabel,
  BOTTOM_TICK_LABEL,
  RTL_BOTTOM_TICK_LABEL,
  LEFT_TICK_LABEL,
  RIGHT_TICK_LABEL,
  RIGHT_AXIS_LABEL,
  TOOLTIP_STYLE,
} from './chartStyle';

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
  /** Where the y axis starts: see ObservationChartProps.yMin. */
  readonly yMin: ChartYMin;
  /** Index of the point the keyboard is on, or undefined. */
  readonly focusIndex?: number;
  /** Formats a date for the axis and tooltip. */
  readonly formatDate: (date: Date) => string;
  /** Formats a value for the tooltip. */
  readonly formatValue: (value: number) => string;
  /**
   * One line for the values at the tooltip's time (by series label) instead of one line per
   * series, e.g. blood pressure's '132/82 mmHg'; '' falls back to the lines.
   */
  readonly formatReading?: (values: ReadonlyMap<string, number>) => string;
  /** Right to left: time runs leftwards (newest at the left), the y axis sits on the right. */
  readonly rtl?: boolean;
}

interface DrawnSeries {
  readonly key: string;
  readonly color: string;
  readonly points: readonly ChartDatum[];
  /** The points' times in ms, ascending: what the pointer's nearest point is searched in. */
  readonly times: Float64Array;
}

/** The index in ascending `times` nearest to `t` (binary search). */
function nearestIndex(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && t - times[lo - 1] <= times[lo] - t ? lo - 1 : lo;
}

/** The container's width, kept up to date, when no fixed width is given. */
function useContainerWidth(fixed: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fixed !== undefined || !element) return;
    setMeasured(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setMeasured(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [fixed]);
  return [ref, fixed ?? measured] as const;
}

type XScale = ReturnType<typeof scaleTime<number>>;
type YScale = ReturnType<typeof scaleLinear<number>>;

/** The still part: grid rows, axes and one path per series. Redrawn only when data or size change. */
const Plot = memo(function Plot({
  data,
  xScale,
  xTicks,
  yScale,
  width,
  height,
  unit,
  formatDate,
  margin,
  rtl,
}: {
  data: readonly DrawnSeries[];
  xScale: XScale;
  xTicks: readonly Date[];
  yScale: YScale;
  width: number;
  height: number;
  unit?: string;
  formatDate: (date: Date) => string;
  margin: Margin;
  rtl: boolean;
}) {
  const bottom = height - margin.bottom;
  const YAxis = rtl ? AxisRight : AxisLeft;
  return (
    <>
      <GridRows
        scale={yScale}
        left={margin.left}
        width={width - margin.left - margin.right}
        numTicks={NUM_TICKS}
        stroke="#e5e7eb"
        strokeWidth={1}
      />
      <AxisBottom
        top={bottom}
        scale={xScale}
        tickValues={xTicks as Date[]}
        tickFormat={(d) => formatDate(d instanceof Date ? d : new Date(Number(d)))}
        stroke={TEXT_DARK}
        strokeWidth={2}
        tickLength={4}
        tickStroke={GRID}
        tickLabelProps={rtl ? RTL_BOTTOM_TICK_LABEL : BOTTOM_TICK_LABEL}
      />
      <YAxis
        left={rtl ? width - margin.right : margin.left}
        scale={yScale}
        numTicks={NUM_TICKS}
        label={unit}
        labelProps={rtl ? RIGHT_AXIS_LABEL : AXIS_LABEL}
        labelOffset={14}
        stroke={GRID}
        strokeWidth={1}
        tickLength={4}
        tickStroke={GRID}
        tickLabelProps={rtl ? RIGHT_TICK_LABEL : LEFT_TICK_LABEL}
      />
      {data.map((d) => (
        <LinePath<ChartDatum>
          key={d.key}
          data={d.points as ChartDatum[]}
          x={(p) => xScale(p.x)}
          y={(p) => yScale(p.y)}
          stroke={d.color}
          strokeWidth={2}
          fill="transparent"
          strokeLinecap="round"
        />
      ))}
    </>
  );
});

/** The line chart: one line per series, a time axis, a y axis from yMin, a tooltip on hover and on keyboard focus. */
export function ObservationChartCanvas({
  series,
  colors,
  height,
  width: fixedWidth,
  unit,
  yMin,
  focusIndex,
  formatDate,
  formatValue,
  formatReading,
  rtl = false,
}: ObservationChartCanvasProps) {
  const [containerRef, width] = useContainerWidth(fixedWidth);
  const margin = rtl ? RTL_MARGIN : MARGIN;
  const data = useMemo<DrawnSeries[]>(
    () =>
      series
        .map((s, i) => {
          let points = s.points.map((p) => ({ x: new Date(p.date), y: p.value, date: p.date }));
          // Points come oldest first; a series that does not is sorted once here, not searched wrong.
          if (points.some((p, j) => j > 0 && p.x.getTime() < points[j - 1].x.getTime())) {
            points = [...points].sort((a, b) => a.x.getTime() - b.x.getTime());
          }
          return {
            key: s.label,
            color: colors[i % colors.length],
            points,
            times: Float64Array.from(points, (p) => p.x.getTime()),
          };
        })
        .filter((d) => d.points.length),
    [series, colors]
  );
  const scales = useMemo(() => {
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const d of data) {
      minX = Math.min(minX, d.times[0]);
      maxX = Math.max(maxX, d.times[d.times.length - 1]);
      for (const p of d.points) {
        if (p.y < minY) minY = p.y;
        if (p.y > maxY) maxY = p.y;
      }
    }
    const xScale = scaleTime<number>({
      domain: [new Date(minX), new Date(maxX)],
      // Right to left the oldest point sits at the right edge.
      range: rtl ? [width - margin.right, margin.left] : [margin.left, width - margin.right],
    });
    return {
      xScale,
      xTicks: width > 0 ? fitDateTicks(xScale, width, formatDate, measureTickLabel) : [],
      yScale: scaleLinear<number>({
        domain: chartYDomain(minY, maxY, yMin),
        range: [height - margin.bottom, margin.top],
        nice: true,
      }),
    };
  }, [data, width, height, yMin, formatDate, rtl, margin]);
  const { xScale, xTicks, yScale } = scales;

  // The pointer's point; the keyboard's (focusIndex) takes over whenever it moves.
  const [pointer, setPointer] = useState<{ index: number; key: string } | undefined>();
  const [lastFocus, setLastFocus] = useState(focusIndex);
  if (lastFocus !== focusIndex) {
    setLastFocus(focusIndex);
    setPointer(undefined);
  }

  const onPointerMove = useCallback(
    (event: PointerEvent<SVGSVGElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      const px = event.clientX - box.left;
      const py = event.clientY - box.top;
      const t = xScale.invert(px).getTime();
      // The series whose nearest point (by time) lies nearest the pointer gives the date.
      let best: { index: number; key: string; distance: number } | undefined;
      for (const d of data) {
        const index = nearestIndex(d.times, t);
        const p = d.points[index];
        const distance = Math.hypot(xScale(p.x) - px, yScale(p.y) - py);
        if (!best || distance < best.distance) best = { index, key: d.key, distance };
      }
      setPointer((current) =>
        best && (current?.index !== best.index || current.key !== best.key)
          ? { index: best.index, key: best.key }
          : current
      );
    },
    [data, xScale, yScale]
  );
  const onPointerLeave = useCallback(() => setPointer(undefined), []);

  // What the tooltip shows: the nearest point and, for each series, its point at that time.
  const tooltip = useMemo(() => {
    if (!data.length || (!pointer && focusIndex === undefined)) return undefined;
    let anchor: ChartDatum;
    let values: { key: string; color: string; datum: ChartDatum }[];
    if (pointer) {
      const nearest = data.find((d) => d.key === pointer.key) ?? data[0];
      anchor = nearest.points[Math.min(pointer.index, nearest.points.length - 1)];
      const t = anchor.x.getTime();
      values = data.map((d) => ({
        key: d.key,
        color: d.color,
        datum: d === nearest ? anchor : d.points[nearestIndex(d.times, t)],
      }));
    } else {
      const index = focusIndex!;
      values = data.map((d) => ({ key: d.key, color: d.color, datum: d.points[Math.min(index, d.points.length - 1)] }));
      anchor = values[0].datum;
    }
    return { anchor, values };
  }, [data, pointer, focusIndex]);

  const reading = tooltip && formatReading ? formatReading(new Map(tooltip.values.map((v) => [v.key, v.datum.y]))) : '';

  // Below its point on the side time runs to (right, or left right to left), flipped to the other
  // side where it would leave the window.
  const tooltipRef = useRef<HTMLDivElement>(null);
  const anchorX = tooltip ? xScale(tooltip.anchor.x) : 0;
  const anchorY = tooltip ? yScale(tooltip.anchor.y) : 0;
  useLayoutEffect(() => {
    const element = tooltipRef.current;
    const container = containerRef.current;
    if (!element || !container) return;
    const { offsetWidth, offsetHeight } = element;
    const box = container.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    const before = anchorX - TOOLTIP_OFFSET - offsetWidth;
    const after = anchorX + TOOLTIP_OFFSET;
    const left = rtl
      ? box.left + before < 0
        ? after
        : before
      : box.left + after + offsetWidth > clientWidth
        ? before
        : after;
    const top =
      box.top + anchorY + TOOLTIP_OFFSET + offsetHeight > clientHeight
        ? anchorY - TOOLTIP_OFFSET - offsetHeight
        : anchorY + TOOLTIP_OFFSET;
    element.style.transform = `translate(${left}px, ${top}px)`;
  });

  return (
    <div ref={containerRef} style={{ position: 'relative', width: fixedWidth ?? '100%', height }}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          onPointerLeave={onPointerLeave}
          // text-anchor start/end follow the text's direction; the axes give theirs as drawn, left to right.
          style={{ display: 'block', touchAction: 'pan-y', direction: 'ltr' }}
        >
          <Plot
            data={data}
            xScale={xScale}
            xTicks={xTicks}
            yScale={yScale}
            width={width}
            height={height}
            unit={unit}
            formatDate={formatDate}
            margin={margin}
            rtl={rtl}
          />
          {tooltip && (
            <g pointerEvents="none">
              <line
                x1={anchorX}
                x2={anchorX}
                y1={margin.top}
                y2={height - margin.bottom}
                stroke={GRID}
                strokeWidth={1.5}
              />
              {tooltip.values.map(({ key, color, datum }) => (
                <circle
                  key={key}
                  cx={xScale(datum.x)}
                  cy={yScale(datum.y)}
                  r={4}
                  fill={color}
                  stroke="#fff"
                  strokeWidth={1.5}
                  paintOrder="fill"
                />
              ))}
            </g>
          )}
        </svg>
      )}
      {tooltip && width > 0 && (
        <div ref={tooltipRef} className="fpk-chart-tooltip" style={TOOLTIP_STYLE}>
          {/* Values, units and dates keep their own direction inside right-to-left text ('132/82 mmHg'). */}
          <strong>
            <bdi>{formatDate(tooltip.anchor.x)}</bdi>
          </strong>
          {reading ? (
            <div>
              <bdi>{reading}</bdi>
            </div>
          ) : (
            tooltip.values.map(({ key, color, datum }) => (
              <div key={key} style={{ color }}>
                {key}: <bdi>{formatValue(datum.y)}</bdi>
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
