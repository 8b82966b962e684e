// The props every single-field edit input shares. Like every component, such an input puts
// `ref`, `className`, `dir` and other HTML attributes on its root element (the field around the
// label and the control); what a caller wants on the `<input>` itself goes through `inputProps`
// and `inputRef`, so the two never compete for the same props.
import type { HTMLAttributes, InputHTMLAttributes, Ref } from 'react';

/** HTML attributes of an edit input's root element; the value goes through `value`/`onValueChange`. */
export type InputRootAttributes = Omit<
  HTMLAttributes<HTMLDivElement>,
  'defaultValue' | 'defaultChecked' | 'onChange' | 'children'
>;

/** Attributes for the inner `<input>`; the component owns its `value` and `type`. */
export type InnerInputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'type'>;

/** Props of an edit input that has one inner `<input>`. */
export interface InnerInputProps {
  /** Attributes for the inner `<input>` (`name`, `required`, `autoFocus`, `aria-*`...); handlers run before the input's own. */
  readonly inputProps?: InnerInputAttributes;
  /** A ref to the inner `<input>` (the component's `ref` is its root element). */
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Disables the input. */
  readonly disabled?: boolean;
  /** Shows the value without letting the user change it. */
  readonly readOnly?: boolean;
}

/** The ids an input is described by: the caller's and the field's error, space-separated; undefined for none. */
export function describedBy(...ids: (string | undefined | false)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
