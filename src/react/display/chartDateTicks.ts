// The x axis' dates: as many as fit side by side at the chart's width. A fixed tick count crowded
// the labels on a phone ('Jan 1, 2024' is about 60 px; five of them overlapped at 320 px) and cut
// the last one off at the right edge.

/** Measures a label's width in px. */
export type MeasureLabel = (text: string) => number;

/** A time scale as the chart has it: d3's scaleTime, or anything with its three calls. */
export interface DateTickScale {
  (value: Date): number;
  ticks(count?: number): Date[];
  range(): number[];
}

/** The space kept between two neighbouring labels, in px. */
export const DATE_LABEL_GAP = 12;

/**
 * The tick dates to label on an axis `width` px wide: the most that d3 offers (or every other of
 * them) whose labels neither overlap (with {@link DATE_LABEL_GAP} between them) nor leave the axis, and no two in a
 * row that read the same (hourly ticks of one day all read as that day).
 */
export function fitDateTicks(
  scale: DateTickScale,
  width: number,
  formatDate: (date: Date) => string,
  measure: MeasureLabel
): Date[] {
  const [start, end] = scale.range();
  const span = Math.abs(end - start);
  // d3's default count, not 1: ticks(1) asks for yearly ticks, and a span of a few months that
  // holds no 1 January has none, which labelled no date at all.
  const candidates = scale.ticks();
  const sample = candidates[0];
  if (!sample || !(width > 0)) return [];
  // Start from as many labels as could fit if each were as wide as the first: usually the first
  // or second count tried fits, so a resize measures a handful of labels, not dozens.
  const widest = measure(formatDate(sample)) + DATE_LABEL_GAP;
  for (let count = Math.max(1, Math.floor(span / widest) + 1); count >= 1; count--) {
    const ticks = scale.ticks(count);
    // Every other tick before a coarser interval: d3 goes from quarters straight to years, and
    // every other quarter (half-years) still fits where the quarters just missed.
    const kept =
      placeLabels(ticks, scale, width, formatDate, measure) ??
      placeLabels(
        ticks.filter((_, i) => i % 2 === 0),
        scale,
        width,
        formatDate,
        measure
      );
    if (kept) return kept;
  }
  // Not even one label with a gap: the one nearest the middle that stays on the axis, if any.
  const middle = (start + end) / 2;
  const inside = candidates
    .filter((t) => labelBox(scale(t), measure(formatDate(t)), width))
    .sort((a, b) => Math.abs(scale(a) - middle) - Math.abs(scale(b) - middle));
  return inside.slice(0, 1);
}

/** Whether a label of width `w` centred at `x` stays on an axis `width` px wide. */
function labelBox(x: number, w: number, width: number): boolean {
  return x - w / 2 >= 0 && x + w / 2 <= width;
}

/**
 * The ticks to label (those on the axis, repeats dropped), or undefined when two would touch.
 * Ticks come in time order, which runs leftwards on a right-to-left chart: neighbours are
 * compared by distance, not by which is further right.
 */
function placeLabels(
  ticks: readonly Date[],
  scale: DateTickScale,
  width: number,
  formatDate: (date: Date) => string,
  measure: MeasureLabel
): Date[] | undefined {
  const kept: Date[] = [];
  let lastText: string | undefined;
  let last: { x: number; w: number } | undefined;
  for (const tick of ticks) {
    const text = formatDate(tick);
    if (text === lastText) continue;
    const x = scale(tick);
    const w = measure(text);
    if (!labelBox(x, w, width)) continue;
    if (last && Math.abs(x - last.x) < (w + last.w) / 2 + DATE_LABEL_GAP) return undefined;
    kept.push(tick);
    lastText = text;
    last = { x, w };
  }
  return kept.length ? kept : undefined;
}
