// src/react/auth: headless sign-in and register flows (useSignIn, useRegister) and their styled
// cards (SignInForm, RegisterForm); the signed-in user's own security settings (useChangePassword,
// useMfaSettings) and their cards (ChangePasswordForm, MfaSettings).
//
// Choices the sign-in flow leaves to the product:
// - Step headings: 'Sign in to {productName}' and 'Register with {productName}' ('the product'
//   stands for its name); without a productName, 'Sign in' (email and password steps)
//   and 'Create an account' (register). The other steps use fixed titles; done shows the
//   heading 'Success'.
// - An external sign-in that matched an account with a password (the reference server's
//   `linkRequired`) shows a 'Link your account' step: that account's password, posted to
//   auth/external/link, links the provider; MFA, profile and scope follow as after a password.
//   Focus goes to its heading, so the explanation is read before the field.
// - auth/method answering 404 (a server without it) continues to the password step.
// - An external sign-in returns to the page it left (or redirectUri) with ?code=…&state=…; the
//   form checks the state against the one it kept in sessionStorage, exchanges the code, and
//   removes both from the address bar. A code without a kept state is ignored. Registration
//   asks auth/method first and sends an email with a provider there (createUser), no password.
// - An error about the email found on the password step sends the user back to the email step.
// - Issues are matched to fields by expression with indices stripped; the server's 'token' names
//   the MFA code. 5xx and network failures show fixed, replaceable messages, never raw text.
// - The bot-check notice shows only when a reCAPTCHA site key is set (it would be untrue otherwise).
// - With `altchaChallengeUrl` the register form shows the ALTCHA widget ('I'm not a robot', a
//   checkbox) after Remember me; it starts solving when the form gets focus, and a submit waits
//   for it. A live region announces checking, verified, failed and expired.
// - Scope sub-filters: Condition by problem-list-item, encounter-diagnosis, health-concern;
//   Observation by the nine observation-category codes; labels are the scope strings.
// - Code not every sign-in needs loads on demand: the external-provider path (when auth/method
//   names a provider, or a provider's answer is in the address bar), the Google button (with a
//   client id), SignInForm's steps after the password (from the first request). A step that
//   arrives first shows 'Please wait…'; a failed load shows an error where the card's errors go.
// - Buttons stay enabled while a request runs (aria-busy, data-loading); a second submit is ignored.
// - Changing the password asks for the current one and a confirmation; the new one must be 8
//   characters or more (minPasswordLength) and differ from the current one, checked before sending.
// - MFA settings load the status on mount; turning MFA on shows the server's QR code and the secret
//   in groups of four, and takes a six-digit code (spaces ignored); turning it off takes the
//   current password, as the reference server requires.
export * from './classNames';
export * from './messages';
export { toFormErrors, type FormErrors } from './formErrors';
export * from './scopes';
export * from './signInReducer';
export * from './registerReducer';
export * from './useSignIn';
export * from './useRegister';
export { EXTERNAL_STATE_KEY, findExternalAuthorizeUrl, withoutExternalReturn } from './externalProvider';
export * from './externalSignIn';
export { SignInForm, type SignInFormProps } from './SignInForm';
export { RegisterForm, type RegisterFormProps } from './RegisterForm';
export * from './useAltcha';
export { AltchaField, type AltchaFieldProps } from './AltchaField';
export * from './securityMessages';
export * from './useChangePassword';
export * from './useMfaSettings';
export { ChangePasswordForm, type ChangePasswordFormProps } from './ChangePasswordForm';
export { MfaSettings, type MfaSettingsProps } from './MfaSettings';
export type { SettingsCardProps } from './SettingsCard';
