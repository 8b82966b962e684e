// Which way ObservationChart draws time. Decided from props, not from the computed direction of
// the chart's root: the root's `direction` is known only after layout (a second render, and a
// server render that could not match it), while the locale is known on the first render and is
// the language the chart's dates are written in.
import { localeDirection } from '../locale/direction';

/** The chart's writing direction: its own `dir` when 'ltr' or 'rtl', else its locale's ('ar' → 'rtl'). */
export function chartDirection(dir: string | undefined, locale: Intl.LocalesArgument): 'ltr' | 'rtl' {
  if (dir === 'ltr' || dir === 'rtl') return dir;
  const first: string | Intl.Locale | undefined = Array.isArray(locale) ? locale[0] : (locale as string | Intl.Locale);
  return first === undefined ? 'ltr' : localeDirection(String(first));
}
