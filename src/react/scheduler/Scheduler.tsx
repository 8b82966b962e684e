import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { TZDate } from '@date-fns/tz';
import type { HumanName, Reference, Resource } from '../../fhir';
import { fromDayKey, type BookableSlot } from '../../scheduler';
import { MonthCalendar, type MonthCalendarMessages, type MonthCalendarSlot } from './MonthCalendar';
import { defaultSchedulerMessages, type SchedulerMessages } from './schedulerMessages';
import { SimpleQuestionnaireForm, type SchedulerQuestionnaireProps } from './SimpleQuestionnaireForm';
import { useScheduler, type UseSchedulerOptions, type UseSchedulerResult } from './useScheduler';

/** Every part of the Scheduler; its default class is `fpk-<part>`. */
export const SchedulerUI = {
  Root: 'scheduler',
  Panel: 'scheduler-panel',
  Avatar: 'scheduler-avatar',
  Provider: 'scheduler-provider',
  Details: 'scheduler-details',
  Main: 'scheduler-main',
  Heading: 'scheduler-heading',
  Times: 'scheduler-times',
  TimeButton: 'scheduler-time',
  TimeZoneNote: 'scheduler-timezone',
  Message: 'scheduler-message',
  Button: 'scheduler-button',
  Form: 'scheduler-form',
} as const;

/** A part of the Scheduler. */
export type SchedulerSlot = (typeof SchedulerUI)[keyof typeof SchedulerUI];

/** The step the Scheduler shows. */
export type SchedulerView =
  'loading' | 'load-error' | 'no-schedule' | 'no-actor' | 'date' | 'time' | 'questions' | 'confirm' | 'booked';

const STEPS: readonly SchedulerView[] = ['date', 'time', 'questions', 'confirm', 'booked'];

/** Props of {@link Scheduler}. */
export interface SchedulerProps extends UseSchedulerOptions {
  /** Texts; each replaceable. */
  readonly messages?: Partial<SchedulerMessages>;
  /** Level of the step headings (2 by default), so they follow the page's outline. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Renders the questions step; a simple text-input form by default. */
  readonly renderQuestionnaire?: (props: SchedulerQuestionnaireProps) => ReactNode;
  /** Class on the root element. */
  readonly className?: string;
  /** Classes per part, replacing the default `fpk-<part>` class. */
  readonly classNames?: Partial<Record<SchedulerSlot, string>>;
  /** Texts of the month calendar (weekday headers, caption, day names); its button names come from `messages`. */
  readonly calendarMessages?: Partial<MonthCalendarMessages>;
  /** Classes of the month calendar's parts. */
  readonly calendarClassNames?: Partial<Record<MonthCalendarSlot, string>>;
  /** Inline styles of the root (e.g. theme variables). */
  readonly style?: CSSProperties;
}

/** The step to show for the hook's state. */
export function getSchedulerView(scheduler: UseSchedulerResult): SchedulerView {
  if (scheduler.scheduleStatus === 'loading') return 'loading';
  if (scheduler.scheduleStatus === 'error') return 'load-error';
  if (scheduler.scheduleStatus === 'no-schedule') return 'no-schedule';
  if (scheduler.scheduleStatus === 'no-actor') return 'no-actor';
  switch (scheduler.state.status) {
    case 'no-date':
      return 'date';
    case 'date-chosen':
    case 'taken':
      return 'time';
    case 'time-chosen':
      return 'questions';
    case 'questions-answered':
    case 'booking':
    case 'error':
      return 'confirm';
    case 'confirmed':
      return 'booked';
  }
}

/** The resource's official HumanName, else its first one. */
function getHumanName(resource: Resource | undefined): HumanName | undefined {
  const names = (resource as { name?: string | HumanName[] } | undefined)?.name;
  return Array.isArray(names) ? (names.find((n) => n.use === 'official') ?? names[0]) : undefined;
}

/** A person's or place's display name from its resource, else the reference's display. */
export function getActorName(resource: Resource | undefined, reference: Reference | undefined): string | undefined {
  const named = resource as { name?: string | HumanName[] } | undefined;
  if (typeof named?.name === 'string') return named.name;
  const human = Array.isArray(named?.name)
    ? (named.name.find((n) => n.use === 'official') ?? named.name[0])
    : undefined;
  if (human) {
    const text =
      human.text ??
      [...(human.prefix ?? []), ...(human.given ?? []), human.family, ...(human.suffix ?? [])]
        .filter(Boolean)
        .join(' ');
    if (text) return text;
  }
  return reference?.display ?? reference?.reference;
}

