import {
  createContext,
  forwardRef,
  useContext,
  useMemo,
  useState,
  type ForwardedRef,
  type HTMLAttributes,
  type JSX,
  type ReactNode,
} from 'react';
import { DayPicker, UI, DayFlag, SelectionState, type ClassNames, type RootProps } from 'react-day-picker';
import type { ValueProps } from '../primitives/useControllableState';
import { getFirstDayOfWeek, type FormatContext } from '../locale/locale';
import { useLocale } from '../locale/LocaleContext';
import { partClassName, type SlotClassNames } from '../primitives/classNames';
import { useMessages } from '../locale/MessagesContext';

/** Every part of {@link MonthCalendar}: react-day-picker's parts and day states. */
export type MonthCalendarSlot = UI | DayFlag | SelectionState;

/** Texts of {@link MonthCalendar}; each replaceable. */
export interface MonthCalendarMessages {
  /** Accessible name of the previous-month button. */
  readonly previousMonth: string;
  /** Accessible name of the next-month button. */
  readonly nextMonth: string;
  /** Column header of a weekday, shown as SUN..SAT in en-US. */
  readonly weekdayHeader: (weekday: Date, context: FormatContext) => string;
  /** Caption of the shown month, e.g. 'March 2026'. */
  readonly caption: (month: Date, context: FormatContext) => string;
  /** Accessible name of a day button, e.g. 'Monday, March 9, 2026'. */
  readonly dayLabel: (
    day: Date,
    state: { today: boolean; selected: boolean; disabled: boolean },
    context: FormatContext
  ) => string;
}

/** A date in the calendar's locale and zone. */
const format = (date: Date, { locale, timeZone }: FormatContext, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);

/** The texts of {@link MonthCalendar}: English words, dates through Intl in the calendar's locale. */
export const defaultMonthCalendarMessages: MonthCalendarMessages = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  weekdayHeader: (weekday, context) => format(weekday, context, { weekday: 'short' }).toLocaleUpperCase(context.locale),
  caption: (month, context) => format(month, context, { month: 'long', year: 'numeric' }),
  dayLabel: (day, { today, selected }, context) =>
    `${today ? 'Today, ' : ''}${format(day, context, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    })}${selected ? ', selected' : ''}`,
};

/** Props of {@link MonthCalendar}; other HTML attributes go to its root element. */
export interface MonthCalendarProps
  extends
    ValueProps<Date | undefined>,
    Omit<HTMLAttributes<HTMLDivElement>, 'defaultValue' | 'onChange' | 'onSelect' | 'dir' | 'children'> {
  /** The month shown; pair with `onMonthChange` to control it. */
  readonly month?: Date;
  /** The first month shown when `month` is not given. Defaults to the month of `today`. */
  readonly defaultMonth?: Date;
  /** Called with the first day of the new month when the previous or next month button is pressed. */
  readonly onMonthChange?: (month: Date) => void;
  /** Whether a day can be chosen; disabled days are shown but cannot be pressed. All days when absent. */
  readonly isDayEnabled?: (day: Date) => boolean;
  /**
   * The chosen day (midnight of that day in `timeZone`), marked as selected. With `value` the
   * calendar is controlled; with `defaultValue` or neither it keeps the day a user chose.
   * `onValueChange` gets the day a user chose.
   */
  readonly value?: Date;
  /** IANA time zone the days are computed in; the browser's when absent. */
  readonly timeZone?: string;
  /** Locale of the dates and of the week's first day (Sunday in en-US, Monday in fr-FR); the provider's, else the browser's, when absent. */
  readonly locale?: string;
  /** Text direction, for arrow-key navigation; set it when the page is right to left. */
  readonly dir?: 'ltr' | 'rtl';
  /** Today, from the caller's clock; marked as today. */
  readonly today?: Date;
  /** The earliest month the previous button reaches. */
  readonly startMonth?: Date;
  /** The latest month the next button reaches. */
  readonly endMonth?: Date;
  /** Texts; each replaceable. */
  readonly messages?: Partial<MonthCalendarMessages>;
  /** Classes per part, replacing the default `fpk-calendar-<part>` class. */
  readonly classNames?: SlotClassNames<MonthCalendarSlot>;
  /** Content under the grid, announced politely (react-day-picker's live footer). */
  readonly footer?: ReactNode;
}

// react-day-picker renders the root and passes it only the attributes it knows; its Root
// component is replaceable, so the calendar's own Root adds the caller's attributes and ref.
// They travel by context because DayPicker wants one component identity across renders.
interface RootExtras {
  readonly attributes: HTMLAttributes<HTMLDivElement>;
  readonly ref: ForwardedRef<HTMLDivElement>;
}
const RootExtrasContext = /* @__PURE__ */ createContext<RootExtras>({ attributes: {}, ref: null });

