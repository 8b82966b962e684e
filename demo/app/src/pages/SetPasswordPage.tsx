import { useFhirClient, useErrorText } from 'fhir-portal-kit/react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { Logo } from '../shell/Logo';
import { signedOutText } from './signedOutText';

/**
 * The page a password reset link opens (/setpassword/{id}/{secret}, issue 20): a new password,
 * posted to auth/setpassword. The link works once; every session of the account ends.
 */
export function SetPasswordPage() {
  const errorText = useErrorText();
  const client = useFhirClient();
  const t = useText(signedOutText);
  const { id = '', secret = '' } = useParams();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState('saving');
    setError(undefined);
    try {
      await client.setPassword(id, secret, password);
      setState('done');
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
      <section aria-labelledby="setpassword-title" className="fpk-auth">
        <h1 id="setpassword-title" className="fpk-auth-heading">
          {t.chooseNewPassword}
        </h1>
        {state === 'done' ? (
          <p role="status" className="fpk-auth-status">
            {t.passwordSet} <Link to="/signin">{t.signIn}</Link>
          </p>
        ) : (
          <form className="fpk-auth-form" onSubmit={submit}>
            <div className="fpk-auth-field">
              <label htmlFor="setpassword-password" className="fpk-auth-label">
                {t.newPassword}
              </label>
              <input
                id="setpassword-password"
                className="fpk-auth-input"
                type="password"
                autoComplete="new-password"
                minLength={8}
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <p role="status" className="fpk-auth-status">
              {error}
            </p>
            <div className="fpk-auth-actions">
              <button type="submit" className="fpk-auth-button" disabled={state === 'saving'}>
                {t.setPassword}
              </button>
            </div>
          </form>
        )}
      </section>
      <p className="portal-auth-alt">
        {t.linkExpired} <Link to="/forgotpassword">{t.askForNewOne}</Link>
      </p>
    </main>
  );
}
