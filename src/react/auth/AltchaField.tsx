import type { ReactNode } from 'react';
import { useCn } from './authClassContext';
import type { UseAltchaResult } from './useAltcha';

/** Props of AltchaField. */
export interface AltchaFieldProps {
  /** The check from useAltcha. */
  readonly altcha: UseAltchaResult;
}

/**
 * The ALTCHA widget's place in a form: its labelled checkbox (keyboard operable, from the
 * widget) and a polite live region that announces when the check runs, passes, fails or expires.
 */
export function AltchaField({ altcha }: AltchaFieldProps): ReactNode {
  const cn = useCn();
  return (
    <div className={cn('auth-bot-check')} data-status={altcha.status}>
      <div ref={altcha.ref} />
      <p role="status" className="fpk-auth-visually-hidden">
        {altcha.statusText}
      </p>
    </div>
  );
}
