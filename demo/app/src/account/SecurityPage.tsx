import { ChangePasswordForm, MfaSettings } from 'fhir-portal-kit/react';

/**
 * account/security, 'Password and sign-in': beyond portal.md (issue 14: a real product lets its
 * users change their password and turn MFA on or off). Each card talks to the server itself
 * (auth/changepassword, auth/mfa/*) and says what happened in its own status line.
 */
export function SecurityPage() {
  return (
    <div className="portal-security">
      <h1>Password and sign-in</h1>
      <ChangePasswordForm />
      <MfaSettings />
    </div>
  );
}