const TITLE = /^\s*(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+/i;
const CREDENTIAL = /^(?:[A-Z]{2,}|Ph\.?D|Jr|Sr)\.?$/;

/**
 * Up to two initials for the avatar fallback: the first given name's and the family name's
 * ('Dr. Julia Hibbert MD' is JH). From a plain name, a leading title and trailing credentials
 * ('MD', ', PhD') are skipped.
 */
export function getInitials(name: HumanName | string | undefined): string {
  if (typeof name === 'object' && (name.given?.[0] || name.family)) {
    return ((name.given?.[0]?.[0] ?? '') + (name.family?.[0] ?? '')).toUpperCase();
  }
  const words = ((typeof name === 'object' ? name.text : name) ?? '')
    .split(',')[0]
    .replace(TITLE, '')
    .trim()
    .split(/\s+/);
  while (words.length > 1 && CREDENTIAL.test(words[words.length - 1])) words.pop();
  if (!words[0]) return '?';
  return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

function getPhotoUrl(resource: Resource | undefined): string | undefined {
  const photo = (resource as { photo?: { url?: string; data?: string; contentType?: string }[] } | undefined)
    ?.photo?.[0];
  if (photo?.url) return photo.url;
  if (photo?.data && photo.contentType) return `data:${photo.contentType};base64,${photo.data}`;
  return undefined;
}

/**
 * The appointment scheduler (portal.md section 2): a panel with the provider, the length and
 * the choices so far, and the steps 'Select date', 'Select time', the questions, the
 * confirmation and "You're all set!". Each step replaces the one before; 'Change date' and
 * 'Change time' go back. Focus moves to the step heading when the step changes.
 */
export function Scheduler({
  messages,
  headingLevel = 2,
  renderQuestionnaire,
  className,
  classNames,
  calendarClassNames,
  calendarMessages,
  style,
  ...options
}: SchedulerProps): ReactNode {
  const scheduler = useScheduler(options);
  const text = { ...defaultSchedulerMessages, ...messages };
  const cls = (slot: SchedulerSlot) => classNames?.[slot] ?? `fpk-${slot}`;
  const Heading = `h${headingLevel}` as 'h2';
  const id = useId();
  const headingId = `${id}-heading`;
  const noteId = `${id}-timezone`;

  const { state, timeZone, actor, actorResource, questionnaire } = scheduler;
  const view = getSchedulerView(scheduler);

  // Move focus to the new step's heading, but not on first render or after loading: only a
  // step the user caused takes focus.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousView = useRef(view);
  useEffect(() => {
    const before = previousView.current;
    previousView.current = view;
    if (before !== view && STEPS.includes(before) && STEPS.includes(view)) headingRef.current?.focus();
  }, [view]);

  // 'Try again' disappears once it works; put focus on the step heading instead of losing it.
  const focusAfterRetry = useRef(false);
  const retry = () => {
    focusAfterRetry.current = true;
    scheduler.retry();
  };
  useEffect(() => {
    if (focusAfterRetry.current && headingRef.current) {
      focusAfterRetry.current = false;
      headingRef.current.focus();
    }
  });

  const inZone = (instant: string | Date) =>
    new TZDate(typeof instant === 'string' ? Date.parse(instant) : instant.getTime(), timeZone);
  // Labels of a day's times; the zone is added where two would read the same (the repeated
  // hour when daylight saving ends).
  const timeLabels = (slots: readonly BookableSlot[]) => {
    const plain = slots.map((slot) => text.formatTime(inZone(slot.start)));
    return slots.map((slot, i) => ({
      slot,
      label:
        plain.indexOf(plain[i]) !== plain.lastIndexOf(plain[i])
          ? text.formatTimeWithZone(new Date(slot.start), timeZone)
          : plain[i],
    }));
  };
  const name = getActorName(actorResource, actor);
  const photo = getPhotoUrl(actorResource);
  const busy = state.status === 'booking' || state.status === 'confirmed';

  const heading = (children: ReactNode) => (
    <Heading id={headingId} ref={headingRef} tabIndex={-1} className={cls(SchedulerUI.Heading)}>
      {children}
    </Heading>
  );
  const button = (label: string, onClick: () => void, variant = 'subtle', extra?: Record<string, unknown>) => (
    <button type="button" className={cls(SchedulerUI.Button)} data-variant={variant} onClick={onClick} {...extra}>
      {label}
    </button>
  );
  const message = (content: ReactNode, role?: 'status' | 'alert') => (
    <p className={cls(SchedulerUI.Message)} role={role}>
      {content}
    </p>
  );
  const loadError = (
    <div className={cls(SchedulerUI.Message)} role="alert" data-tone="error">
      <p>{text.loadError}</p>
      {button(text.tryAgain, retry, 'outline')}
    </div>
  );

  let main: ReactNode;
  switch (view) {
    case 'loading':
      main = message(text.loading, 'status');
      break;
    case 'load-error':
      main = loadError;
      break;
    case 'no-schedule':
      main = message(text.noSchedule, 'status');
      break;
    case 'no-actor':
      main = message(text.noActor, 'status');
      break;
    case 'date': {
      const monthKey = `${scheduler.month.getFullYear()}-${String(scheduler.month.getMonth() + 1).padStart(2, '0')}`;
      const emptyMonth =
        scheduler.slotsStatus === 'ready' &&
        ![...scheduler.slotsByDay.days.keys()].some((day) => day.startsWith(monthKey));
      main = (
        <>
          {heading(text.selectDate)}
          {scheduler.slotsStatus === 'error' ? (
            loadError
          ) : (
            <>
              <MonthCalendar
                month={scheduler.month}
                onMonthChange={scheduler.setMonth}
                isDayEnabled={scheduler.isDayEnabled}
                onSelect={scheduler.chooseDate}
                selected={state.date ? fromDayKey(state.date, timeZone) : undefined}
                timeZone={timeZone}
                today={scheduler.today}
                startMonth={scheduler.today}
                aria-labelledby={headingId}
                classNames={calendarClassNames}
                messages={{ ...calendarMessages, previousMonth: text.previousMonth, nextMonth: text.nextMonth }}
              />
              {scheduler.slotsStatus === 'loading' && message(text.loading, 'status')}
              {emptyMonth && message(text.noTimesThisMonth, 'status')}
            </>
          )}
        </>
      );
      break;
    }
    case 'time':
      main = (
        <>
          {heading(text.selectTime)}
          {state.status === 'taken' && (
            <p className={cls(SchedulerUI.Message)} role="alert" data-tone="warning">
              {text.taken}
            </p>
          )}
          {scheduler.slotsStatus === 'error' ? (
            loadError
          ) : scheduler.slotsStatus === 'loading' ? (
            message(text.loading, 'status')
          ) : scheduler.times.length === 0 ? (
            message(text.noTimesThisDay, 'status')
          ) : (
            <>
              <div
                role="group"
                aria-labelledby={headingId}
                aria-describedby={noteId}
                className={cls(SchedulerUI.Times)}
              >
                {timeLabels(scheduler.times).map(({ slot, label }) => (
                  <button
                    key={slot.id}
                    type="button"
                    className={cls(SchedulerUI.TimeButton)}
                    data-variant="outline"
                    onClick={() => scheduler.chooseTime(slot)}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <p id={noteId} className={cls(SchedulerUI.TimeZoneNote)}>
                {text.timesShownIn(timeZone)}
              </p>
            </>
          )}
        </>
      );
      break;
    case 'questions': {
      const formProps: SchedulerQuestionnaireProps | undefined = questionnaire && {
        questionnaire,
        onSubmit: scheduler.submitAnswers,
        submitLabel: text.next,
        defaultResponse: state.response,
        subject: scheduler.patient,
        now: options.now ?? (() => new Date()),
        labelledBy: headingId,
        className: cls(SchedulerUI.Form),
      };
      main = (
        <>
          {heading(questionnaire?.title ?? text.questionsHeading)}
          {formProps &&
            (renderQuestionnaire ? renderQuestionnaire(formProps) : <SimpleQuestionnaireForm {...formProps} />)}
        </>
      );
      break;
    }
    case 'confirm':
      main = (
        <>
          {heading(text.confirmHeading)}
          {state.status === 'error' && (
            <p className={cls(SchedulerUI.Message)} role="alert" data-tone="error">
              {text.bookingError}
            </p>
          )}
          <div className={cls(SchedulerUI.Form)}>
            {button(state.status === 'booking' ? text.booking : text.confirm, () => void scheduler.book(), 'primary', {
              'aria-disabled': state.status === 'booking' || undefined,
              'data-loading': state.status === 'booking' || undefined,
            })}
            {state.hasQuestions && !busy && button(text.changeAnswers, scheduler.changeAnswers)}
          </div>
        </>
      );
      break;
    case 'booked':
      main = (
        <>
          {heading(text.bookedHeading)}
          {message(text.bookedText)}
        </>
      );
      break;
  }

  return (
    <section
      className={[cls(SchedulerUI.Root), className].filter(Boolean).join(' ')}
      style={style}
      aria-labelledby={STEPS.includes(view) ? headingId : undefined}
      data-step={view}
      data-state={state.status}
    >
      <aside className={cls(SchedulerUI.Panel)} aria-label={text.detailsLabel}>
        {actor && (
          <div className={cls(SchedulerUI.Provider)}>
            <span className={cls(SchedulerUI.Avatar)} data-fallback={photo ? undefined : ''}>
              {photo ? (
                <img src={photo} alt="" />
              ) : (
                <span aria-hidden="true">{getInitials(getHumanName(actorResource) ?? name)}</span>
              )}
            </span>
            <p>{name}</p>
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
              <dd>{text.formatDate(fromDayKey(state.date, timeZone))}</dd>
              {!busy && <dd>{button(text.changeDate, scheduler.changeDate)}</dd>}
            </div>
          )}
          {state.slot && view !== 'time' && (
            <div>
              <dt>{text.timeLabel}</dt>
              <dd>
                {text.chosenTime(
                  timeLabels(scheduler.times).find(({ slot }) => slot.id === state.slot?.id)?.label ??
                    text.formatTime(inZone(state.slot.start)),
                  timeZone
                )}
              </dd>
              {!busy && <dd>{button(text.changeTime, scheduler.changeTime)}</dd>}
            </div>
          )}
        </dl>
      </aside>
      <div className={cls(SchedulerUI.Main)}>{main}</div>
    </section>
  );
}
