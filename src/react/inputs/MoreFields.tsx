// The 'More' disclosure of the composite inputs (address, name): the parts a patient fills lead,
// and FHIR's bookkeeping parts (use, type, prefix, suffix) wait behind it. A real button with
// aria-expanded and aria-controls (the WAI-ARIA disclosure pattern), not <details>: Enter and
// Space act on a button everywhere, and the closed panel is `hidden`, out of the tab order and
// the accessibility tree alike.
import { useId, useState, type ReactNode } from 'react';
import { slotClass, type InputsClassNames } from './classNames';

/**
 * The disclosure. It starts open when it holds a value, so nothing the record already says is
 * hidden, and it stays open once shown until the user closes it: a value cleared inside it must
 * not fold the field away under the user's focus.
 */
export function MoreFields({
  label,
  hasValue,
  classNames,
  children,
}: {
  /** The button's text, e.g. 'More'. */
  label: string;
  /** True when any part inside has a value. */
  hasValue: boolean;
  classNames: InputsClassNames | undefined;
  children: ReactNode;
}) {
  const panelId = useId();
  const [state, setState] = useState({ open: hasValue, chosen: false });
  // A value that arrives later (a record loaded after the first render) opens it too, unless the
  // user already chose.
  if (hasValue && !state.open && !state.chosen) setState({ open: true, chosen: false });
  const dataState = state.open ? 'open' : 'closed';
  return (
    <div className={slotClass('inputs-more', classNames)} data-state={dataState}>
      <button
        type="button"
        className={slotClass('inputs-more-toggle', classNames)}
        aria-expanded={state.open}
        aria-controls={panelId}
        data-state={dataState}
        onClick={() => setState({ open: !state.open, chosen: true })}
      >
        {label}
      </button>
      <div id={panelId} className={slotClass('inputs-row', classNames)} hidden={!state.open}>
        {children}
      </div>
    </div>
  );
}
