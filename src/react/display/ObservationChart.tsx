import { forwardRef, lazy, Suspense, useId, useMemo, useState, type HTMLAttributes, type KeyboardEvent } from 'react';
import {
  DIASTOLIC_CODE,
  formatBloodPressure,
  formatDateTime,
  formatNumber,
  formatUnit,
  SYSTOLIC_CODE,
  type ObservationSeries,
} from '../../fhir';
import { chartDirection } from './chartDirection';
import type { ChartYMin } from './chartYDomain';
import { fillTemplate } from './fillTemplate';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

export type { ChartYMin } from './chartYDomain';

/** Every text the chart shows or reads out; `{…}` are filled in. */
export interface ObservationChartMessages {
  /** Read out on reaching the plot: how to use it. */
  readonly keyboardHint: string;
  /** One series in the summary. */
  readonly seriesSummary: string;
  /** Shown while the chart's code loads. */
  readonly loading: string;
  /** Shown when no series has a point. */
  readonly noData: string;
  /** Opens the data table. */
  readonly showTable: string;
  /** The date column of the data table. */
  readonly date: string;
}

/** The default English texts. */
export const defaultObservationChartMessages: ObservationChartMessages = {
  keyboardHint: '{title} chart. Use the left and right arrow keys to read each measurement.',
  seriesSummary: '{label}: {count} measurements from {first} to {last}, lowest {min}, highest {max}, latest {latest}.',
  loading: 'Loading chart…',
  noData: 'No measurements yet',
  showTable: 'Show the data as a table',
  date: 'Date',
};

/** The parts of the chart, each given the class `fpk-${slot}`. */
export type ObservationChartSlot = 'chart' | 'chart-plot' | 'chart-legend' | 'chart-table' | 'chart-empty';

/** Props of {@link ObservationChart}. */
export interface ObservationChartProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** What the chart shows; its accessible name ('Heart Rate'). */
  readonly title: string;
  /** The lines to draw, points oldest first (getVitalSeries makes them from observations). */
  readonly series: readonly ObservationSeries[];
  /** The unit of every value, the y axis label; a UCUM code reads as people write it ('mm[Hg]' → 'mmHg'). */
  readonly unit?: string;
  /** Height of the plot in px. Default 300. */
  readonly height?: number;
  /** Fixed width in px; by default the chart fills its container. Either way the x axis labels as many dates as fit. */
  readonly width?: number;
  /**
   * Where the y axis starts. Default 0, which the portal spec asks of the vitals chart. A number
   * starts it there (lower if a value lies below it, so no point is cut off); `'auto'` fits it to
   * the data, a little under the lowest value, so a value that moves little (a temperature, an
   * adult's height) shows its changes rather than a flat line. Use `'auto'` only where no rule
   * fixes the axis at 0: a line that does not start at 0 makes small changes look large.
   */
  readonly yMin?: ChartYMin;
  /** Line colours by series position; each at least 3:1 on white. */
  readonly colors?: readonly string[];
  /** Offer the data as a table under the chart. Default true; turn off when the page shows its own. */
  readonly showTable?: boolean;
  /** Dates and numbers in this locale; the provider's, else the browser's, by default. */
  readonly locale?: Intl.LocalesArgument;
  /** Replaces the texts. */
  readonly messages?: Partial<ObservationChartMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<ObservationChartSlot>;
}

/**
 * Blood pressure reads as one value everywhere ('132/82 mmHg', formatBloodPressure): for series
 * coded systolic and diastolic, the formatter of the values at one time (by series label).
 */
function bloodPressureReading(
  series: readonly ObservationSeries[],
  unit: string | undefined,
  locale: Intl.LocalesArgument
): ((values: ReadonlyMap<string, number>) => string) | undefined {
  const systolic = series.find((s) => s.code === SYSTOLIC_CODE)?.label;
  const diastolic = series.find((s) => s.code === DIASTOLIC_CODE)?.label;
  if (systolic === undefined || diastolic === undefined) return undefined;
  return (values) =>
    formatBloodPressure({ systolic: values.get(systolic), diastolic: values.get(diastolic), unit }, locale);
}

/** Teal, red, blue, brown: 5:1 or better on white, and told apart by the legend's labels too. */
export const DEFAULT_CHART_COLORS = ['#0f766e', '#b91c1c', '#1d4ed8', '#854d0e'] as const;

