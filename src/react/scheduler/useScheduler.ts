import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
// TZDateMini: the zone arithmetic without TZDate's string methods (see scheduler/slots.ts).
import type { TZDate } from '@date-fns/tz';
import { TZDateMini } from '@date-fns/tz/date/mini';
import type {
  Appointment,
  Bundle,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
  Resource,
  Schedule,
} from '../../fhir';
import {
  createSchedulerState,
  schedulerReducer,
  type SchedulerAction,
  type SchedulerState,
} from '../../scheduler/flow';
import { moveTo, movesTo } from '../../scheduler/flow-moves';
import { getSlotDurationMinutes } from '../../scheduler/duration';
import { buildSlotSearchQuery } from '../../scheduler/query';
import {
  getScheduleReference,
  isScheduleResource,
  resolveScheduleSource,
  type ScheduleSource,
} from '../../scheduler/schedules';
import { getTimesForDay, groupSlotsByDay, toDayKey, type BookableSlot, type SlotsByDay } from '../../scheduler/slots';
import { getMonthStart, getSlotSearchWindow } from '../../scheduler/window';
import type { FhirClient } from '../../client';
import { useFhirClient } from '../FhirProvider';
import { useRequest } from '../primitives/request';
import { onDemand } from '../primitives/onDemand';
import { useSubject } from '../hooks/useSubject';

/** A change the flow is about to make, handed to a `stateReducer` with the state it would produce. */
export type SchedulerActionAndChanges = SchedulerAction & { readonly changes: SchedulerState };

/** Options of {@link useScheduler}. */
export interface UseSchedulerOptions {
  /**
   * The schedule(s) to book from: a Schedule, a reference, a list, or a function that finds them.
   * The slot search covers all of them; the first one (read if given as a reference) supplies
   * the provider shown and booked with. A function is called once on mount and on retry;
   * remount (change `key`) to switch schedules.
   */
  readonly schedule: ScheduleSource | undefined;
  /** The questions asked before booking; the step is skipped when absent. */
  readonly questionnaire?: Questionnaire | Reference;
  /**
   * Adds a review step ('Confirm your appointment') after the questions. Off by default: the
   * questions' 'Next' books, as in the four steps (date, time, questions, confirmation). Without a questionnaire the review
   * step is always there, since there is no 'Next' to book from.
   */
  readonly reviewStep?: boolean;
  /** The patient's IANA time zone; the browser's when absent. */
  readonly timeZone?: string;
  /** The clock; `() => new Date()` when absent. */
  readonly now?: () => Date;
  /** Who the appointment is for (and the answers' subject and source); the signed-in profile when absent. */
  readonly patient?: Reference;
  /** UUIDs for the transaction's `urn:uuid` entries; `crypto.randomUUID` when absent. */
  readonly createUuid?: () => string;
  /** Overrides the flow's state changes (Downshift style): return `changes` to accept them. */
  readonly stateReducer?: (state: SchedulerState, actionAndChanges: SchedulerActionAndChanges) => SchedulerState;
  /** Called when the patient picks a time. */
  readonly onSlotChosen?: (slot: BookableSlot) => void;
  /**
   * The chosen day (`YYYY-MM-DD` in the time zone), controlled: the flow is on this day whatever
   * the patient does. The patient's choices are reported through `onDateChange`; the flow
   * follows once the page passes the new day (or undefined, which hands the day to the flow).
   */
  readonly date?: string;
  /** The day an uncontrolled scheduler starts on. */
  readonly defaultDate?: string;
  /** Called whenever the flow's day changes: a day picked, or none after 'Change date'. */
  readonly onDateChange?: (date: string | undefined) => void;
  /** The chosen time, controlled like `date` (its day wins over `date`). */
  readonly slot?: BookableSlot;
  /** The time an uncontrolled scheduler starts on (its day too). */
  readonly defaultSlot?: BookableSlot;
  /** Called whenever the flow's time changes: a time picked, or none (another day, 'Change time', taken). */
  readonly onSlotChange?: (slot: BookableSlot | undefined) => void;
  /** Called with the answers when the patient submits the questions. */
  readonly onAnswersSubmitted?: (response: QuestionnaireResponse) => void;
  /** Called with the booked appointment and the server's transaction response. */
  readonly onBooked?: (appointment: Appointment, response: Bundle) => void;
}

/** How the schedule part stands: loading, ready, or why it cannot be used. */
export type ScheduleLoadStatus = 'loading' | 'ready' | 'no-schedule' | 'no-actor' | 'error';

