// Locale helpers shared by the styled components: which locale to format with when none is
// given, and the first day of a locale's week. Dates and times themselves go through Intl.

/** Where a component formats: its locale and the IANA time zone of the dates it shows. */
export interface FormatContext {
  /** BCP 47 locale tag, e.g. 'en-US' or 'fr-FR'. */
  readonly locale: string;
  /** IANA time zone the date is shown in. */
  readonly timeZone: string;
}

/** The browser's (or runtime's) locale, used when a component has no `locale` prop. */
export function getDefaultLocale(): string {
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}

type WeekInfo = { firstDay?: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The first day of the locale's week, 0 (Sunday) to 6 (Saturday): Sunday for en-US, Monday
 * for fr-FR, Saturday for ar-EG. Sunday when the runtime cannot say (Intl.Locale week info is
 * newer than Intl itself) or the tag is not valid.
 */
export function getFirstDayOfWeek(locale: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  try {
    const tag = new Intl.Locale(locale) as LocaleWithWeekInfo;
    // getWeekInfo() is the standard; older engines expose the same as a weekInfo getter.
    const firstDay = (tag.getWeekInfo?.() ?? tag.weekInfo)?.firstDay;
    // Intl numbers the days 1 (Monday) to 7 (Sunday).
    return typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7
      ? ((firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6)
      : 0;
  } catch {
    return 0;
  }
}
