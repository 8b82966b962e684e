import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from './SignInForm';
import { BASE, outcome, renderWithClient, TOKENS } from './testUtils';

beforeEach(() => {
  sessionStorage.clear();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

async function toPasswordStep(user: ReturnType<typeof userEvent.setup>, email = 'alice@example.com') {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByLabelText(/^Password/);
}

const membership = (i: number) => ({
  id: `M${i}`,
  profile: { reference: `Practitioner/${i}`, display: `Doctor ${i}` },
  project: { reference: `Project/${i}`, display: i % 2 ? 'Clinic North' : 'Clinic South' },
});

describe('SignInForm', () => {
  describe('when on the email step', () => {
    it('renders an h2 by default, so a page keeps its one h1', () => {
      renderWithClient(<SignInForm />, {});
      expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    });

    it('shows the email field, Next and the Register link, and no Google script without a client id', () => {
      renderWithClient(<SignInForm registerHref="/register" headingLevel={1} />, {});
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      const email = screen.getByLabelText(/^Email/);
      expect(email).toHaveAttribute('type', 'email');
      expect(email).toBeRequired();
      expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
      expect(screen.queryByRole('separator', { name: 'or' })).not.toBeInTheDocument();
      expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
    });

    it('takes a title and a custom register link', () => {
      renderWithClient(
        <SignInForm title="Sign in to the product" renderRegisterLink={() => <a href="/join">Join us</a>} />,
        {}
      );
      expect(screen.getByRole('heading', { name: 'Sign in to the product' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Join us' })).toHaveAttribute('href', '/join');
      expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    });

    it('names the product in its heading, which a title or messages.signInTitle replace whole', () => {
      const cases: [ReactElement, string][] = [
        [<SignInForm productName="Foo Medical" />, 'Sign in to Foo Medical'],
        [
          <SignInForm productName="Foo Medical" messages={{ signInTitleFor: (name) => `Bei ${name} anmelden` }} />,
          'Bei Foo Medical anmelden',
        ],
        [<SignInForm productName="Foo Medical" messages={{ signInTitle: 'Welcome back' }} />, 'Welcome back'],
        [<SignInForm productName="Foo Medical" title="Patient sign-in" />, 'Patient sign-in'],
      ];
      for (const [ui, heading] of cases) {
        const view = renderWithClient(ui, {});
        expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
        // Not an attribute of the card's root.
        expect(view.container.querySelector('[productname]')).toBeNull();
        view.unmount();
      }
    });

    it('loads Google only when a Google client id is given, with an or divider', async () => {
      renderWithClient(<SignInForm googleClientId="g-1" />, {});
      expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument();
      // Google's script follows our button code, which loads on demand.
      await waitFor(() =>
        expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull()
      );
    });

    it('signs in with a Google credential through auth/google', async () => {
      const user = userEvent.setup();
      let callback: ((r: { credential: string }) => void) | undefined;
      (window as any).google = {
        accounts: {
          id: {
            initialize: (config: any) => (callback = config.callback),
            renderButton: (parent: HTMLElement) => {
              const button = document.createElement('button');
              button.type = 'button';
              button.textContent = 'Google';
              button.onclick = () => callback?.({ credential: 'jwt-from-google' });
              parent.append(button);
            },
          },
        },
      };
      try {
        const { posted } = renderWithClient(<SignInForm googleClientId="g-1" projectId="P1" />, {
          'POST auth/google': { body: { login: 'L1', code: 'C1' } },
          'POST oauth2/token': TOKENS,
        });
        await user.click(await screen.findByRole('button', { name: 'Google' }));
        expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
        expect(posted('auth/google')).toEqual([
          {
            googleClientId: 'g-1',
            googleCredential: 'jwt-from-google',
            projectId: 'P1',
            clientId: 'app-1',
            codeChallenge: expect.any(String),
            codeChallengeMethod: 'S256',
          },
        ]);
        expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
      } finally {
        delete (window as any).google;
      }
    });

    it('requires an email and sends nothing until it is given', async () => {
      const user = userEvent.setup();
      const { fetch } = renderWithClient(<SignInForm />, {});
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const email = screen.getByLabelText(/^Email/);
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription('Email is required');
      expect(email).toHaveFocus();
      await user.type(email, 'not-an-email');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(email).toHaveAccessibleDescription('Enter a valid email address');
      expect(fetch.requests).toHaveLength(0);
    });

    it('redirects to the external authorize address auth/method returns', async () => {
      const user = userEvent.setup();
      const navigate = vi.fn();
      const { posted } = renderWithClient(<SignInForm navigate={navigate} />, {
        'POST auth/method': { body: { authorizeUrl: 'https://idp.example.org/authorize?x=1', domain: 'example.org' } },
      });
      await user.type(screen.getByLabelText(/^Email/), 'bob@example.org');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
      // The authorize address as given, plus the login request (with a PKCE challenge) as state
      // and the typed email as login_hint, so the provider's form can prefill it.
      const url = new URL(navigate.mock.calls[0][0]);
      expect(url.origin + url.pathname).toBe('https://idp.example.org/authorize');
      expect([...url.searchParams.keys()]).toEqual(['x', 'state', 'login_hint']);
      expect(url.searchParams.get('x')).toBe('1');
      expect(url.searchParams.get('login_hint')).toBe('bob@example.org');
      expect(JSON.parse(url.searchParams.get('state')!)).toEqual({
        clientId: 'app-1',
        redirectUri: window.location.origin + window.location.pathname,
        domain: 'example.org',
        codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        codeChallengeMethod: 'S256',
      });
      expect(posted('auth/method')).toEqual([{ email: 'bob@example.org' }]);
      expect(screen.getByRole('status')).toHaveTextContent('Redirecting to your sign-in provider…');
    });
  });

  describe('when signing in with a password', () => {
    it('walks email, password and code exchange to Success, with the exact requests', async () => {
      const user = userEvent.setup();
      const onSuccess = vi.fn();
      const { fetch, posted } = renderWithClient(
        <SignInForm projectId="P1" scope="openid" forgotPasswordHref="/reset" onSuccess={onSuccess} />,
        {
          'POST auth/method': { body: {} },
          'POST auth/login': { body: { login: 'L1', code: 'C1' } },
          'POST oauth2/token': TOKENS,
        }
      );
      const password = await toPasswordStep(user);
      expect(password).toHaveFocus();
      expect(password).toHaveAttribute('type', 'password');
      expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/reset');
      await user.type(password, 'correct horse');
      await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toHaveFocus();
      expect(onSuccess).toHaveBeenCalledTimes(1);
      expect(posted('auth/login')).toEqual([
        {
          email: 'alice@example.com',
          password: 'correct horse',
          remember: true,
          projectId: 'P1',
          clientId: 'app-1',
          scope: 'openid',
          codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          codeChallengeMethod: 'S256',
        },
      ]);
      const token = fetch.requests.find((r) => r.url === `${BASE}oauth2/token`)!;
      expect(new URLSearchParams(token.body).get('grant_type')).toBe('authorization_code');
      expect(new URLSearchParams(token.body).get('code')).toBe('C1');
      expect(new URLSearchParams(token.body).get('code_verifier')).toHaveLength(128);
    });

    it('shows a wrong password under the field and keeps what was typed', async () => {
      const user = userEvent.setup();
      renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': { status: 400, body: outcome('Email or password is invalid', 'password') },
      });
      const password = await toPasswordStep(user);
      await user.type(password, 'wrong');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(password).toHaveAccessibleDescription('Email or password is invalid'));
      expect(password).toHaveValue('wrong');
      expect(password).toHaveFocus();
    });

    it('sends an unknown email back to the email step with the message under the field', async () => {
      const user = userEvent.setup();
      renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': { status: 400, body: outcome('User not found', 'email') },
      });
      await user.type(await toPasswordStep(user, 'nobody@example.com'), 'x');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      const email = await screen.findByLabelText(/^Email/);
      expect(email).toHaveValue('nobody@example.com');
      expect(email).toHaveAccessibleDescription('User not found');
    });

    it('says clearly when the server fails (500) and keeps the form', async () => {
      const user = userEvent.setup();
      renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': { status: 500, body: outcome('Internal server error', undefined, 'exception') },
      });
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The server ran into a problem. Please try again in a moment.'
      );
      expect(screen.getByLabelText(/^Password/)).toHaveValue('pw');
    });

    it('says clearly when the server is down', async () => {
      const user = userEvent.setup();
      renderWithClient(<SignInForm />, { 'POST auth/method': new TypeError('Failed to fetch') });
      await user.type(screen.getByLabelText(/^Email/), 'alice@example.com');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Cannot reach the server. Check your connection and try again.'
      );
      expect(screen.getByLabelText(/^Email/)).toHaveValue('alice@example.com');
    });

    it('shows issues no field claims in a list', async () => {
      const user = userEvent.setup();
      renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': { status: 400, body: outcome('Too many attempts', 'somewhere[2].else') },
      });
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('listitem')).toHaveTextContent('Too many attempts');
    });
  });

  describe('when MFA is needed', () => {
    it('enrolls with the QR code and MFA code, and shows a red Error alert on failure', async () => {
      const user = userEvent.setup();
      let attempts = 0;
      const { posted } = renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': {
          body: { login: 'L1', mfaEnrollRequired: true, enrollQrCode: 'data:image/png;base64,AAAA' },
        },
        'POST auth/mfa/login-enroll': () =>
          ++attempts === 1
            ? { status: 400, body: outcome('Invalid MFA token', 'token') }
            : { body: { login: 'L1', code: 'C1' } },
        'POST oauth2/token': TOKENS,
      });
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Enroll in MFA' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
        'src',
        'data:image/png;base64,AAAA'
      );
      expect(screen.getByText('Scan this QR code with your authenticator app.')).toBeInTheDocument();
      const code = screen.getByLabelText(/^MFA code/);
      expect(code).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Enroll' }));
      expect(code).toHaveAccessibleDescription('MFA code is required');
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Enroll' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveAttribute('data-variant', 'error');
      expect(alert).toHaveTextContent('Error');
      expect(alert).toHaveTextContent('Invalid MFA token');
      await user.click(screen.getByRole('button', { name: 'Enroll' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(posted('auth/mfa/login-enroll')).toEqual([
        { login: 'L1', token: '123456' },
        { login: 'L1', token: '123456' },
      ]);
    });

    it('verifies an MFA code', async () => {
      const user = userEvent.setup();
      const { posted } = renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': { body: { login: 'L1', mfaRequired: true } },
        'POST auth/mfa/verify': { body: { login: 'L1', code: 'C1' } },
        'POST oauth2/token': TOKENS,
      });
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Enter MFA code' })).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^MFA code/), '654321');
      await user.click(screen.getByRole('button', { name: 'Submit code' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(posted('auth/mfa/verify')).toEqual([{ login: 'L1', token: '654321' }]);
    });
  });

  describe('when choosing a profile', () => {
    it('lists at most 10 memberships, filters by search, says Nothing found..., and posts the choice', async () => {
      const user = userEvent.setup();
      const { posted } = renderWithClient(<SignInForm />, {
        'POST auth/method': { body: {} },
        'POST auth/login': {
          body: { login: 'L1', memberships: Array.from({ length: 12 }, (_, i) => membership(i + 1)) },
        },
        'POST auth/profile': { body: { login: 'L1', code: 'C1' } },
        'POST oauth2/token': TOKENS,
      });
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Choose profile' })).toBeInTheDocument();
      const search = screen.getByRole('searchbox', { name: 'Search profiles' });
      expect(search).toHaveAttribute('placeholder', 'Search');
      expect(search).toHaveFocus();
      expect(screen.getAllByRole('listitem')).toHaveLength(10);
      await user.type(search, 'doctor 12');
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
      await user.clear(search);
      await user.type(search, 'nobody');
      expect(screen.getByText('Nothing found...')).toBeInTheDocument();
      await user.clear(search);
      await user.type(search, 'south');
      await user.click(screen.getByRole('button', { name: /Doctor 4/ }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(posted('auth/profile')).toEqual([{ login: 'L1', profile: 'M4' }]);
    });
  });

  describe('when creating a project', () => {
    it('asks for a Project Name and posts auth/newproject', async () => {
      const user = userEvent.setup();
      const { posted } = renderWithClient(
        <SignInForm projectId="new" privacyPolicyHref="/privacy" termsHref="/terms" />,
        {
          'POST auth/method': { body: {} },
          'POST auth/login': { body: { login: 'L1' } },
          'POST auth/newproject': { body: { login: 'L1', code: 'C1' } },
          'POST oauth2/token': TOKENS,
        }
      );
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      const name = await screen.findByLabelText(/^Project Name/);
      expect(name).toHaveAttribute('placeholder', 'My Project');
      expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
      expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      await user.click(screen.getByRole('button', { name: 'Create project' }));
      expect(name).toHaveAccessibleDescription('Project Name is required');
      await user.type(name, 'Acme Health');
      await user.click(screen.getByRole('button', { name: 'Create project' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(posted('auth/newproject')).toEqual([{ login: 'L1', projectName: 'Acme Health' }]);
      expect(posted('auth/login')[0].projectId).toBeUndefined();
    });
  });

  describe('when choosing scopes', () => {
    it('shows one checked box per scope, unchecked category sub-filters, and posts the kept scopes', async () => {
      const user = userEvent.setup();
      const { posted } = renderWithClient(
        <SignInForm chooseScopes scope="openid patient/Observation.rs patient/Condition.rs" />,
        {
          'POST auth/method': { body: {} },
          'POST auth/login': { body: { login: 'L1', code: 'C0' } },
          'POST auth/scope': { body: { login: 'L1', code: 'C1' } },
          'POST oauth2/token': TOKENS,
        }
      );
      await user.type(await toPasswordStep(user), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Choose scope' })).toBeInTheDocument();
      for (const scope of ['openid', 'patient/Observation.rs', 'patient/Condition.rs']) {
        expect(screen.getByRole('checkbox', { name: scope })).toBeChecked();
      }
      const lab = screen.getByRole('checkbox', {
        name: 'patient/Observation.rs?category=http://terminology.hl7.org/CodeSystem/observation-category|laboratory',
      });
      expect(lab).not.toBeChecked();
      expect(
        screen.getByRole('checkbox', {
          name: 'patient/Condition.rs?category=http://terminology.hl7.org/CodeSystem/condition-category|problem-list-item',
        })
      ).not.toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'patient/Observation.rs' }));
      await user.click(lab);
      await user.click(screen.getByRole('button', { name: 'Set scope' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(posted('auth/scope')).toEqual([
        {
          login: 'L1',
          scope:
            'openid patient/Condition.rs patient/Observation.rs?category=http://terminology.hl7.org/CodeSystem/observation-category|laboratory',
        },
      ]);
    });
  });

  describe('when messages are replaced', () => {
    it('uses the given texts everywhere', async () => {
      const user = userEvent.setup();
      renderWithClient(
        <SignInForm
          headingLevel={2}
          onRegister={() => undefined}
          messages={{
            signInTitle: 'Anmelden',
            emailLabel: 'E-Mail',
            next: 'Weiter',
            register: 'Registrieren',
            fieldRequired: (label) => `${label} fehlt`,
            passwordLabel: 'Passwort',
            signIn: 'Einloggen',
            rememberMe: 'Angemeldet bleiben',
          }}
        />,
        { 'POST auth/method': { body: {} } }
      );
      expect(screen.getByRole('heading', { level: 2, name: 'Anmelden' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Registrieren' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Weiter' }));
      expect(screen.getByLabelText(/^E-Mail/)).toHaveAccessibleDescription('E-Mail fehlt');
      await user.type(screen.getByLabelText(/^E-Mail/), 'a@b.de');
      await user.click(screen.getByRole('button', { name: 'Weiter' }));
      expect(await screen.findByLabelText(/^Passwort/)).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Einloggen' })).toBeInTheDocument();
    });
  });
});
