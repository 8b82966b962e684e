import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './RegisterForm';
import { renderWithClient, TOKENS } from './testUtils';

beforeEach(() => {
  sessionStorage.clear();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Alice');
  await user.type(screen.getByLabelText(/^Last name/), 'Smith');
  await user.type(screen.getByLabelText(/^Email/), 'alice@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'long secret');
}

describe('RegisterForm', () => {
  it('renders an h2 by default, so a page keeps its one h1', () => {
    renderWithClient(<RegisterForm projectId="P1" />, {});
    expect(screen.getByRole('heading', { level: 2, name: 'Create an account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows the fields, Remember me, Create account and the policy notice; no bot check without a site key', () => {
    renderWithClient(<RegisterForm projectId="P1" headingLevel={1} />, {});
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    for (const label of [/^First name/, /^Last name/, /^Email/, /^Password/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(
      screen.getByText(/By clicking Create account you agree to the Privacy Policy and Terms of Service/)
    ).toBeInTheDocument();
    expect(screen.queryByText(/protected by reCAPTCHA/)).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('offers Google when a Google client id is given', async () => {
    renderWithClient(<RegisterForm projectId="P1" googleClientId="g-1" />, {});
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument();
    // Google's script follows our button code, which loads on demand.
    await waitFor(() =>
      expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull()
    );
  });

  it('requires first name, last name, email and password', async () => {
    const user = userEvent.setup();
    const { fetch } = renderWithClient(<RegisterForm projectId="P1" />, {});
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(fetch.requests).toHaveLength(0);
  });

  describe('when registering a patient', () => {
    it('posts auth/newuser with the bot-check token, then auth/newpatient, then exchanges the code', async () => {
      const user = userEvent.setup();
      const onSuccess = vi.fn();
      const getRecaptchaToken = vi.fn(async () => 'captcha-token');
      const { posted } = renderWithClient(
        <RegisterForm
          projectId="P1"
          recaptchaSiteKey="site-1"
          getRecaptchaToken={getRecaptchaToken}
          onSuccess={onSuccess}
        />,
        {
          'POST auth/newuser': { body: { login: 'L1' } },
          'POST auth/newpatient': { body: { login: 'L1', code: 'C1' } },
          'POST oauth2/token': TOKENS,
        }
      );
      expect(screen.getByText(/protected by reCAPTCHA/)).toBeInTheDocument();
      await fill(user);
      await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toHaveFocus();
      expect(getRecaptchaToken).toHaveBeenCalledWith('site-1');
      expect(onSuccess).toHaveBeenCalledTimes(1);
      expect(posted('auth/newuser')).toEqual([
        {
          firstName: 'Alice',
          lastName: 'Smith',
          email: 'alice@example.com',
          password: 'long secret',
          remember: true,
          projectId: 'P1',
          clientId: 'app-1',
          recaptchaSiteKey: 'site-1',
          recaptchaToken: 'captcha-token',
          codeChallengeMethod: 'S256',
          codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      ]);
      expect(posted('auth/newpatient')).toEqual([{ login: 'L1', projectId: 'P1' }]);
    });

    describe('when the server checks for bots with a proof of work (ALTCHA)', () => {
      it('sends the payload as altcha with auth/newuser, and nothing more with auth/newpatient', async () => {
        const user = userEvent.setup();
        const getAltchaPayload = vi.fn(async () => 'altcha-payload');
        const { posted } = renderWithClient(
          <RegisterForm
            projectId="P1"
            altchaChallengeUrl="auth/altcha/challenge"
            getAltchaPayload={getAltchaPayload}
          />,
          {
            'POST auth/newuser': { body: { login: 'L1' } },
            'POST auth/newpatient': { body: { login: 'L1', code: 'C1' } },
            'POST oauth2/token': TOKENS,
          }
        );
        await fill(user);
        await user.click(screen.getByRole('button', { name: 'Create account' }));
        expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
        expect(getAltchaPayload).toHaveBeenCalledTimes(1);
        expect(posted('auth/newuser')).toEqual([expect.objectContaining({ altcha: 'altcha-payload' })]);
        expect(posted('auth/newpatient')).toEqual([{ login: 'L1', projectId: 'P1' }]);
      });

      it('shows a failed check and the server’s refusal, keeps what was typed, and tries again on the next submit', async () => {
        const user = userEvent.setup();
        const getAltchaPayload = vi
          .fn<() => Promise<string>>()
          .mockRejectedValueOnce(new Error('The robot check failed. Please try again.'))
          .mockResolvedValue('stale-payload');
        const { posted } = renderWithClient(
          <RegisterForm
            projectId="P1"
            altchaChallengeUrl="auth/altcha/challenge"
            getAltchaPayload={getAltchaPayload}
          />,
          {
            'POST auth/newuser': {
              status: 400,
              body: {
                resourceType: 'OperationOutcome',
                issue: [
                  {
                    severity: 'error',
                    code: 'invalid',
                    details: { text: 'Bot check already used' },
                    expression: ['altcha'],
                  },
                ],
              },
            },
          }
        );
        await fill(user);
        await user.click(screen.getByRole('button', { name: 'Create account' }));
        expect(await screen.findByRole('alert')).toHaveTextContent('The robot check failed. Please try again.');
        expect(posted('auth/newuser')).toEqual([]);
        await user.click(screen.getByRole('button', { name: 'Create account' }));
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Bot check already used'));
        expect(getAltchaPayload).toHaveBeenCalledTimes(2);
        expect(screen.getByLabelText(/^Email/)).toHaveValue('alice@example.com');
      });
    });

    it('maps server issues to their fields (indices ignored) and keeps what was typed', async () => {
      const user = userEvent.setup();
      renderWithClient(<RegisterForm projectId="P1" />, {
        'POST auth/newuser': {
          status: 400,
          body: {
            resourceType: 'OperationOutcome',
            issue: [
              {
                severity: 'error',
                code: 'invalid',
                details: { text: 'Email already registered' },
                expression: ['email'],
              },
              { severity: 'error', code: 'invalid', details: { text: 'Too short' }, expression: ['firstName[0]'] },
              { severity: 'error', code: 'invalid', details: { text: 'Registration closed' } },
            ],
          },
        },
      });
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() =>
        expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email already registered')
      );
      expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('Too short');
      expect(screen.getByRole('alert')).toHaveTextContent('Registration closed');
      expect(screen.getByLabelText(/^First name/)).toHaveValue('Alice');
      expect(screen.getByLabelText(/^Password/)).toHaveValue('long secret');
    });

    it('says clearly when the server is down', async () => {
      const user = userEvent.setup();
      renderWithClient(<RegisterForm projectId="P1" />, { 'POST auth/newuser': new TypeError('Failed to fetch') });
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server');
    });
  });

  describe('when registering a new project', () => {
    it('asks for the project name after the user and posts auth/newproject', async () => {
      const user = userEvent.setup();
      const { posted } = renderWithClient(<RegisterForm type="project" />, {
        'POST auth/newuser': { body: { login: 'L1' } },
        'POST auth/newproject': { body: { login: 'L1', code: 'C1' } },
        'POST oauth2/token': TOKENS,
      });
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      const name = await screen.findByLabelText(/^Project Name/);
      await waitFor(() => expect(name).toHaveFocus());
      expect(name).toHaveAttribute('placeholder', 'My Project');
      await user.type(name, 'Acme');
      await user.click(screen.getByRole('button', { name: 'Create project' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
      expect(posted('auth/newuser')[0].projectId).toBeUndefined();
      expect(posted('auth/newproject')).toEqual([{ login: 'L1', projectName: 'Acme' }]);
    });
  });

  it('uses replaced messages', () => {
    renderWithClient(
      <RegisterForm
        projectId="P1"
        recaptchaSiteKey="k"
        getRecaptchaToken={async () => 't'}
        messages={{ firstNameLabel: 'Vorname', createAccount: 'Konto erstellen', botCheckNotice: 'Bot-Schutz aktiv' }}
      />,
      {}
    );
    expect(screen.getByLabelText(/^Vorname/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Konto erstellen' })).toBeInTheDocument();
    expect(screen.getByText('Bot-Schutz aktiv')).toBeInTheDocument();
  });

  it('names the product in its heading, which a title or messages.registerTitle replace whole', () => {
    const cases: [ReactElement, string][] = [
      [<RegisterForm productName="Foo Medical" />, 'Register with Foo Medical'],
      [
        <RegisterForm
          productName="Foo Medical"
          messages={{ registerTitleFor: (name) => `Bei ${name} registrieren` }}
        />,
        'Bei Foo Medical registrieren',
      ],
      [<RegisterForm productName="Foo Medical" messages={{ registerTitle: 'Join us' }} />, 'Join us'],
      [<RegisterForm productName="Foo Medical" title="New patient" />, 'New patient'],
    ];
    for (const [ui, heading] of cases) {
      const view = renderWithClient(ui, {});
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
      expect(view.container.querySelector('[productname]')).toBeNull();
      view.unmount();
    }
  });

  it('takes a title and, without projectId, lets the server pick the project', async () => {
    const user = userEvent.setup();
    const { posted } = renderWithClient(<RegisterForm title="Register with the product" />, {
      'POST auth/newuser': { body: { login: 'L1' } },
      'POST auth/newpatient': { body: { login: 'L1', code: 'C1' } },
      'POST oauth2/token': TOKENS,
    });
    expect(screen.getByRole('heading', { name: 'Register with the product' })).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
    expect(posted('auth/newpatient')).toEqual([{ login: 'L1' }]);
  });
});
