import type { AuthCommonMessages } from './messages';

/** Texts every account-security card shares: required fields and the failures a request can end in. */
export type SecurityCommonMessages = Pick<
  AuthCommonMessages,
  'fieldRequired' | 'networkError' | 'serverError' | 'unexpectedResponse' | 'loading'
>;

/** Texts of ChangePasswordForm; every one can be replaced through `messages`. */
export interface ChangePasswordMessages extends SecurityCommonMessages {
  title: string;
  oldPasswordLabel: string;
  newPasswordLabel: string;
  confirmPasswordLabel: string;
  submit: string;
  /** Under a new password shorter than the minimum (the server's own text, so both read alike). */
  passwordTooShort: (min: number) => string;
  /** Under the confirmation when it differs from the new password. */
  passwordsDiffer: string;
  /** Under the new password when it is the current one. */
  sameAsCurrent: string;
  /** Announced once the server accepted the change. */
  changed: string;
}

/** Texts of MfaSettings; every one can be replaced through `messages`. */
export interface MfaSettingsMessages extends SecurityCommonMessages {
  title: string;
  statusOn: string;
  statusOff: string;
  turnOn: string;
  turnOff: string;
  cancel: string;
  /** After the status could not be loaded. */
  retry: string;
  qrAlt: string;
  enrollInstructions: string;
  /** Label of the secret shown for apps that cannot scan. */
  secretLabel: string;
  codeLabel: string;
  /** Under a code that is not six digits. */
  invalidCode: string;
  confirmOn: string;
  disableInstructions: string;
  passwordLabel: string;
  confirmOff: string;
  /** Announced once MFA is on. */
  turnedOn: string;
  /** Announced once MFA is off. */
  turnedOff: string;
}

const common: SecurityCommonMessages = {
  fieldRequired: (label) => `${label} is required`,
  networkError: 'Cannot reach the server. Check your connection and try again.',
  serverError: 'The server ran into a problem. Please try again in a moment.',
  unexpectedResponse: 'That did not work. Please try again.',
  loading: 'Please wait…',
};

/** Default texts of ChangePasswordForm. */
// Object.assign marked pure, not a spread: bundlers keep an unused object spread (it could run
// getters), so these texts would ride along with the sign-in and register cards.
export const defaultChangePasswordMessages: ChangePasswordMessages = /* @__PURE__ */ Object.assign({}, common, {
  title: 'Change password',
  oldPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  submit: 'Change password',
  passwordTooShort: (min) => `Password must be at least ${min} characters`,
  passwordsDiffer: 'Passwords do not match',
  sameAsCurrent: 'Choose a password different from your current one',
  changed: 'Your password was changed. Your other sessions have been signed out.',
} satisfies Omit<ChangePasswordMessages, keyof SecurityCommonMessages>);

/** Default texts of MfaSettings (the sign-in card's 'MFA code' and QR code texts where they meet). */
export const defaultMfaSettingsMessages: MfaSettingsMessages = /* @__PURE__ */ Object.assign({}, common, {
  title: 'Multi-factor authentication',
  statusOn: 'MFA is on: signing in asks for a code from your authenticator app.',
  statusOff: 'MFA is off: signing in asks only for your password.',
  turnOn: 'Turn on MFA',
  turnOff: 'Turn off MFA',
  cancel: 'Cancel',
  retry: 'Try again',
  qrAlt: 'QR code for your authenticator app',
  enrollInstructions:
    'Scan this QR code with your authenticator app, then enter the code it shows and your current password.',
  secretLabel: 'Or type this key into the app',
  codeLabel: 'MFA code',
  invalidCode: 'Enter the 6-digit code from your authenticator app',
  confirmOn: 'Turn on',
  disableInstructions: 'Enter your password to turn MFA off.',
  passwordLabel: 'Current password',
  confirmOff: 'Turn off',
  turnedOn: 'MFA is now on. The next sign-in will ask for a code.',
  turnedOff: 'MFA is now off.',
} satisfies Omit<MfaSettingsMessages, keyof SecurityCommonMessages>);
