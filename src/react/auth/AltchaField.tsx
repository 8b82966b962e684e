import { forwardRef, type HTMLAttributes } from 'react';
import { useCn } from './authClassContext';
import type { UseAltchaResult } from './useAltcha';

/** Props of AltchaField; other HTML attributes go to its root element. */
export interface AltchaFieldProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The check from useAltcha. */
  readonly altcha: UseAltchaResult;
}

/**
 * The ALTCHA widget's place in a form: its labelled checkbox (keyboard operable, from the
 * widget) and a polite live region that announces when the check runs, passes, fails or expires.
 * The ref is the root element.
 */
export const AltchaField = /* @__PURE__ */ forwardRef<HTMLDivElement, AltchaFieldProps>(function AltchaField(
  { altcha, className, ...attributes },
  ref
) {
  const cn = useCn();
  return (
    <div {...attributes} ref={ref} className={cn('auth-bot-check', className)} data-status={altcha.status}>
      <div ref={altcha.ref} />
      <p role="status" className="fpk-auth-visually-hidden">
        {altcha.statusText}
      </p>
    </div>
  );
});