type Canvas = typeof import('./ObservationChartCanvas').ObservationChartCanvas;
// Once the chart's code has arrived (preloaded, or drawn once), charts render it directly. Through
// lazy() every new chart would suspend once even with the code at hand, and React holds a revealed
// Suspense boundary back for about 300 ms: a chart prefetched on hover still took 400 ms to draw.
let loadedCanvas: Canvas | undefined;
const loadCanvas = () =>
  import('./ObservationChartCanvas').then((m) => {
    loadedCanvas = m.ObservationChartCanvas;
    return m;
  });
const LazyObservationChartCanvas = /* @__PURE__ */ lazy(() =>
  loadCanvas().then((m) => ({ default: m.ObservationChartCanvas }))
);

/** Starts loading the chart's code (visx) ahead of need, e.g. when a link to a chart page is hovered. */
export function preloadObservationChart(): Promise<unknown> {
  return loadCanvas();
}

/** A text summary of the series for screen readers: count, span, lowest, highest and latest of each. */
export function summarizeSeries(
  series: readonly ObservationSeries[],
  unit: string | undefined,
  locale?: Intl.LocalesArgument,
  template = defaultObservationChartMessages.seriesSummary
): string {
  const withUnit = (v: number) => (unit ? `${formatNumber(v, locale)} ${unit}` : formatNumber(v, locale));
  return series
    .filter((s) => s.points.length)
    .map((s) => {
      let min = Infinity;
      let max = -Infinity;
      for (const p of s.points) {
        if (p.value < min) min = p.value;
        if (p.value > max) max = p.value;
      }
      return fillTemplate(template, {
        label: s.label,
        count: s.points.length,
        first: formatDateTime(s.points[0].date, locale),
        last: formatDateTime(s.points[s.points.length - 1].date, locale),
        min: withUnit(min),
        max: withUnit(max),
        latest: withUnit(s.points[s.points.length - 1].value),
      });
    })
    .join(' ');
}

/**
 * A line chart of observations over time: one line per series, legend at the bottom, y axis from 0
 * (or `yMin`), as many date labels as the width holds, a tooltip on hover and on keyboard focus
 * (arrow keys), an accessible name, a screen-reader summary
 * and the data as a table. The drawing code (visx) loads on first render. Right to left (its `dir`,
 * else its locale's direction: 'ar') it mirrors: time runs leftwards, the y axis sits on the right.
 */
