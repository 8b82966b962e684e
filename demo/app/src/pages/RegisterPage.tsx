import { RegisterForm } from 'fhir-portal-kit/react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../shell/Logo';

/** 'Register with Foo Medical': a patient registration that lands on / when done. */
export function RegisterPage() {
  const navigate = useNavigate();
  return (
    <main id="main" className="portal-auth-page">
      <Logo />
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
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </main>
  );
}
