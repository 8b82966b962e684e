import type { Reference, Schedule } from '../fhir';

/** A schedule given as the resource itself or as a reference to it. */
export type ScheduleInput = Schedule | Reference;

/** One schedule or several; the slot search covers all of them. */
export type ScheduleInputs = ScheduleInput | readonly ScheduleInput[];

/**
 * Where the schedules come from: given directly, or from a caller's function (for example
 * "the first schedule found" on the portal's get-care page).
 */
export type ScheduleSource = ScheduleInputs | (() => ScheduleInputs | undefined | Promise<ScheduleInputs | undefined>);

/** True when the value is a Schedule resource rather than a reference. */
export function isScheduleResource(value: ScheduleInput): value is Schedule {
  return (value as Schedule).resourceType === 'Schedule';
}

/** The `Schedule/{id}` reference string of a schedule or reference; throws when it has neither id nor reference. */
export function getScheduleReference(value: ScheduleInput): string {
  if (isScheduleResource(value)) {
    if (!value.id) {
      throw new TypeError(
        'A Schedule passed to the scheduler needs an id: save it first, or pass { reference: "Schedule/<id>" }'
      );
    }
    return `Schedule/${value.id}`;
  }
  if (!value.reference) {
    throw new TypeError('A schedule reference needs a reference string such as "Schedule/123"');
  }
  return value.reference;
}

/** The schedules as a list, in the order given. */
export function toScheduleList(inputs: ScheduleInputs | undefined): readonly ScheduleInput[] {
  if (!inputs) return [];
  return Array.isArray(inputs) ? inputs : [inputs as ScheduleInput];
}

/** Resolves a {@link ScheduleSource} to the list of schedules, calling the caller's function if given. */
export async function resolveScheduleSource(source: ScheduleSource | undefined): Promise<readonly ScheduleInput[]> {
  if (typeof source === 'function') return toScheduleList(await source());
  return toScheduleList(source);
}
