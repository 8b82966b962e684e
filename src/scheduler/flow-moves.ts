// Taking the booking flow to a day and a time a page names (a controlled Scheduler): the actions
// that get it there from where it is, through the flow's own reducer.
import { schedulerReducer, type SchedulerAction, type SchedulerState } from './flow';
import { toDayKey, type BookableSlot } from './slots';

/** The actions that take the flow to a day and a time it is not on (a time brings its own day). */
export function movesTo(
  state: SchedulerState,
  date: string | undefined,
  slot: BookableSlot | undefined,
  timeZone: string
): SchedulerAction[] {
  const day = slot ? toDayKey(new Date(slot.start), timeZone) : date;
  const actions: SchedulerAction[] = [];
  if (day !== undefined && day !== state.date) actions.push({ type: 'chooseDate', date: day });
  if (slot && slot.id !== state.slot?.id) actions.push({ type: 'chooseTime', slot });
  return actions;
}

/** The flow's first state on the page's day and time. */
export function moveTo(
  state: SchedulerState,
  date: string | undefined,
  slot: BookableSlot | undefined,
  timeZone: string
): SchedulerState {
  return movesTo(state, date, slot, timeZone).reduce(schedulerReducer, state);
}
