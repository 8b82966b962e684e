import { formatNumber, formatUnit, type ObservationSeries, type VitalSign } from 'fhir-portal-kit';
import { useLocale } from 'fhir-portal-kit/react';
import { useText } from '../i18n/useText';
import { fieldOrder } from './vital-ranges';
import { vitalsText } from './vitals-text';

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
  const t = useText(vitalsText);
  const locale = useLocale();
  const readings = summarizeReadings(vital, series);
  if (!readings.length) return null;
  const unit = formatUnit(vital.unit);
  const number = (n: number) => formatNumber(n, locale);
  // A number with its unit stays left to right inside right-to-left text.
  const withUnit = (text: string) => <bdi dir="ltr">{unit ? `${text} ${unit}` : text}</bdi>;
  // One series reads 'Latest' and 'Range'; blood pressure names each ('Systolic latest').
  const several = readings.length > 1;
  return (
    <dl className="portal-vital-summary">
      {readings.map((r) => (
        <div key={r.label}>
          <dt>{several ? t.seriesLatest(r.label) : t.latest}</dt>
          <dd>{withUnit(number(r.latest))}</dd>
          <dt>{several ? t.seriesRange(r.label) : t.range}</dt>
          <dd>{withUnit(r.min === r.max ? number(r.min) : `${number(r.min)}–${number(r.max)}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
