import { SignInForm } from 'fhir-portal-kit/react';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { Logo } from '../shell/Logo';
import { signedOutText } from './signedOutText';

/** 'Sign in to Foo Medical': the library's sign-in form; success lands on the dashboard. */
export function SignInPage() {
  const navigate = useNavigate();
  const t = useText(signedOutText);
  return (
    <main id="main" className="portal-auth-page">
      <div className="portal-auth-top">
        <Logo />
        <LanguageSwitcher />
      </div>
      <SignInForm
        productName="Foo Medical"
        headingLevel={1}
        onSuccess={() => navigate('/')}
        renderRegisterLink={() => <Link to="/register">{t.register}</Link>}
        forgotPasswordHref="/forgotpassword"
      />
    </main>
  );
}
