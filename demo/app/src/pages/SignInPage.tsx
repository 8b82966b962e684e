import { SignInForm } from 'fhir-portal-kit/react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../shell/Logo';

/** 'Sign in to Foo Medical': the library's sign-in form; success lands on the dashboard. */
export function SignInPage() {
  const navigate = useNavigate();
  return (
    <main id="main" className="portal-auth-page">
      <Logo />
      <SignInForm
        productName="Foo Medical"
        headingLevel={1}
        onSuccess={() => navigate('/')}
        renderRegisterLink={() => <Link to="/register">Register</Link>}
        forgotPasswordHref="/forgotpassword"
      />
    </main>
  );
}
