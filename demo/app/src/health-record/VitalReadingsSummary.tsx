import { formatNumber, formatUnit, type ObservationSeries, type VitalSign } from 'fhir-portal-kit';
import { fieldOrder } from './vital-ranges';

/** The latest value and the lowest and highest of each series shown, in the vital's unit. */
export interface SeriesReadings {
  readonly label: string;
  readonly latest: number;
  readonly min: number;
  readonly max: number;
}

/** Latest, lowest and highest of each series that has readings, systolic before diastolic. */
export function summarizeReadings(vital: VitalSign, series: readonly ObservationSeries[]): SeriesReadings[] {
  return fieldOrder(vital)
    .map((i) => series[i])
    .filter((s) => s && s.points.length)
    .map((s) => {
      const values = s.points.map((p) => p.value);
      return {
        label: s.label,
        latest: values[values.length - 1],
        min: Math.min(...values),
        max: Math.max(...values),
      };
    });
}

/**
 * Beside the vitals chart: the latest reading and the range of the readings shown, as text. The
 * spec holds the chart's y axis at 0, where a temperature or an adult's height draws as a flat
 * line; these numbers say what the line cannot.
 */
export function VitalReadingsSummary({ vital, series }: { vital: VitalSign; series: readonly ObservationSeries[] }) {
  const readings = summarizeReadings(vital, series);
  if (!readings.length) return null;
  const unit = formatUnit(vital.unit);
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  // One series reads 'Latest' and 'Range'; blood pressure names each ('Systolic latest').
  const name = (label: string, what: string) => (readings.length > 1 ? `${label} ${what.toLowerCase()}` : what);
  return (
    <dl className="portal-vital-summary">
      {readings.map((r) => (
        <div key={r.label}>
          <dt>{name(r.label, 'Latest')}</dt>
          <dd>{withUnit(formatNumber(r.latest))}</dd>
          <dt>{name(r.label, 'Range')}</dt>
          <dd>{withUnit(r.min === r.max ? formatNumber(r.min) : `${formatNumber(r.min)}–${formatNumber(r.max)}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
