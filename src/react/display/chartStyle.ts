// How the chart looks: its margins (mirrored right to left), fonts, colours, tick and axis label
// styles, the tooltip's box, and the measure of a tick label's width. Apart from the canvas so the
// canvas reads as what it draws.
import type { CSSProperties } from 'react';

export const MARGIN = { top: 16, right: 24, bottom: 40, left: 56 };
/** Right to left the y axis and its labels take the right side, so the wide margin does too. */
export const RTL_MARGIN = { ...MARGIN, right: MARGIN.left, left: MARGIN.right };
export type Margin = typeof MARGIN;
/** The y axis' tick count; the x axis' follows the width (fitDateTicks). */
export const NUM_TICKS = 5;
/** The tooltip's distance from its point, and from the chart's edge before it flips side. */
export const TOOLTIP_OFFSET = 10;

// The look XYChart's light theme gave the chart, kept as it was.
const FONT_FAMILY = '-apple-system,BlinkMacSystemFont,Roboto,Helvetica Neue,sans-serif';
const TEXT = '#495057';
export const TEXT_DARK = '#212529';
export const GRID = '#adb5bd';
const TICK_LABEL = {
  fontFamily: FONT_FAMILY,
  fontWeight: 200,
  fontSize: 11,
  fill: TEXT,
  stroke: 'none',
  pointerEvents: 'none',
  letterSpacing: 0.4,
} as const;
export const AXIS_LABEL = {
  fontFamily: FONT_FAMILY,
  fontWeight: 700,
  fontSize: 12,
  fill: TEXT_DARK,
  stroke: 'none',
  pointerEvents: 'none',
  letterSpacing: 0.4,
  textAnchor: 'middle',
  dx: '-1.25em',
} as const;
const TICK_FONT = `${TICK_LABEL.fontWeight} ${TICK_LABEL.fontSize}px ${FONT_FAMILY}`;

// A date label's width as drawn, from a canvas with the labels' font; where there is none (jsdom)
// a generous estimate. Kept per text: a resize measures the same few labels again.
let measuringContext: OffscreenCanvasRenderingContext2D | null | undefined;
const labelWidths = new Map<string, number>();
export function measureTickLabel(text: string): number {
  const known = labelWidths.get(text);
  if (known !== undefined) return known;
  if (measuringContext === undefined) {
    measuringContext = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (measuringContext) measuringContext.font = TICK_FONT;
  }
  const glyphs = measuringContext ? measuringContext.measureText(text).width : text.length * TICK_LABEL.fontSize * 0.62;
  const width = glyphs + text.length * TICK_LABEL.letterSpacing;
  if (labelWidths.size > 1000) labelWidths.clear();
  labelWidths.set(text, width);
  return width;
}

export const BOTTOM_TICK_LABEL = { ...TICK_LABEL, textAnchor: 'middle', dy: '0.125em' } as const;
// The svg is drawn left to right; a date label of a right-to-left chart is laid out as its
// language reads ('1 يونيو 2024' with the day first from the right).
export const RTL_BOTTOM_TICK_LABEL = { ...BOTTOM_TICK_LABEL, direction: 'rtl' } as const;
export const LEFT_TICK_LABEL = {
  ...TICK_LABEL,
  textAnchor: 'end',
  dx: '-0.25em',
  dy: '0.25em',
  width: MARGIN.left,
} as const;
export const RIGHT_TICK_LABEL = {
  ...TICK_LABEL,
  textAnchor: 'start',
  dx: '0.25em',
  dy: '0.25em',
  width: MARGIN.left,
} as const;
// Turned the other way on the right (reads top to bottom), so its shift along the text mirrors too.
export const RIGHT_AXIS_LABEL = { ...AXIS_LABEL, dx: '1.25em' } as const;
export const TOOLTIP_STYLE: CSSProperties = {
  position: 'absolute',
  left: 0,
  top: 0,
  backgroundColor: '#fff',
  color: TEXT_DARK,
  padding: '0.3rem 0.5rem',
  borderRadius: 3,
  fontFamily: FONT_FAMILY,
  fontWeight: 700,
  fontSize: 12,
  letterSpacing: 0.4,
  lineHeight: '1em',
  boxShadow: `0 1px 2px ${TEXT_DARK}55`,
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
};
