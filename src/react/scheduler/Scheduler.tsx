import { forwardRef, useEffect, useId, useRef, type HTMLAttributes, type ReactNode } from 'react';
import type { FormatContext } from '../locale/locale';
import { useLocale } from '../locale/LocaleContext';
import { optionKeys, splitProps } from '../primitives/splitProps';
import { fromDayKey, type BookableSlot } from '../../scheduler/slots';
import { ResourceAvatar, ResourceName } from '../display';
import type { MonthCalendarMessages, MonthCalendarSlot } from './MonthCalendar';
import { onDemand, useOnDemand } from '../primitives/onDemand';
import { defaultSchedulerMessages, type SchedulerMessages } from './schedulerMessages';
import type { SchedulerQuestionnaireProps } from '../questionnaire';
import { getSchedulerView, SchedulerUI, STEPS, type SchedulerSlot } from './schedulerView';
import { useScheduler, type UseSchedulerOptions } from './useScheduler';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useMessages } from '../locale/MessagesContext';

// The month calendar (react-day-picker and date-fns, about two thirds of the Scheduler's code)
// is fetched as soon as a Scheduler mounts, alongside the schedule and its slots, which it is
// shown only after; so the first step is normally ready when the data is, and the code arrives
// as its own chunk.
const loadCalendar = /* @__PURE__ */ onDemand(() => import('./MonthCalendar'), 'the Scheduler calendar');
// The default questions form is fetched once a date is chosen: the first steps do not wait for
// it, and a page that passes `renderQuestionnaire` never loads it.
// The questions form is the questionnaire family's; it comes as a chunk of its own (the family's
// index would bring the whole questionnaire renderer), the one deep import between families.
const loadForm = /* @__PURE__ */ onDemand(
  () => import('../questionnaire/SimpleQuestionnaireForm'),
  'the Scheduler questions form'
);

/**
 * Props of {@link Scheduler}; other HTML attributes go to its root `<section>`. The chosen day and
 * time are controlled through `date`/`onDateChange` and `slot`/`onSlotChange`, or uncontrolled
 * from `defaultDate`/`defaultSlot`.
 */
export interface SchedulerProps
  extends UseSchedulerOptions, Omit<HTMLAttributes<HTMLElement>, 'dir' | 'children' | 'slot'> {
  /** Texts; each replaceable. */
  readonly messages?: Partial<SchedulerMessages>;
  /** Locale of dates, times and the calendar's first weekday; the provider's, else the browser's, when absent. */
  readonly locale?: string;
  /** Text direction of the calendar's arrow keys; set it when the page is right to left. */
  readonly dir?: 'ltr' | 'rtl';
  /** Level of the step headings (2 by default), so they follow the page's outline. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Renders the questions step; a simple text-input form by default. */
  readonly renderQuestionnaire?: (props: SchedulerQuestionnaireProps) => ReactNode;
  /**
   * Classes per part, replacing the default `fpk-<part>` class. Buttons also keep the shared
   * `fpk-button` control class (controls.css).
   */
  readonly classNames?: SlotClassNames<SchedulerSlot>;
  /** Texts of the month calendar (weekday headers, caption, day names); its button names come from `messages`. */
  readonly calendarMessages?: Partial<MonthCalendarMessages>;
  /** Classes of the month calendar's parts. */
  readonly calendarClassNames?: SlotClassNames<MonthCalendarSlot>;
}

// The parts, steps and the provider's name live in schedulerView.ts; exported from here as before.
export { getActorName, getSchedulerView, SchedulerUI, type SchedulerSlot, type SchedulerView } from './schedulerView';
// Initials moved to src/fhir with ResourceAvatar; still exported from here as before.
export { getInitials } from '../../fhir';

// The hook's options; everything else the Scheduler does not name goes to its root.
const SCHEDULER_OPTIONS = optionKeys<UseSchedulerOptions>()([
  'schedule',
  'questionnaire',
  'reviewStep',
  'timeZone',
  'now',
  'patient',
  'createUuid',
  'stateReducer',
  'onSlotChosen',
  'date',
  'defaultDate',
  'onDateChange',
  'slot',
  'defaultSlot',
  'onSlotChange',
  'onAnswersSubmitted',
  'onBooked',
]);

/**
 * The appointment scheduler: a panel with the provider, the length and
 * the choices so far, and the four steps 'Select date', 'Select time', the questions (whose
 * 'Next' books) and "You're all set!"; `reviewStep` adds 'Confirm your appointment' before
 * booking. Each step replaces the one before; 'Change date' and 'Change time' go back. Focus
 * moves to the step heading when the step changes. The ref is the root `<section>`.
 */
