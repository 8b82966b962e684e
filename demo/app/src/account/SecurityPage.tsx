import { ChangePasswordForm, MfaSettings, useFhirClient } from 'fhir-portal-kit/react';
import { useEffect, useState } from 'react';
import { useText } from '../i18n/useText';
import { accountText } from './text';

/** What this page reads of GET auth/me: how the session signed in (demo/server/auth/routes.ts). */
interface SessionSignIn {
  readonly login?: { readonly authMethod?: 'password' | 'external' };
}

/** How the signed-in session signed in: 'password', 'external' (an identity provider), or undefined while asking. */
function useSignInMethod(): string | undefined {
  const client = useFhirClient();
  const [method, setMethod] = useState<string>();
  useEffect(() => {
    let current = true;
    client.get<SessionSignIn>('auth/me', { cache: 'no-cache' }).then(
      (me) => current && setMethod(me.login?.authMethod ?? 'password'),
      // Not known: offer the form, which the server guards anyway (it asks for the current password).
      () => current && setMethod('password')
    );
    return () => {
      current = false;
    };
  }, [client]);
  return method;
}

/**
 * account/security, 'Password and sign-in': beyond portal.md (issue 14: a real product lets its
 * users change their password and turn MFA on or off). Each card talks to the server itself
 * (auth/changepassword, auth/mfa/*) and says what happened in its own status line. A person
 * who signed in at their identity provider (Northwind ID in the demo) has no password here, so
 * the page says where it is managed instead of showing a form that could never succeed, and the
 * same for MFA: the server does not ask its own second factor after a provider's sign-in, and
 * turning it off would need the password such a person does not have. Until the server has said
 * how the session signed in, no card is shown.
 */
export function SecurityPage() {
  const signInMethod = useSignInMethod();
  const t = useText(accountText);
  return (
    <div className="portal-security">
      <h1>{t.passwordSignIn}</h1>
      {signInMethod === 'external' ? (
        <section aria-labelledby="security-password-title" className="fpk-auth fpk-auth-settings">
          <h2 id="security-password-title" className="fpk-auth-heading">
            {t.password}
          </h2>
          <p>{t.passwordManagedElsewhere}</p>
        </section>
      ) : signInMethod ? (
        <ChangePasswordForm />
      ) : null}
      {signInMethod === 'external' ? (
        <section aria-labelledby="security-mfa-title" className="fpk-auth fpk-auth-settings">
          <h2 id="security-mfa-title" className="fpk-auth-heading">
            {t.mfa}
          </h2>
          <p>{t.mfaManagedElsewhere}</p>
        </section>
      ) : signInMethod ? (
        <MfaSettings />
      ) : null}
    </div>
  );
}
