import { forwardRef, type HTMLAttributes } from 'react';
import { getBadgeStatus, statusColor, type Resource, type StatusColor } from '../../fhir';
import { useMessages } from '../locale/MessagesContext';

// HTMLAttributes' own `resource` (RDFa) gives way to the FHIR resource prop.
interface StatusBadgeBaseProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'color' | 'resource'> {
  /** Overrides the colour the status table picks. */
  readonly color?: StatusColor;
  /**
   * The words shown for status codes, over the defaults (e.g. translations: `{ cancelled: 'Annulé' }`).
   * A code without a word reads as a sentence: 'entered-in-error' → 'Entered in error'.
   */
  readonly messages?: Readonly<Record<string, string>>;
}

/** Props of {@link StatusBadge}: a status code, or a resource whose status it shows. */
export type StatusBadgeProps = StatusBadgeBaseProps &
  (
    | {
        /** The FHIR status code, e.g. 'completed' or 'entered-in-error'. */
        readonly status: string;
        readonly resource?: undefined;
      }
    | {
        /**
         * A resource: its status is shown, except that an Immunization 'not-done' that is an
         * upcoming dose reads 'Scheduled' (getBadgeStatus).
         */
        readonly resource: Resource;
        readonly status?: undefined;
      }
  );

/** Words for the codes a sentence-case reading gets wrong; every other code reads as itself in sentence case. */
export const defaultStatusMessages: Readonly<Record<string, string>> = {
  noshow: 'No-show',
  asap: 'ASAP',
  stat: 'STAT',
};

function sentence(code: string): string {
  const words = code.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function word(status: string, messages: Readonly<Record<string, string>> | undefined): string {
  if (messages && Object.hasOwn(messages, status)) return messages[status];
  if (Object.hasOwn(defaultStatusMessages, status)) return defaultStatusMessages[status];
  return sentence(status);
}

/**
 * A small coloured label for a FHIR status, in words ('Completed', 'Not done'); the code itself on
 * `data-status`, the colour (statusColor) on `data-color`, styled by styles.css.
 */
export const StatusBadge = /* @__PURE__ */ forwardRef<HTMLSpanElement, StatusBadgeProps>(function StatusBadge(
  { status, resource, color, messages, className, ...rest },
  ref
) {
  const words = useMessages('status', defaultStatusMessages, messages);
  const code = (resource ? (resource as { status?: string }).status : status) ?? 'unknown';
  const shown = resource ? getBadgeStatus(resource) : code;
  return (
    <span
      {...rest}
      ref={ref}
      className={className ? `fpk-status-badge ${className}` : 'fpk-status-badge'}
      data-color={color ?? statusColor(shown)}
      data-status={code}
    >
      {word(shown, words)}
    </span>
  );
});
