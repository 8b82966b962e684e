import { useFhirClient, useErrorText } from 'fhir-portal-kit/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { Logo } from '../shell/Logo';
import { signedOutText } from './signedOutText';

/**
 * 'Forgot password' (issue 20): posts the email to auth/resetpassword. The server answers alike
 * whether or not an account has it, so the page says the same either way. The demo server sends
 * no mail: it prints the link on its console (a line starting with [mail]).
 */
export function ForgotPasswordPage() {
  const errorText = useErrorText();
  const client = useFhirClient();
  const t = useText(signedOutText);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('sending');
    setError(undefined);
    try {
      await client.resetPassword(email.trim());
      setState('sent');
    } catch (err) {
      setError(errorText(err));
      setState('idle');
    }
  }

  return (
    <main id="main" className="portal-auth-page">
      <div className="portal-auth-top">
        <Logo />
        <LanguageSwitcher />
      </div>
      <section aria-labelledby="forgot-title" className="fpk-auth">
        <h1 id="forgot-title" className="fpk-auth-heading">
          {t.resetYourPassword}
        </h1>
        {state === 'sent' ? (
          <>
            <p role="status" className="fpk-auth-status">
              {t.resetLinkSent(email.trim())}
            </p>
            <p className="fpk-auth-text">{t.demoSendsNoMail}</p>
          </>
        ) : (
          <form className="fpk-auth-form" onSubmit={submit}>
            <div className="fpk-auth-field">
              <label htmlFor="forgot-email" className="fpk-auth-label">
                {t.email}
              </label>
              <input
                id="forgot-email"
                className="fpk-auth-input"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <p role="status" className="fpk-auth-status">
              {error}
            </p>
            <div className="fpk-auth-actions">
              <button type="submit" className="fpk-auth-button" disabled={state === 'sending'}>
                {t.sendResetLink}
              </button>
            </div>
          </form>
        )}
      </section>
      <p className="portal-auth-alt">
        {t.rememberedIt} <Link to="/signin">{t.signIn}</Link>
      </p>
    </main>
  );
}
