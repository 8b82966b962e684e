import type { SlotClassNames } from '../primitives/classNames';
/** Every part of the sign-in and register cards and the account-security cards; the default class of a part is `fpk-${slot}`. */
export const AuthSlot = {
  Root: 'auth',
  Heading: 'auth-heading',
  Form: 'auth-form',
  Field: 'auth-field',
  Label: 'auth-label',
  Input: 'auth-input',
  FieldError: 'auth-field-error',
  Checkbox: 'auth-checkbox',
  Button: 'auth-button',
  Link: 'auth-link',
  Actions: 'auth-actions',
  Divider: 'auth-divider',
  Alert: 'auth-alert',
  AlertTitle: 'auth-alert-title',
  Issues: 'auth-issues',
  Notice: 'auth-notice',
  Text: 'auth-text',
  QrCode: 'auth-qr-code',
  ProfileList: 'auth-profile-list',
  ProfileItem: 'auth-profile-item',
  ScopeList: 'auth-scope-list',
  Google: 'auth-google',
  Status: 'auth-status',
  BotCheck: 'auth-bot-check',
  /** The root of an account-security card (ChangePasswordForm, MfaSettings), beside Root. */
  Settings: 'auth-settings',
  /** The MFA secret typed by hand into an app that cannot scan. */
  Secret: 'auth-secret',
} as const;

/** A part's name, e.g. 'auth-button'. */
export type AuthSlotName = (typeof AuthSlot)[keyof typeof AuthSlot];

/** Class names per part, added to the default `fpk-<slot>` (`{ replace }` drops it). */
export type AuthClassNames = SlotClassNames<AuthSlotName>;

/** The default class names: `fpk-${slot}` for each part. */
export function getDefaultAuthClassNames(): Record<AuthSlotName, string> {
  return Object.fromEntries(Object.values(AuthSlot).map((slot) => [slot, `fpk-${slot}`])) as Record<
    AuthSlotName,
    string
  >;
}