export const ObservationChart = /* @__PURE__ */ forwardRef<HTMLElement, ObservationChartProps>(
  function ObservationChart(
    {
      title,
      series,
      unit: unitCode,
      height = 300,
      width,
      yMin = 0,
      colors = DEFAULT_CHART_COLORS,
      showTable = true,
      locale: localeProp,
      messages,
      classNames,
      className,
      ...rest
    },
    ref
  ) {
    const locale = useLocale(localeProp);
    const t = useMessages('observationChart', defaultObservationChartMessages, messages);
    const unit = formatUnit(unitCode) || undefined;
    const cls = (slot: ObservationChartSlot) => slotClassName(slot, classNames);
    const id = useId();
    const direction = chartDirection(rest.dir, locale);
    const rtl = direction === 'rtl';
    const ObservationChartCanvas = loadedCanvas ?? LazyObservationChartCanvas;
    const [focusIndex, setFocusIndex] = useState<number>();
    // The table's rows are built only once it is opened: thousands of rows nobody asked for would
    // cost more than the chart itself.
    const [tableOpen, setTableOpen] = useState(false);
    const count = Math.max(0, ...series.map((s) => s.points.length));
    const summary = useMemo(
      () => summarizeSeries(series, unit, locale, t.seriesSummary),
      [series, unit, locale, t.seriesSummary]
    );
    const formatters = useMemo(() => {
      const dates = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' });
      return {
        formatDate: (d: Date) => dates.format(d),
        formatValue: (v: number) => (unit ? `${formatNumber(v, locale)} ${unit}` : formatNumber(v, locale)),
        formatReading: bloodPressureReading(series, unitCode, locale),
      };
    }, [locale, unit, unitCode, series]);
    // A table row per date: blood pressure's two series share their dates. Built when the table opens.
    const rows = useMemo(() => {
      if (!tableOpen) return [];
      const byDate = new Map<string, (number | undefined)[]>();
      series.forEach((s, i) => {
        for (const p of s.points) {
          const row = byDate.get(p.date) ?? new Array<number | undefined>(series.length).fill(undefined);
          row[i] = p.value;
          byDate.set(p.date, row);
        }
      });
      return [...byDate.entries()];
    }, [series, tableOpen]);

    const focusedValues = new Map(
      focusIndex !== undefined
        ? series
            .filter((s) => s.points.length)
            .map((s) => [s.label, s.points[Math.min(focusIndex, s.points.length - 1)].value] as const)
        : []
    );
    const focusedReading = formatters.formatReading?.(focusedValues);
    const focused = focusedReading
      ? [focusedReading]
      : focusIndex !== undefined
        ? series
            .filter((s) => s.points.length)
            .map((s) => {
              const p = s.points[Math.min(focusIndex, s.points.length - 1)];
              return `${s.label} ${formatters.formatValue(p.value)}`;
            })
        : [];
    const focusedDate =
      focusIndex !== undefined
        ? formatDateTime(series.find((s) => s.points.length)?.points[Math.min(focusIndex, count - 1)]?.date, locale)
        : '';

    // Right to left, time runs leftwards: the arrow towards the newer points moves forward.
    const forwardKey = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backKey = rtl ? 'ArrowRight' : 'ArrowLeft';
    const onKeyDown = (event: KeyboardEvent) => {
      if (!count) return;
      const current = focusIndex ?? count;
      const next =
        event.key === forwardKey
          ? Math.min(count - 1, (focusIndex ?? -1) + 1)
          : event.key === backKey
            ? Math.max(0, current - 1)
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? count - 1
                : undefined;
      if (next === undefined) return;
      event.preventDefault();
      setFocusIndex(next);
    };

    return (
      <figure
        {...rest}
        ref={ref}
        // Legend, table and tooltip read in the direction the axes are drawn in.
        dir={rest.dir ?? direction}
        className={[cls('chart'), 'fpk-chart-figure', className].filter(Boolean).join(' ')}
        aria-labelledby={`${id}-title`}
        // The caller's description is kept after the chart's own summary (an id list).
        aria-describedby={[`${id}-summary`, rest['aria-describedby']].filter(Boolean).join(' ')}
      >
        <figcaption id={`${id}-title`} className="fpk-visually-hidden">
          {title}
        </figcaption>
        <p id={`${id}-summary`} className="fpk-visually-hidden">
          {summary}
        </p>
        {count === 0 ? (
          <p className={cls('chart-empty')}>{t.noData}</p>
        ) : (
          <>
            <div
              className={cls('chart-plot')}
              style={{ height, width }}
              role="group"
              tabIndex={0}
              aria-label={fillTemplate(t.keyboardHint, { title })}
              onKeyDown={onKeyDown}
              onBlur={() => setFocusIndex(undefined)}
            >
              <div aria-hidden="true" style={{ height }}>
                <Suspense fallback={<p className={cls('chart-empty')}>{t.loading}</p>}>
                  <ObservationChartCanvas
                    series={series}
                    colors={colors}
                    height={height}
                    width={width}
                    unit={unit}
                    yMin={yMin}
                    focusIndex={focusIndex}
                    rtl={rtl}
                    {...formatters}
                  />
                </Suspense>
              </div>
            </div>
            <p className="fpk-visually-hidden" aria-live="polite">
              {focused.length ? `${focusedDate}: ${focused.join(', ')}` : ''}
            </p>
            <ul className={cls('chart-legend')}>
              {series.map((s, i) => (
                <li key={s.label} style={{ ['--fpk-chart-series-color' as string]: colors[i % colors.length] }}>
                  <span className="fpk-chart-legend-swatch" aria-hidden="true" />
                  {s.label}
                </li>
              ))}
            </ul>
            {showTable && (
              <details onToggle={(event) => setTableOpen(event.currentTarget.open)}>
                <summary>{t.showTable}</summary>
                {tableOpen && (
                  <table className={cls('chart-table')}>
                    <caption className="fpk-visually-hidden">{title}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t.date}</th>
                        {series.map((s) => (
                          <th key={s.label} scope="col">
                            {unit ? `${s.label} (${unit})` : s.label}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map(([date, values]) => (
                        <tr key={date}>
                          <th scope="row">{formatDateTime(date, locale)}</th>
                          {values.map((v, i) => (
                            <td key={i}>{v === undefined ? '' : formatNumber(v, locale)}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </details>
            )}
          </>
        )}
      </figure>
    );
  }
);
