// Focus and submit helpers of the auth cards' steps.
import { useEffect, useRef, type FormEvent, type RefObject } from 'react';

/**
 * Moves focus when the step changes (not on first render): to the step's first marked field,
 * else to its heading.
 */
export function useStepFocus(step: string, root: RefObject<HTMLElement | null>): void {
  // Compare with the last step seen rather than skipping the first run: StrictMode runs effects twice.
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    const el = root.current;
    if (!el) return;
    const target =
      el.querySelector<HTMLElement>('[data-autofocus]') ?? el.querySelector<HTMLElement>('[data-step-heading]');
    target?.focus();
  }, [step, root]);
}

/** After a failed submit, focuses the first field marked invalid. */
export function useFocusFirstInvalid(errorsKey: string, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!errorsKey) return;
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsKey, root]);
}

/** A form submit handler that runs a step action; the action reports its own errors in state. */
export function submitWith(action: () => Promise<void>) {
  return (event: FormEvent): void => {
    event.preventDefault();
    void action();
  };
}