// DayPicker passes rootRef only when it animates, which the calendar never asks for.
// The caller's attributes come last: DayPicker names its own keys even when undefined, and the
// calendar hands DayPicker the ones both set (class, style, id, title, names).
function CalendarRoot({ rootRef: _rootRef, ...props }: RootProps): JSX.Element {
  const { attributes, ref } = useContext(RootExtrasContext);
  return <div {...props} {...attributes} ref={ref} />;
}
const CALENDAR_COMPONENTS = { Root: CalendarRoot };

const PARTS = [
  ...Object.values(UI),
  ...Object.values(DayFlag),
  ...Object.values(SelectionState),
] as MonthCalendarSlot[];

/**
 * The class of every part: `fpk-calendar-<part>` (underscores as dashes), with the one
 * `classNames` rule over it when given (a class adds, `{ replace }` replaces).
 */
export function getMonthCalendarClassNames(classNames?: SlotClassNames<MonthCalendarSlot>): ClassNames {
  return Object.fromEntries(
    PARTS.map((part) => [part, partClassName(`fpk-calendar-${part.replace(/_/g, '-')}`, classNames?.[part])])
  ) as ClassNames;
}

/**
 * A month grid built on react-day-picker: SUN..SAT headers, previous and next month buttons
 * with accessible names, one button per day, arrow-key navigation between days. Days for
 * which `isDayEnabled` is false are disabled. The ref is the root element.
 */
export const MonthCalendar = /* @__PURE__ */ forwardRef<HTMLDivElement, MonthCalendarProps>(function MonthCalendar(
  {
    month,
    defaultMonth,
    onMonthChange,
    isDayEnabled,
    value,
    defaultValue,
    onValueChange,
    timeZone,
    locale: localeProp,
    dir,
    today,
    startMonth,
    endMonth,
    messages,
    className,
    classNames,
    style,
    footer,
    id,
    title,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    ...attributes
  },
  ref
) {
  // The inputs' controllable-state pattern, written out: importing their hook would put it in
  // the scheduler's shared chunk, which every edit input would then load (2 kB each).
  const [own, setOwn] = useState(defaultValue);
  const selected = value !== undefined ? value : own;
  const setSelected = (day: Date) => {
    if (value === undefined) setOwn(day);
    onValueChange?.(day);
  };
  const text = useMessages('monthCalendar', defaultMonthCalendarMessages, messages);
  const locale = useLocale(localeProp);
  const context: FormatContext = {
    locale,
    timeZone: timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const mergedClassNames = useMemo(() => getMonthCalendarClassNames(classNames), [classNames]);
  const caption = (shown: Date) => text.caption(shown, context);
  const extras: RootExtras = { attributes, ref };

  return (
    <RootExtrasContext.Provider value={extras}>
      <DayPicker
        mode="single"
        month={month}
        defaultMonth={month ? undefined : (defaultMonth ?? today)}
        onMonthChange={onMonthChange}
        selected={selected}
        // The day pressed, also when it is the selected one (choosing it again keeps it chosen).
        onSelect={(_selected, day) => setSelected(day)}
        disabled={isDayEnabled ? (day: Date) => !isDayEnabled(day) : undefined}
        timeZone={timeZone}
        weekStartsOn={getFirstDayOfWeek(locale)}
        dir={dir}
        lang={locale}
        today={today}
        startMonth={startMonth}
        endMonth={endMonth}
        navLayout="after"
        components={CALENDAR_COMPONENTS}
        id={id}
        title={title}
        className={className}
        classNames={mergedClassNames}
        style={style}
        footer={footer}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        // With `timeZone` set, react-day-picker hands these its own dates in that zone (TZDate).
        formatters={{
          formatWeekdayName: (weekday) => text.weekdayHeader(weekday, context),
          formatCaption: caption,
          // The day's number in the locale's digits, so it matches the button's accessible name.
          formatDay: (day) => format(day, context, { day: 'numeric' }),
        }}
        labels={{
          labelGrid: caption,
          labelPrevious: () => text.previousMonth,
          labelNext: () => text.nextMonth,
          // react-day-picker sets every day flag and selection state, true or false.
          labelDayButton: (day, modifiers) =>
            text.dayLabel(day, modifiers as { today: boolean; selected: boolean; disabled: boolean }, context),
        }}
      />
    </RootExtrasContext.Provider>
  );
});
