// The Scheduler's parts and steps: the class of each part, which step a state of the flow
// shows, and the provider's name in the panel. Apart from the component so it stays one view.
import type { HumanName, Reference, Resource } from '../../fhir';
import type { UseSchedulerResult } from './useScheduler';

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

/** The steps of the booking flow, in order (the others are load states). */
export const STEPS: readonly SchedulerView[] = ['date', 'time', 'questions', 'confirm', 'booked'];

const FLOW_VIEWS: Record<UseSchedulerResult['state']['status'], SchedulerView> = {
  'no-date': 'date',
  'date-chosen': 'time',
  taken: 'time',
  'time-chosen': 'questions',
  'questions-answered': 'confirm',
  booking: 'confirm',
  error: 'confirm',
  confirmed: 'booked',
};

/** The step to show for the hook's state. */
export function getSchedulerView({ scheduleStatus, state }: UseSchedulerResult): SchedulerView {
  if (scheduleStatus !== 'ready') return scheduleStatus === 'error' ? 'load-error' : scheduleStatus;
  // Without a review step the questions stay on screen while their 'Next' books; a failed
  // booking shows the review so the patient can try again.
  if (state.bookOnAnswers && (state.status === 'questions-answered' || state.status === 'booking')) {
    return 'questions';
  }
  return FLOW_VIEWS[state.status];
}

type Named = { name?: string | HumanName[]; photo?: { url?: string; data?: string; contentType?: string }[] };

/** The resource's official HumanName, else its first one. */
function getHumanName(resource: Resource | undefined): HumanName | undefined {
  const names = (resource as Named | undefined)?.name;
  return Array.isArray(names) ? (names.find((n) => n.use === 'official') ?? names[0]) : undefined;
}

/** A person's or place's display name from its resource, else the reference's display. */
export function getActorName(resource: Resource | undefined, reference: Reference | undefined): string | undefined {
  const name = (resource as Named | undefined)?.name;
  if (typeof name === 'string') return name;
  const human = getHumanName(resource);
  const parts = human && [...(human.prefix ?? []), ...(human.given ?? []), human.family, ...(human.suffix ?? [])];
  return human?.text?.trim() || parts?.filter(Boolean).join(' ') || reference?.display || reference?.reference;
}