export const Scheduler = /* @__PURE__ */ forwardRef<HTMLElement, SchedulerProps>(function Scheduler(
  {
    messages,
    locale: localeProp,
    dir,
    headingLevel = 2,
    renderQuestionnaire,
    className,
    classNames,
    calendarClassNames,
    calendarMessages,
    ...others
  },
  ref
) {
  const [options, attributes] = splitProps(others, SCHEDULER_OPTIONS);
  const scheduler = useScheduler(options);
  const { state, timeZone, actor, actorResource, questionnaire, slotsStatus, times } = scheduler;
  const text = useMessages('scheduler', defaultSchedulerMessages, messages);
  const locale = useLocale(localeProp);
  const formatContext: FormatContext = { locale, timeZone };
  const cls = (slot: SchedulerSlot, extra?: string) => slotClassName(slot, classNames, extra);
  const Heading = `h${headingLevel}` as 'h2';
  const id = useId();
  const headingId = `${id}-heading`;
  const noteId = `${id}-timezone`;
  const calendar = useOnDemand(loadCalendar);
  const form = useOnDemand(loadForm, Boolean(state.date && questionnaire && !renderQuestionnaire));
  const flowView = getSchedulerView(scheduler);
  // Until its calendar arrives the date step looks as it does while the slots load, so the
  // heading and the calendar appear together, as when the calendar was in the first chunk.
  const view =
    flowView === 'date' && !calendar.module && !calendar.failed && slotsStatus !== 'error' ? 'loading' : flowView;
  const busy = state.status === 'booking' || state.status === 'confirmed';

  // Focus the heading when the user moves from step to step (not on first render or after
  // loading), and after 'Try again', which disappears once it works.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);
  const retried = useRef(false);
  useEffect(() => {
    const before = shownView.current;
    shownView.current = view;
    if (
      ((before !== view && STEPS.includes(before) && STEPS.includes(view)) || retried.current) &&
      headingRef.current
    ) {
      retried.current = false;
      headingRef.current.focus();
    }
  });

  // A day's times; the zone is added where two would read the same (the repeated hour when
  // daylight saving ends).
  const plain = times.map((slot) => text.formatTime(new Date(slot.start), formatContext));
  const timeLabel = (slot: BookableSlot) => {
    const i = times.findIndex((time) => time.id === slot.id);
    return i < 0
      ? text.formatTime(new Date(slot.start), formatContext)
      : plain.indexOf(plain[i]) !== plain.lastIndexOf(plain[i])
        ? text.formatTimeWithZone(new Date(slot.start), timeZone, locale)
        : plain[i];
  };

  const button = (label: string, onClick: () => void, variant = 'subtle', extra?: object) => (
    <button
      type="button"
      className={`fpk-button ${cls(SchedulerUI.Button)}`}
      data-variant={variant}
      onClick={onClick}
      {...extra}
    >
      {label}
    </button>
  );
  const note = (content: string, role?: 'status' | 'alert', tone?: 'error' | 'warning') => (
    <p className={cls(SchedulerUI.Message)} role={role} data-tone={tone}>
      {content}
    </p>
  );
  const failure = (message: string, retry: () => void) => (
    <div className={cls(SchedulerUI.Message)} role="alert" data-tone="error">
      <p>{message}</p>
      {button(
        text.tryAgain,
        () => {
          retried.current = true;
          retry();
        },
        'outline'
      )}
    </div>
  );
  const loadError = failure(text.loadError, scheduler.retry);
  // The date and time steps say when the slots are loading or could not be loaded.
  const slotsProblem = slotsStatus === 'error' ? loadError : slotsStatus === 'loading' && note(text.loading, 'status');

  let title: string | undefined;
  let body: ReactNode;
  switch (view) {
    case 'loading':
      body = note(text.loading, 'status');
      break;
    case 'no-schedule':
      body = note(text.noSchedule, 'status');
      break;
    case 'no-actor':
      body = note(text.noActor, 'status');
      break;
    case 'load-error':
      body = loadError;
      break;
    case 'date': {
      title = text.selectDate;
      const { month } = scheduler;
      const monthKey = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
      const MonthCalendar = calendar.module?.MonthCalendar;
      body =
        slotsStatus === 'error' ? (
          loadError
        ) : !MonthCalendar ? (
          failure(text.calendarLoadError, calendar.retry)
        ) : (
          <>
            <MonthCalendar
              month={month}
              onMonthChange={scheduler.setMonth}
              isDayEnabled={scheduler.isDayEnabled}
              onValueChange={(day) => day && scheduler.chooseDate(day)}
              value={state.date ? fromDayKey(state.date, timeZone) : undefined}
              timeZone={timeZone}
              locale={locale}
              dir={dir}
              today={scheduler.today}
              startMonth={scheduler.today}
              aria-labelledby={headingId}
              classNames={calendarClassNames}
              messages={{ ...calendarMessages, previousMonth: text.previousMonth, nextMonth: text.nextMonth }}
            />
            {slotsProblem}
            {slotsStatus === 'ready' &&
              ![...scheduler.slotsByDay.days.keys()].some((day) => day.startsWith(monthKey)) &&
              note(text.noTimesThisMonth, 'status')}
          </>
        );
      break;
    }
    case 'time':
      title = text.selectTime;
      body = (
        <>
          {state.status === 'taken' && note(text.taken, 'alert', 'warning')}
          {slotsProblem ||
            (times.length === 0 ? (
              note(text.noTimesThisDay, 'status')
            ) : (
              <>
                <div
                  role="group"
                  aria-labelledby={headingId}
                  aria-describedby={noteId}
                  className={cls(SchedulerUI.Times)}
                >
                  {times.map((slot) => (
                    <button
                      key={slot.id}
                      type="button"
                      className={`fpk-button ${cls(SchedulerUI.TimeButton)}`}
                      data-variant="outline"
                      onClick={() => scheduler.chooseTime(slot)}
                    >
                      {timeLabel(slot)}
                    </button>
                  ))}
                </div>
                <p id={noteId} className={cls(SchedulerUI.TimeZoneNote)}>
                  {text.timesShownIn(timeZone)}
                </p>
              </>
            ))}
        </>
      );
      break;
    case 'questions': {
      title = questionnaire?.title ?? text.questionsHeading;
      const formProps: SchedulerQuestionnaireProps | undefined = questionnaire && {
        questionnaire,
        onSubmit: scheduler.submitAnswers,
        submitLabel: text.next,
        defaultResponse: state.response,
        subject: scheduler.patient,
        now: options.now ?? (() => new Date()),
        busy: state.status === 'booking',
        labelledBy: headingId,
        className: cls(SchedulerUI.Form),
        locale,
      };
      body =
        formProps &&
        (renderQuestionnaire ? (
          renderQuestionnaire(formProps)
        ) : form.module ? (
          <form.module.SimpleQuestionnaireForm {...formProps} />
        ) : form.failed ? (
          failure(text.questionsLoadError, form.retry)
        ) : (
          note(text.loadingQuestions, 'status')
        ));
      break;
    }
    case 'confirm': {
      title = text.confirmHeading;
      const booking = state.status === 'booking' || undefined;
      body = (
        <>
          {state.status === 'error' && note(text.bookingError, 'alert', 'error')}
          <div className={cls(SchedulerUI.Form)}>
            {button(booking ? text.booking : text.confirm, () => void scheduler.book(), 'primary', {
              'aria-disabled': booking,
              'data-loading': booking,
            })}
            {state.hasQuestions && !busy && button(text.changeAnswers, scheduler.changeAnswers)}
          </div>
        </>
      );
      break;
    }
    case 'booked':
      title = text.bookedHeading;
      body = note(text.bookedText);
  }

  return (
    <section
      aria-labelledby={title === undefined ? undefined : headingId}
      {...attributes}
      ref={ref}
      dir={dir}
      className={cls(SchedulerUI.Root, className)}
      data-step={view}
      data-state={state.status}
    >
      <aside className={cls(SchedulerUI.Panel)} aria-label={text.detailsLabel}>
        {actor && (
          <div className={cls(SchedulerUI.Provider)}>
            <ResourceAvatar value={actorResource ?? actor} alt="" className={cls(SchedulerUI.Avatar)} />
            <p>
              <ResourceName value={actorResource ?? actor} />
            </p>
          </div>
        )}
        <dl className={cls(SchedulerUI.Details)}>
          {scheduler.durationMinutes !== undefined && (
            <div>
              <dt>{text.durationLabel}</dt>
              <dd>{text.duration(scheduler.durationMinutes)}</dd>
            </div>
          )}
          {state.date && view !== 'date' && (
            <div>
              <dt>{text.dateLabel}</dt>
              <dd>{text.formatDate(fromDayKey(state.date, timeZone), formatContext)}</dd>
              {!busy && <dd>{button(text.changeDate, scheduler.changeDate)}</dd>}
            </div>
          )}
          {state.slot && view !== 'time' && (
            <div>
              <dt>{text.timeLabel}</dt>
              <dd>{text.chosenTime(timeLabel(state.slot), timeZone)}</dd>
              {!busy && <dd>{button(text.changeTime, scheduler.changeTime)}</dd>}
            </div>
          )}
        </dl>
      </aside>
      <div className={cls(SchedulerUI.Main)}>
        {title !== undefined && (
          <Heading id={headingId} ref={headingRef} tabIndex={-1} className={cls(SchedulerUI.Heading)}>
            {title}
          </Heading>
        )}
        {body}
      </div>
    </section>
  );
});
