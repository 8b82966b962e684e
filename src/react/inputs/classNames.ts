import { slotClassName, type SlotClassNames } from '../primitives/classNames';
/** Every part of the edit inputs; the default class of a part is `fpk-${slot}`. */
export const InputsSlot = {
  Fieldset: 'inputs-fieldset',
  Legend: 'inputs-legend',
  Row: 'inputs-row',
  Field: 'inputs-field',
  Label: 'inputs-label',
  Input: 'input',
  Select: 'select',
  Error: 'inputs-error',
  Hint: 'inputs-hint',
  More: 'inputs-more',
  MoreToggle: 'inputs-more-toggle',
  Button: 'button',
  Combobox: 'inputs-combobox',
  Listbox: 'inputs-listbox',
  Option: 'inputs-option',
  Empty: 'inputs-empty',
  Tags: 'inputs-tags',
  Tag: 'inputs-tag',
  TagRemove: 'inputs-tag-remove',
  Secret: 'inputs-secret',
  Copy: 'inputs-copy',
  TableRoot: 'inputs-table-root',
  TableToolbar: 'inputs-table-toolbar',
  TableScroll: 'inputs-table-scroll',
  Table: 'inputs-table',
  TableSort: 'inputs-table-sort',
  TablePager: 'inputs-table-pager',
  Form: 'form',
  FormField: 'form-field',
  FormItem: 'form-item',
  FormLock: 'form-lock',
  FormActions: 'form-actions',
} as const;

/** A part's name, e.g. 'inputs-field'. */
export type InputsSlotName = (typeof InputsSlot)[keyof typeof InputsSlot];

/** Class names per part, added to the default `fpk-<slot>` (`{ replace }` drops it). */
export type InputsClassNames = SlotClassNames<InputsSlotName>;

/** The class of one part: `fpk-${slot}` and the user's from `classNames` (primitives/classNames.ts). */
export function slotClass(slot: InputsSlotName, classNames: InputsClassNames | undefined, extra?: string): string {
  return slotClassName(slot, classNames, extra);
}