/** How the slots of the visible month stand. */
export type SlotsLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What {@link useScheduler} returns. */
export interface UseSchedulerResult {
  /** The flow's state. */
  readonly state: SchedulerState;
  /** Sends a flow action; the named helpers below are usually more convenient. */
  readonly dispatch: (action: SchedulerAction) => void;
  /** The time zone times are shown in. */
  readonly timeZone: string;
  /**
   * Today in the time zone, from the clock. Its getters read the zone; its strings are Date's
   * (format it through Intl with `timeZone`, as the Scheduler does).
   */
  readonly today: TZDate;
  readonly scheduleStatus: ScheduleLoadStatus;
  /** The first schedule, once read. */
  readonly schedule?: Schedule;
  /** The first schedule's first actor. */
  readonly actor?: Reference;
  /** The actor's resource (Practitioner, ...) when it could be read. */
  readonly actorResource?: Resource;
  /** The questionnaire, once read. */
  readonly questionnaire?: Questionnaire;
  /** The first day of the visible month in the time zone (a TZDate as `today` is). */
  readonly month: TZDate;
  /** Shows another month and fetches its slots. */
  readonly setMonth: (month: Date) => void;
  readonly slotsStatus: SlotsLoadStatus;
  /** The visible window's slots by day. */
  readonly slotsByDay: SlotsByDay;
  /** Whether a day has free slots. */
  readonly isDayEnabled: (day: Date) => boolean;
  /** The chosen day's slots, ascending. */
  readonly times: readonly BookableSlot[];
  /** The appointment length in minutes: the chosen slot's, else the first offered slot's. */
  readonly durationMinutes?: number;
  /** Retries whatever failed to load. */
  readonly retry: () => void;
  readonly chooseDate: (day: Date | string) => void;
  readonly chooseTime: (slot: BookableSlot) => void;
  readonly submitAnswers: (response: QuestionnaireResponse) => void;
  readonly changeDate: () => void;
  readonly changeTime: () => void;
  readonly changeAnswers: () => void;
  readonly back: () => void;
  /** Books the chosen slot once; further calls while booking are ignored. */
  readonly book: () => Promise<void>;
  /** The reference of the patient the appointment is for, if known. */
  readonly patient?: Reference;
}

const EMPTY_SLOTS: SlotsByDay = { slots: [], days: new Map(), issues: [] };

// The booking transaction's code loads once a time is chosen: the date and time steps do not
// wait for it. A failed load is forgotten, so the next Confirm tries again.
const loadBooking = /* @__PURE__ */ onDemand(() => import('../../scheduler/booking'), 'the booking transaction');
/** What the scheduler reads before it can show days: the schedules, the provider, the questions. */
interface Setup {
  readonly status: ScheduleLoadStatus;
  readonly references: readonly string[];
  readonly schedule?: Schedule;
  readonly actor?: Reference;
  readonly actorResource?: Resource;
  readonly questionnaire?: Questionnaire;
}
const LOADING_SETUP: Setup = { status: 'loading', references: [] };
const ERROR_SETUP: Setup = { status: 'error', references: [] };

