import type { Appointment, QuestionnaireResponse } from '../fhir';
import type { BookableSlot } from './slots';

/**
 * Where the booking flow stands: no date, then date chosen, then time
 * chosen, then questions answered, then confirmed; `booking` while the transaction runs,
 * `taken` when someone else got the slot first, `error` when booking failed otherwise.
 */
export type SchedulerStatus =
  'no-date' | 'date-chosen' | 'time-chosen' | 'questions-answered' | 'booking' | 'confirmed' | 'taken' | 'error';

/** The state of the booking flow. */
export interface SchedulerState {
  readonly status: SchedulerStatus;
  /** The chosen day, `yyyy-MM-dd` in the patient's time zone. */
  readonly date?: string;
  /** The chosen slot. */
  readonly slot?: BookableSlot;
  /** The answers, once given; kept when the patient changes the time so they need not answer again. */
  readonly response?: QuestionnaireResponse;
  /** The booked appointment, once confirmed. */
  readonly appointment?: Appointment;
  /** Whether the flow has a questions step; without one, choosing a time goes straight to confirming. */
  readonly hasQuestions: boolean;
  /**
   * Whether the questions' 'Next' books at once (the four steps: date, time, questions, confirmation; what `useScheduler`
   * does unless asked for a review step) instead of leading to a separate review. When set,
   * a time chosen again with answers kept shows the questions, prefilled, rather than the
   * review. A flow without questions always reviews, since it has no 'Next' to book from.
   */
  readonly bookOnAnswers?: boolean;
  /** What went wrong, in the `error` state. */
  readonly error?: string;
}

/** The names of the flow's actions, for a `stateReducer` that overrides some of them. */
export const SchedulerActionType = {
  ChooseDate: 'chooseDate',
  ChooseTime: 'chooseTime',
  AnswerQuestions: 'answerQuestions',
  ChangeDate: 'changeDate',
  ChangeTime: 'changeTime',
  ChangeAnswers: 'changeAnswers',
  Back: 'back',
  Book: 'book',
  Booked: 'booked',
  SlotTaken: 'slotTaken',
  BookingFailed: 'bookingFailed',
  Reset: 'reset',
} as const;

/** A change to the booking flow. */
export type SchedulerAction =
  | { readonly type: typeof SchedulerActionType.ChooseDate; readonly date: string }
  | { readonly type: typeof SchedulerActionType.ChooseTime; readonly slot: BookableSlot }
  | { readonly type: typeof SchedulerActionType.AnswerQuestions; readonly response: QuestionnaireResponse }
  | { readonly type: typeof SchedulerActionType.ChangeDate }
  | { readonly type: typeof SchedulerActionType.ChangeTime }
  | { readonly type: typeof SchedulerActionType.ChangeAnswers }
  | { readonly type: typeof SchedulerActionType.Back }
  | { readonly type: typeof SchedulerActionType.Book }
  | { readonly type: typeof SchedulerActionType.Booked; readonly appointment: Appointment }
  | { readonly type: typeof SchedulerActionType.SlotTaken }
  | { readonly type: typeof SchedulerActionType.BookingFailed; readonly error: string }
  | { readonly type: typeof SchedulerActionType.Reset };

/** The flow's first state. */
export function createSchedulerState(options: { hasQuestions: boolean; bookOnAnswers?: boolean }): SchedulerState {
  return {
    status: 'no-date',
    hasQuestions: options.hasQuestions,
    ...(options.bookOnAnswers ? { bookOnAnswers: true } : {}),
  };
}

/**
 * The state a chosen time leads to once answers exist: the review, or (without a review step)
 * the questions again, prefilled, so their 'Next' is what books.
 */
const answeredStatus = (state: SchedulerState): SchedulerStatus =>
  state.hasQuestions && state.bookOnAnswers ? 'time-chosen' : 'questions-answered';

/** The flow's first state, keeping its shape (questions, review step) and the answers. */
const restart = (state: SchedulerState): SchedulerState => ({
  ...createSchedulerState(state),
  response: state.response,
});

/** The step before the current one, for `back`. */
function previous(state: SchedulerState): SchedulerState {
  switch (state.status) {
    case 'date-chosen':
    case 'taken':
      return restart(state);
    case 'time-chosen':
      return { ...state, status: 'date-chosen', slot: undefined };
    case 'questions-answered':
      return state.hasQuestions
        ? { ...state, status: 'time-chosen' }
        : { ...state, status: 'date-chosen', slot: undefined };
    case 'error':
      return { ...state, status: answeredStatus(state), error: undefined };
    default:
      return state;
  }
}

/**
 * The flow as a pure reducer. Actions that make no sense in the current state (choosing a
 * time before a date, booking twice, going back while booking) leave the state unchanged.
 */
export function schedulerReducer(state: SchedulerState, action: SchedulerAction): SchedulerState {
  const busy = state.status === 'booking' || state.status === 'confirmed';
  switch (action.type) {
    case 'chooseDate':
      if (busy) return state;
      return { ...restart(state), status: 'date-chosen', date: action.date };
    case 'chooseTime':
      if (busy || !state.date || state.status === 'no-date') return state;
      return {
        ...state,
        slot: action.slot,
        error: undefined,
        status: !state.hasQuestions || state.response ? answeredStatus(state) : 'time-chosen',
      };
    case 'answerQuestions':
      if (state.status !== 'time-chosen') return state;
      return { ...state, status: 'questions-answered', response: action.response };
    case 'changeDate':
      if (busy || state.status === 'no-date') return state;
      return restart(state);
    case 'changeTime':
      if (busy || !state.slot) return state;
      return { ...state, status: 'date-chosen', slot: undefined, error: undefined };
    case 'changeAnswers':
      if (!state.hasQuestions || (state.status !== 'questions-answered' && state.status !== 'error')) return state;
      return { ...state, status: 'time-chosen', error: undefined };
    case 'back':
      return previous(state);
    case 'book':
      if (state.status !== 'questions-answered' && state.status !== 'error') return state;
      return { ...state, status: 'booking', error: undefined };
    case 'booked':
      if (state.status !== 'booking') return state;
      return { ...state, status: 'confirmed', appointment: action.appointment };
    case 'slotTaken':
      if (state.status !== 'booking') return state;
      return { ...state, status: 'taken', slot: undefined };
    case 'bookingFailed':
      if (state.status !== 'booking') return state;
      return { ...state, status: 'error', error: action.error };
    case 'reset':
      return createSchedulerState(state);
    default:
      return state;
  }
}
