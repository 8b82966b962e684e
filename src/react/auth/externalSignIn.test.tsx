import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PkceStorageKeys } from '../../client/login';
import { EXTERNAL_STATE_KEY } from './externalProvider';
import { startExternalSignIn } from './externalSignIn';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';
import { BASE, outcome, renderWithClient, TOKENS } from './testUtils';

const RETURN_URI = 'http://localhost:3000/signin';
const SENT_STATE = JSON.stringify({
  clientId: 'app-1',
  redirectUri: RETURN_URI,
  domain: 'northwind.example',
  codeChallenge: 'c'.repeat(43),
  codeChallengeMethod: 'S256',
});

/** The browser as it comes back from the provider: the kept state and verifier, and the page URL. */
function returnTo(search: Record<string, string>, kept: string | null = SENT_STATE) {
  if (kept) sessionStorage.setItem(EXTERNAL_STATE_KEY, kept);
  sessionStorage.setItem(PkceStorageKeys.codeVerifier, 'v'.repeat(128));
  window.history.replaceState(null, '', `/signin?${new URLSearchParams(search)}`);
}

beforeEach(() => sessionStorage.clear());
afterEach(() => window.history.replaceState(null, '', '/'));

describe('SignInForm with an external identity provider', () => {
  describe('when the browser comes back with a code and the state it sent', () => {
    it('exchanges the code with the kept verifier and return URI, then clears the URL', async () => {
      const onSuccess = vi.fn();
      returnTo({ code: 'C1', state: SENT_STATE, keep: 'me' });
      const { fetch } = renderWithClient(<SignInForm onSuccess={onSuccess} />, { 'POST oauth2/token': TOKENS });
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(onSuccess).toHaveBeenCalledTimes(1);
      expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${BASE}oauth2/token`]);
      expect(Object.fromEntries(new URLSearchParams(fetch.requests[0].body))).toEqual({
        grant_type: 'authorization_code',
        code: 'C1',
        client_id: 'app-1',
        redirect_uri: RETURN_URI,
        code_verifier: 'v'.repeat(128),
      });
      // The code leaves the address bar and history; other parameters stay.
      expect(window.location.search).toBe('?keep=me');
      expect(sessionStorage.getItem(EXTERNAL_STATE_KEY)).toBeNull();
    });
  });

  describe('when the state is not the one this browser sent', () => {
    it('refuses, sends nothing, and says to sign in again', async () => {
      returnTo({ code: 'C1', state: SENT_STATE.replace('app-1', 'app-2') });
      const { fetch } = renderWithClient(<SignInForm />, { 'POST oauth2/token': TOKENS });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Sign-in state does not match the one this browser started; sign in again'
      );
      expect(fetch.requests).toHaveLength(0);
      expect(window.location.search).toBe('');
      expect(screen.getByRole('textbox', { name: /^Email/ })).toBeInTheDocument();
    });
  });

  describe('when this browser started no external sign-in', () => {
    it('ignores a code planted in the link', async () => {
      returnTo({ code: 'C1', state: SENT_STATE }, null);
      const { fetch } = renderWithClient(<SignInForm />, {});
      await new Promise((r) => setTimeout(r, 50));
      expect(fetch.requests).toHaveLength(0);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('when the server sends back an error', () => {
    it('shows its text on the email step', async () => {
      returnTo({ error: 'access_denied', error_description: 'No account matches this sign-in', state: SENT_STATE });
      renderWithClient(<SignInForm />, {});
      expect(await screen.findByRole('alert')).toHaveTextContent('No account matches this sign-in');
    });
  });

  describe('when several profiles fit', () => {
    it('resumes the login at the profile choice', async () => {
      returnTo({ login: 'L9', state: SENT_STATE });
      const { fetch } = renderWithClient(<SignInForm />, {
        'GET auth/login/L9': {
          body: {
            login: 'L9',
            memberships: [
              { id: 'M1', profile: { display: 'Sam Rivera' }, project: { display: 'Clinic North' } },
              { id: 'M2', profile: { display: 'Sam Rivera' }, project: { display: 'Clinic South' } },
            ],
          },
        },
      });
      expect(await screen.findByRole('heading', { name: 'Choose profile' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /Sam Rivera/ })).toHaveLength(2);
      expect(fetch.requests.map((r) => r.url)).toEqual([`${BASE}auth/login/L9`]);
    });
  });
});

describe('SignInForm when the external sign-in matched an account that has a password', () => {
  const linkRequired = { body: { login: 'L9', linkRequired: true } };
  const wrongPassword = { status: 400, body: outcome('Email or password is invalid', 'password') };

  it("asks for that account's password, keeps a wrong one to correct, then goes on to MFA and the code", async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    returnTo({ login: 'L9', state: SENT_STATE });
    let attempts = 0;
    const { fetch, posted } = renderWithClient(<SignInForm onSuccess={onSuccess} />, {
      'GET auth/login/L9': linkRequired,
      'POST auth/external/link': () =>
        ++attempts === 1 ? wrongPassword : { body: { login: 'L9', mfaRequired: true } },
      'POST auth/mfa/verify': { body: { login: 'L9', code: 'C9' } },
      'POST oauth2/token': TOKENS,
    });
    const heading = await screen.findByRole('heading', { name: 'Link your account' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText(
        "An account with this email already exists. Enter that account's password to link it to your sign-in provider."
      )
    ).toBeInTheDocument();
    expect(screen.queryByText('Sign-in could not be completed. Please try again.')).not.toBeInTheDocument();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    // Nothing typed: nothing sent.
    await user.click(screen.getByRole('button', { name: 'Link and continue' }));
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(posted('auth/external/link')).toEqual([]);

    await user.type(password, 'guess');
    await user.click(screen.getByRole('button', { name: 'Link and continue' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Email or password is invalid'));
    expect(password).toHaveValue('guess');
    expect(password).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Link your account' })).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'bobs-password-1');
    await user.click(screen.getByRole('button', { name: 'Link and continue' }));
    expect(await screen.findByRole('heading', { name: 'Enter MFA code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^MFA code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit code' }));
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);

    expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${BASE}auth/login/L9`,
      `POST ${BASE}auth/external/link`,
      `POST ${BASE}auth/external/link`,
      `POST ${BASE}auth/mfa/verify`,
      `POST ${BASE}oauth2/token`,
    ]);
    expect(posted('auth/external/link')).toEqual([
      { login: 'L9', password: 'guess' },
      { login: 'L9', password: 'bobs-password-1' },
    ]);
    expect(posted('auth/mfa/verify')).toEqual([{ login: 'L9', token: '123456' }]);
    // The code is bound to the client and return URI the provider was sent.
    expect(Object.fromEntries(new URLSearchParams(fetch.requests[4].body))).toEqual({
      grant_type: 'authorization_code',
      code: 'C9',
      client_id: 'app-1',
      redirect_uri: RETURN_URI,
      code_verifier: 'v'.repeat(128),
    });
  });

  it('goes on to the profile choice when several profiles fit', async () => {
    const user = userEvent.setup();
    returnTo({ login: 'L9', state: SENT_STATE });
    renderWithClient(<SignInForm />, {
      'GET auth/login/L9': linkRequired,
      'POST auth/external/link': {
        body: {
          login: 'L9',
          memberships: [
            { id: 'M1', profile: { display: 'Bob Lee' }, project: { display: 'Clinic North' } },
            { id: 'M2', profile: { display: 'Bob Lee' }, project: { display: 'Clinic South' } },
          ],
        },
      },
    });
    await user.type(await screen.findByLabelText(/^Password/), 'bobs-password-1');
    await user.click(screen.getByRole('button', { name: 'Link and continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Bob Lee/ })).toHaveLength(2);
  });

  it('shows why it cannot go on when the sign-in expired, and Start over leads back to the email', async () => {
    const user = userEvent.setup();
    returnTo({ login: 'L9', state: SENT_STATE });
    renderWithClient(<SignInForm />, {
      'GET auth/login/L9': linkRequired,
      'POST auth/external/link': {
        status: 400,
        body: outcome('The sign-in to link has expired; start the sign-in again', 'login'),
      },
    });
    await user.type(await screen.findByLabelText(/^Password/), 'bobs-password-1');
    await user.click(screen.getByRole('button', { name: 'Link and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in to link has expired; start the sign-in again'
    );
    expect(screen.getByLabelText(/^Password/)).toHaveValue('bobs-password-1');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  });

  it('works through a messages override', async () => {
    returnTo({ login: 'L9', state: SENT_STATE });
    renderWithClient(
      <SignInForm
        messages={{
          linkTitle: 'Konto verknüpfen',
          linkText: 'Es gibt schon ein Konto.',
          link: 'Verknüpfen',
          passwordLabel: 'Passwort',
        }}
      />,
      { 'GET auth/login/L9': linkRequired }
    );
    expect(await screen.findByRole('heading', { name: 'Konto verknüpfen' })).toBeInTheDocument();
    expect(screen.getByText('Es gibt schon ein Konto.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Passwort/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verknüpfen' })).toBeInTheDocument();
  });
});

describe('RegisterForm with an external identity provider', () => {
  const fillNames = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
    await user.type(screen.getByLabelText(/^First name/), 'Alex');
    await user.type(screen.getByLabelText(/^Last name/), 'Kim');
    await user.type(screen.getByLabelText(/^Email/), email);
  };

  it('registers at the provider of the email domain, without a password', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    const { posted } = renderWithClient(<RegisterForm projectId="P1" navigate={navigate} />, {
      'POST auth/method': {
        body: { domain: 'northwind.example', authorizeUrl: 'https://fhir.example.com/auth/external/authorize?d=1' },
      },
    });
    await fillNames(user, 'alex@northwind.example');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const url = new URL(navigate.mock.calls[0][0]);
    expect(url.searchParams.get('d')).toBe('1');
    // The provider's form can prefill the email typed here.
    expect(url.searchParams.get('login_hint')).toBe('alex@northwind.example');
    const state = JSON.parse(url.searchParams.get('state')!);
    expect(state).toEqual({
      projectId: 'P1',
      clientId: 'app-1',
      redirectUri: window.location.origin + window.location.pathname,
      domain: 'northwind.example',
      createUser: true,
      codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      codeChallengeMethod: 'S256',
    });
    expect(sessionStorage.getItem(EXTERNAL_STATE_KEY)).toBe(url.searchParams.get('state'));
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting to your sign-in provider…');
    expect(posted('auth/newuser')).toEqual([]);
  });

  describe('when the app names the page that finishes external sign-ins', () => {
    it('sends the registered return page (absolute) as the redirect URI, not the register page', async () => {
      window.history.replaceState(null, '', '/register?from=landing');
      const user = userEvent.setup();
      const navigate = vi.fn();
      renderWithClient(<RegisterForm externalReturnUri="/signin" navigate={navigate} />, {
        'POST auth/method': {
          body: { domain: 'northwind.example', authorizeUrl: 'https://fhir.example.com/auth/external/authorize' },
        },
      });
      await fillNames(user, 'alex@northwind.example');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
      const state = JSON.parse(new URL(navigate.mock.calls[0][0]).searchParams.get('state')!);
      expect(state.redirectUri).toBe(`${window.location.origin}/signin`);
      expect(state.createUser).toBe(true);
      expect(sessionStorage.getItem(PkceStorageKeys.redirectUri)).toBe(`${window.location.origin}/signin`);
    });
  });

  it('asks for the password when the domain has no provider, after asking auth/method', async () => {
    const user = userEvent.setup();
    const { posted } = renderWithClient(<RegisterForm projectId="P1" />, { 'POST auth/method': { body: {} } });
    await fillNames(user, 'alex@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required'));
    expect(posted('auth/method')).toEqual([{ email: 'alex@example.com' }]);
    expect(posted('auth/newuser')).toEqual([]);
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Alex');
  });
});

describe('startExternalSignIn', () => {
  const memoryStore = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };

  it('sends the typed email as login_hint beside the state, and keeps it out of the state', async () => {
    const navigate = vi.fn();
    const store = memoryStore();
    await startExternalSignIn(
      'https://fhir.example.com/auth/external/authorize?domain=northwind.example',
      { clientId: 'app-1', redirectUri: RETURN_URI, domain: 'northwind.example' },
      { navigate, store, loginHint: ' alex@northwind.example ' }
    );
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0][0]);
    expect([...url.searchParams.keys()]).toEqual(['domain', 'state', 'login_hint']);
    expect(url.searchParams.get('login_hint')).toBe('alex@northwind.example');
    expect(url.searchParams.get('state')).not.toContain('alex');
    expect(store.getItem(PkceStorageKeys.externalState)).toBe(url.searchParams.get('state'));
  });

  it('sends no login_hint when none is given', async () => {
    const navigate = vi.fn();
    await startExternalSignIn(
      'https://fhir.example.com/auth/external/authorize?domain=northwind.example',
      { clientId: 'app-1', redirectUri: RETURN_URI },
      { navigate, store: memoryStore() }
    );
    expect(new URL(navigate.mock.calls[0][0]).searchParams.has('login_hint')).toBe(false);
  });
});
