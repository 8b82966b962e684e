import { formatDuration } from '../../scheduler/duration';
import type { FormatContext } from '../locale/locale';

/** Every text the Scheduler shows; pass some through `messages` to replace them. */
export interface SchedulerMessages {
  /** Accessible name of the left panel. */
  readonly detailsLabel: string;
  readonly durationLabel: string;
  readonly dateLabel: string;
  readonly timeLabel: string;
  /** The appointment length, e.g. '1 hour'. */
  readonly duration: (minutes: number) => string;
  /** The chosen day in the panel, e.g. 'Monday, March 9, 2026', in the patient's time zone and the locale. */
  readonly formatDate: (day: Date, context: FormatContext) => string;
  /** A start time, e.g. '9:00 AM', in the patient's time zone and the locale. */
  readonly formatTime: (start: Date, context: FormatContext) => string;
  /**
   * A start time with its zone abbreviation, e.g. '1:30 AM EDT'; used when two times of a day
   * would read the same, as on the night daylight saving ends.
   */
  readonly formatTimeWithZone: (start: Date, timeZone: string, locale: string) => string;
  /** The chosen time in the panel, with its zone, e.g. '9:00 AM (America/New_York)'. */
  readonly chosenTime: (time: string, timeZone: string) => string;
  readonly selectDate: string;
  readonly selectTime: string;
  /** The note under the time list naming the zone. */
  readonly timesShownIn: (timeZone: string) => string;
  /** Heading of the questions step when the questionnaire has no title. */
  readonly questionsHeading: string;
  /** Shown in the questions step while the default form loads. */
  readonly loadingQuestions: string;
  /** Shown, with 'Try again', when the default form could not be loaded. */
  readonly questionsLoadError: string;
  readonly next: string;
  readonly confirmHeading: string;
  readonly confirm: string;
  readonly booking: string;
  readonly bookedHeading: string;
  readonly bookedText: string;
  readonly changeDate: string;
  readonly changeTime: string;
  readonly changeAnswers: string;
  readonly loading: string;
  readonly loadError: string;
  /** Shown in the date step, with 'Try again', when the calendar's code could not be loaded. */
  readonly calendarLoadError: string;
  readonly tryAgain: string;
  readonly noSchedule: string;
  readonly noActor: string;
  readonly noTimesThisMonth: string;
  readonly noTimesThisDay: string;
  readonly taken: string;
  readonly bookingError: string;
  readonly previousMonth: string;
  readonly nextMonth: string;
}

/** The Scheduler's English texts; dates and times through Intl in the Scheduler's `locale`. */
export const defaultSchedulerMessages: SchedulerMessages = {
  detailsLabel: 'Appointment details',
  durationLabel: 'Duration',
  dateLabel: 'Date',
  timeLabel: 'Time',
  duration: (minutes) => formatDuration(minutes),
  formatDate: (day, { locale, timeZone }) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(day),
  formatTime: (start, { locale, timeZone }) =>
    new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(start),
  formatTimeWithZone: (start, timeZone, locale) =>
    new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
      start
    ),
  chosenTime: (time, timeZone) => `${time} (${timeZone})`,
  selectDate: 'Select date',
  selectTime: 'Select time',
  timesShownIn: (timeZone) => `Times shown in ${timeZone}`,
  questionsHeading: 'A few questions',
  loadingQuestions: 'Loading the questions…',
  questionsLoadError: 'Could not load the questions.',
  next: 'Next',
  confirmHeading: 'Confirm your appointment',
  confirm: 'Confirm appointment',
  booking: 'Booking…',
  bookedHeading: "You're all set!",
  bookedText: 'Check your email for a calendar invite.',
  changeDate: 'Change date',
  changeTime: 'Change time',
  changeAnswers: 'Change answers',
  loading: 'Loading available times…',
  loadError: 'Could not load available times.',
  calendarLoadError: 'Could not load the calendar.',
  tryAgain: 'Try again',
  noSchedule: 'There is no schedule to book from.',
  noActor: 'This schedule has no provider to book with.',
  noTimesThisMonth: 'No available times this month. Try the next month.',
  noTimesThisDay: 'No times are left on this day. Please choose another date.',
  taken: 'That time was just taken. Please choose another.',
  bookingError: 'Could not book the appointment. Please try again.',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
};
