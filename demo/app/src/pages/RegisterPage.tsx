import { RegisterForm } from 'fhir-portal-kit/react';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { Logo } from '../shell/Logo';
import { signedOutText } from './signedOutText';

/** 'Register with Foo Medical': a patient registration that lands on / when done. */
export function RegisterPage() {
  const navigate = useNavigate();
  const t = useText(signedOutText);
  return (
    <main id="main" className="portal-auth-page">
      <div className="portal-auth-top">
        <Logo />
        <LanguageSwitcher />
      </div>
      <RegisterForm
        type="patient"
        productName="Foo Medical"
        headingLevel={1}
        onSuccess={() => navigate('/')}
        // An email of a domain with its own identity provider (Northwind ID) registers there, and
        // the provider's answer comes back to /signin, whose card finishes it and lands on /. One
        // return page per client, matched exactly by the server, for signing in and registering
        // alike: each extra registered URI is one more place a code may be sent.
        externalReturnUri="/signin"
        recaptchaSiteKey={import.meta.env.VITE_RECAPTCHA_SITE_KEY}
        // The reference server's bot check: ALTCHA's proof of work, unless it is set up for reCAPTCHA.
        altchaChallengeUrl={import.meta.env.VITE_RECAPTCHA_SITE_KEY ? undefined : 'auth/altcha/challenge'}
      />
      <p className="portal-auth-alt">
        {t.alreadyHaveAccount} <Link to="/signin">{t.signIn}</Link>
      </p>
    </main>
  );
}
