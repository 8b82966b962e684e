// The one rule of `classNames` for every component family: a part always keeps its stable class
// `fpk-<slot>` (what the default theme and a team's own CSS select on), and a name given for the
// part is added after it, as react-day-picker and most component kits do. A team that wants a
// part without the default class says so explicitly: `{ 'auth-button': { replace: 'btn' } }`.

/** Drops the part's default class and uses `replace` alone ('' for no class at all). */
export interface ReplaceClassName {
  readonly replace: string;
}

/** What `classNames` may give one part: a class to add to the default, or a replacement. */
export type SlotClassName = string | ReplaceClassName;

/** Class names per part of a family, keyed by the part's slot name (`fpk-<slot>` is its default class). */
export type SlotClassNames<Slot extends string> = Partial<Record<Slot, SlotClassName>>;

/**
 * A part's class attribute: `fpk-<slot>`, then the caller's class for the part (or only the
 * caller's replacement), then any extra classes the component adds (falsy ones skipped).
 */
export function slotClassName<Slot extends string>(
  slot: Slot,
  classNames: SlotClassNames<Slot> | undefined,
  ...extra: (string | undefined | false | null)[]
): string {
  return partClassName(`fpk-${slot}`, classNames?.[slot], ...extra);
}

/** The same rule for a part whose default class is not `fpk-<slot>` (the calendar's day-picker parts). */
export function partClassName(
  defaultClass: string,
  given: SlotClassName | undefined,
  ...extra: (string | undefined | false | null)[]
): string {
  const names =
    typeof given === 'object' && given !== null ? [given.replace, ...extra] : [defaultClass, given, ...extra];
  let out = '';
  for (const name of names) if (name) out = out ? `${out} ${name}` : name;
  return out;
}

/** A stable key for a `classNames` object's content, so an inline object does not count as a change. */
export function classNamesKey(classNames: object | undefined): string {
  return classNames ? JSON.stringify(classNames) : '';
}
