import { forwardRef, type HTMLAttributes } from 'react';
import { statusColor, type StatusColor } from '../../fhir';

/** Props of {@link StatusBadge}. */
export interface StatusBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'color'> {
  /** The FHIR status code, e.g. 'completed' or 'entered-in-error'. */
  readonly status: string;
  /** Overrides the colour the status table picks. */
  readonly color?: StatusColor;
  /** The text shown for a status code (e.g. translations: `{ cancelled: 'Annulé' }`); the code itself otherwise. */
  readonly messages?: Readonly<Record<string, string>>;
}

/** A small coloured label for a FHIR status; colour (statusColor) on `data-color`, styled by styles.css. */
export const StatusBadge = /* @__PURE__ */ forwardRef<HTMLSpanElement, StatusBadgeProps>(function StatusBadge(
  { status, color, messages, className, ...rest },
  ref
) {
  return (
    <span
      {...rest}
      ref={ref}
      className={className ? `fpk-status-badge ${className}` : 'fpk-status-badge'}
      data-color={color ?? statusColor(status)}
      data-status={status}
    >
      {messages?.[status] ?? status}
    </span>
  );
});
