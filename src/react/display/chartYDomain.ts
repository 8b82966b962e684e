// Where the chart's y axis starts. The portal spec fixes 0 for the vitals chart, the default; a
// value that never strays far from its mean (a body temperature, an adult's height) then draws as
// a flat line at the top, so a chart the spec does not hold to 0 can start nearer its data.

/** A fixed start for the y axis, or 'auto' to fit it to the data. */
export type ChartYMin = number | 'auto';

/**
 * The y domain for values from `min` to `max` (the scale rounds it outward to ticks). A number
 * starts the axis there, or lower when a value lies below it so no point is cut off; 'auto' keeps
 * a tenth of the values' spread free below and above them, and does not go below 0 for values
 * that do not.
 */
export function chartYDomain(min: number, max: number, yMin: ChartYMin): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [yMin === 'auto' ? 0 : yMin, 1];
  if (yMin !== 'auto') {
    const low = Math.min(yMin, min);
    const high = Math.max(max, low);
    return [low, high > low ? high : low + 1];
  }
  // One value (or all the same): a band of 5% of it around it, so the line sits in the middle.
  const pad = max > min ? (max - min) / 10 : Math.abs(max) / 20 || 1;
  const low = min - pad;
  return [min >= 0 && low < 0 ? 0 : low, max + pad];
}