/** Resolves the schedule source, reads the first schedule, its actor and the questionnaire. */
async function loadSetup(client: FhirClient, options: UseSchedulerOptions, signal: AbortSignal): Promise<Setup> {
  const schedules = await resolveScheduleSource(options.schedule);
  if (schedules.length === 0) return { status: 'no-schedule', references: [] };
  const references = schedules.map(getScheduleReference);
  const first = schedules[0];
  const schedule = isScheduleResource(first) ? first : await client.readReference<Schedule>(first, { signal });
  const actor = schedule.actor?.[0];
  const given = options.questionnaire;
  let questionnaire: Questionnaire | undefined;
  if (given) {
    questionnaire =
      (given as Questionnaire).resourceType === 'Questionnaire'
        ? (given as Questionnaire)
        : await client.readReference<Questionnaire>(given as Reference, { signal });
  }
  if (!actor) return { status: 'no-actor', references, schedule, questionnaire };
  let actorResource: Resource | undefined;
  if (actor.reference) {
    try {
      actorResource = await client.readReference(actor, { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      // The name can still come from actor.display; the booking does not need the resource.
      console.error(`Scheduler: could not read the schedule actor ${actor.reference}`, error);
    }
  }
  return { status: 'ready', references, schedule, actor, actorResource, questionnaire };
}

const defaultNow = () => new Date();
const defaultUuid = () => globalThis.crypto.randomUUID();

/**
 * The scheduler's state and actions: reads the schedule and its first actor, searches the
 * visible month's free slots, walks the date → time → questions → confirm flow and books
 * the slot in one transaction. Use it with your own markup, or use `Scheduler`.
 */
export function useScheduler(options: UseSchedulerOptions): UseSchedulerResult {
  const client = useFhirClient();
  const timeZone = useMemo(
    () => options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    [options.timeZone]
  );
  const now = options.now ?? defaultNow;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const hasQuestions = Boolean(options.questionnaire);
  // The flow's reducer, with the caller's stateReducer over it.
  const reduce = (current: SchedulerState, action: SchedulerAction) => {
    const changes = schedulerReducer(current, action);
    const custom = latest.current.stateReducer;
    return custom ? custom(current, { ...action, changes }) : changes;
  };
  // The flow starts on the page's day and time (controlled or default ones).
  const [state, rawDispatch] = useReducer(
    reduce,
    { hasQuestions, bookOnAnswers: hasQuestions && !options.reviewStep },
    (init) =>
      moveTo(
        createSchedulerState(init),
        options.date ?? options.defaultDate,
        options.slot ?? options.defaultSlot,
        timeZone
      )
  );
  const stateRef = useRef(state);
  stateRef.current = state;

  // The day and the time a page may control. The flow holds them and reports each change
  // (onDateChange, onSlotChange). While the page passes a value it is the one truth: a pick of
  // another day or time is reported and not made (the page's new value makes it, below), and
  // a value the flow clears is put back unless the page clears it too.
  const move = useCallback((actions: SchedulerAction[], fromPage?: boolean) => {
    const current = stateRef.current;
    const next = actions.reduce(reduce, current);
    const { date, slot, onDateChange, onSlotChange } = latest.current;
    const newDate = next.date !== (date ?? current.date);
    const newSlot = next.slot?.id !== (slot ?? current.slot)?.id;
    if (newDate) onDateChange?.(next.date);
    if (newSlot) onSlotChange?.(next.slot);
    if (!fromPage && ((newDate && date && next.date) || (newSlot && slot && next.slot))) return;
    // Read by a second action in the same event (booking after the answers) before React renders.
    stateRef.current = next;
    for (const action of actions) rawDispatch(action);
  }, []);
  const dispatch = useCallback((action: SchedulerAction) => move([action]), [move]);
  // The page's day and time, when it passes them: the flow goes there when they change, or when
  // the flow left them. A time brings its own day.
  useEffect(() => {
    move(movesTo(stateRef.current, options.date, options.slot, timeZone), true);
    // The slot is compared by id: a slot list read again gives new objects for the same slots.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.date, options.slot?.id, state.date, state.slot?.id]);

  // The schedule, its actor and the questionnaire, read again when either option changes.
  const scheduleKey = typeof options.schedule === 'function' ? 'function' : JSON.stringify(options.schedule ?? null);
  const questionnaireKey = JSON.stringify(options.questionnaire ?? null);
  const setupRequest = useRequest<Setup>(JSON.stringify([scheduleKey, questionnaireKey]), async (signal) => {
    try {
      return await loadSetup(client, latest.current, signal);
    } catch (error) {
      if (!signal.aborted) console.error('Scheduler: could not load the schedule', error);
      throw error;
    }
  });
  const setup: Setup = setupRequest.loading
    ? LOADING_SETUP
    : setupRequest.error
      ? ERROR_SETUP
      : (setupRequest.data ?? LOADING_SETUP);

  // The visible month's free slots; the last month's stay on screen while the next one loads.
  const [month, setMonthState] = useState<TZDate>(() => getMonthStart(now(), timeZone));
  const referencesKey = setup.references.join(',');
  const slotsRequest = useRequest<SlotsByDay>(
    setup.status === 'ready' ? JSON.stringify([referencesKey, month.getTime(), timeZone]) : undefined,
    async (signal) => {
      // `now` is read when the search starts; a new clock function alone does not search again.
      const window = getSlotSearchWindow({ now: now(), timeZone, month });
      const query = buildSlotSearchQuery(referencesKey.split(','), window);
      try {
        // Availability changes by the minute, and a search after 'taken' must see the new state.
        const found = await client.searchResources('Slot', query, { cache: 'reload', signal });
        // The window starts at midnight; the clock drops what has started.
        const byDay = groupSlotsByDay(found, timeZone, { now });
        for (const issue of byDay.issues) console.warn(`Scheduler: ${issue.details?.text}`);
        return byDay;
      } catch (error) {
        if (!signal.aborted) console.error('Scheduler: could not load available times', error);
        throw error;
      }
    },
    { keepPreviousData: true }
  );
  const slots: { status: SlotsLoadStatus; byDay: SlotsByDay } = {
    status:
      setup.status !== 'ready' ? 'idle' : slotsRequest.loading ? 'loading' : slotsRequest.error ? 'error' : 'ready',
    byDay: slotsRequest.error ? EMPTY_SLOTS : (slotsRequest.data ?? EMPTY_SLOTS),
  };
  const refetchSetup = setupRequest.refetch;
  const refetchSlots = slotsRequest.refetch;

  const setMonth = useCallback((value: Date) => setMonthState(getMonthStart(value, timeZone)), [timeZone]);

  const retry = useCallback(() => {
    void (setup.status === 'error' ? refetchSetup() : refetchSlots());
  }, [setup.status, refetchSetup, refetchSlots]);

  const isDayEnabled = useCallback(
    (day: Date) => slots.byDay.days.has(toDayKey(day, timeZone)),
    [slots.byDay, timeZone]
  );
  const times = state.date ? getTimesForDay(slots.byDay, state.date) : [];
  const durationSlot = state.slot ?? times[0] ?? slots.byDay.slots[0];
  const durationMinutes = durationSlot ? getSlotDurationMinutes(durationSlot) : undefined;

  // The page's patient, else who the provider says the page is about (the signed-in profile, or a
  // SMART launch's patient with `subjectFromLaunch`).
  const subject = useSubject();
  const patient = options.patient ?? subject;
  const patientRef = useRef(patient);
  patientRef.current = patient;

  const chooseDate = useCallback(
    (day: Date | string) =>
      dispatch({ type: 'chooseDate', date: typeof day === 'string' ? day : toDayKey(day, timeZone) }),
    [dispatch, timeZone]
  );
  const chooseTime = useCallback(
    (slot: BookableSlot) => {
      dispatch({ type: 'chooseTime', slot });
      // Fetched ahead; a failure here is reported by book(), which loads it again.
      loadBooking().catch(() => {});
      latest.current.onSlotChosen?.(slot);
    },
    [dispatch]
  );

  const moves = useMemo(() => {
    const move = (type: 'changeDate' | 'changeTime' | 'changeAnswers' | 'back') => () => dispatch({ type });
    return {
      changeDate: move('changeDate'),
      changeTime: move('changeTime'),
      changeAnswers: move('changeAnswers'),
      back: move('back'),
    };
  }, [dispatch]);

  // A second confirm while the first is on the wire must not send a second transaction.
  const inFlight = useRef(false);
  const setupRef = useRef(setup);
  setupRef.current = setup;

  /** Books the slot with the answers; the callers check the flow's state first. */
  const bookChoice = useCallback(
    async (slot: BookableSlot | undefined, response: QuestionnaireResponse | undefined) => {
      const actor = setupRef.current.actor;
      // The page's patient or the subject (useSubject re-renders once the profile has loaded).
      const who = patientRef.current;
      if (inFlight.current || !slot || !actor) return;
      inFlight.current = true;
      dispatch({ type: 'book' });
      try {
        if (!who) throw new Error('Sign in as a patient to book an appointment');
        const { bookSlot } = await loadBooking();
        const result = await bookSlot({
          slot,
          patient: who,
          actor,
          response,
          createUuid: latest.current.createUuid ?? defaultUuid,
          executeBatch: (bundle) => client.executeBatch(bundle),
        });
        if (result.status === 'taken') {
          console.error('Scheduler: could not book the appointment', result.error);
          dispatch({ type: 'slotTaken' });
          void refetchSlots();
        } else {
          dispatch({ type: 'booked', appointment: result.appointment });
          latest.current.onBooked?.(result.appointment, result.response);
        }
      } catch (error) {
        console.error('Scheduler: could not book the appointment', error);
        dispatch({ type: 'bookingFailed', error: error instanceof Error ? error.message : String(error) });
      } finally {
        inFlight.current = false;
      }
    },
    [client, dispatch, refetchSlots]
  );

  const book = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'questions-answered' && current.status !== 'error') return;
    await bookChoice(current.slot, current.response);
  }, [bookChoice]);

  const submitAnswers = useCallback(
    (response: QuestionnaireResponse) => {
      const current = stateRef.current;
      dispatch({ type: 'answerQuestions', response });
      latest.current.onAnswersSubmitted?.(response);
      // Without a review step the answers' 'Next' books; the 'book'
      // action follows 'answerQuestions' in the same update.
      if (current.bookOnAnswers && current.status === 'time-chosen') void bookChoice(current.slot, response);
    },
    [dispatch, bookChoice]
  );

  return {
    state,
    dispatch,
    timeZone,
    today: new TZDateMini(now().getTime(), timeZone),
    scheduleStatus: setup.status,
    schedule: setup.schedule,
    actor: setup.actor,
    actorResource: setup.actorResource,
    questionnaire: setup.questionnaire,
    month,
    setMonth,
    slotsStatus: slots.status,
    slotsByDay: slots.byDay,
    isDayEnabled,
    times,
    durationMinutes,
    retry,
    chooseDate,
    chooseTime,
    submitAnswers,
    ...moves,
    book,
    patient,
  };
}
