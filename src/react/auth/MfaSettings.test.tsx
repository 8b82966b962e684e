import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BASE_URL, createTestClient, fhirJson, withClient, type Respond, type SentRequest } from '../test-utils';
import { MfaSettings } from './MfaSettings';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OFF = { enrolled: false, enrollUri: 'otpauth://totp/x', enrollQrCode: QR, enrollSecret: SECRET };
const outcome = (text: string, expression?: string, code = 'invalid') => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code, details: { text }, ...(expression ? { expression: [expression] } : {}) }],
});

/** Answers by "METHOD path" under the base URL. */
function routes(table: Record<string, (request: SentRequest) => Response>): Respond {
  return (request) => {
    const path = request.url.slice(BASE_URL.length);
    const route = table[`${request.method} ${path}`];
    return route ? route(request) : fhirJson(outcome('Not found', undefined, 'not-found'), 404);
  };
}

function setup(
  table: Record<string, (request: SentRequest) => Response>,
  props: Parameters<typeof MfaSettings>[0] = {}
) {
  const { client, requests } = createTestClient(routes(table), { maxRetries: 0 });
  client.setAccessToken('session-token');
  const user = userEvent.setup();
  render(<MfaSettings {...props} />, { wrapper: withClient(client) });
  const sent = () => requests.map((r) => [r.method, r.url.slice(BASE_URL.length), r.body]);
  return { user, sent };
}

describe('MfaSettings', () => {
  describe('when MFA is off', () => {
    it('says so and turns it on by keyboard: QR code, secret, a code from the app, the password', async () => {
      const onStatusChange = vi.fn();
      const { user, sent } = setup(
        {
          'GET auth/mfa/status': () => fhirJson(OFF),
          'POST auth/mfa/enroll': () => fhirJson({ enrolled: true }),
        },
        { onStatusChange }
      );
      expect(screen.getByRole('region', { name: 'Multi-factor authentication' })).toHaveAttribute('aria-busy', 'true');
      expect(await screen.findByText('MFA is off: signing in asks only for your password.')).toBeInTheDocument();
      const turnOn = screen.getByRole('button', { name: 'Turn on MFA' });

      await user.tab();
      expect(turnOn).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', QR);
      expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
      const code = screen.getByLabelText(/^MFA code/);
      expect(code).toHaveFocus();
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await user.keyboard('123 456');
      await user.tab();
      const password = screen.getByLabelText(/^Current password/);
      expect(password).toHaveFocus();
      expect(password).toHaveAttribute('autocomplete', 'current-password');
      await user.keyboard('my-password-1{Enter}');

      expect(await screen.findByRole('status')).toHaveTextContent(
        'MFA is now on. The next sign-in will ask for a code.'
      );
      expect(
        screen.getByText('MFA is on: signing in asks for a code from your authenticator app.')
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Turn off MFA' })).toHaveFocus();
      expect(screen.getByRole('region')).toHaveAttribute('data-state', 'on');
      expect(sent()).toEqual([
        ['GET', 'auth/mfa/status', undefined],
        ['POST', 'auth/mfa/enroll', { token: '123456', password: 'my-password-1' }],
      ]);
      expect(onStatusChange).toHaveBeenCalledWith({ enrolled: true });
    });

    it('checks the code and the password before sending them, then shows the server’s refusal at the field', async () => {
      const { user, sent } = setup({
        'GET auth/mfa/status': () => fhirJson(OFF),
        'POST auth/mfa/enroll': () => fhirJson(outcome('Invalid MFA token', 'token'), 400),
      });
      await user.click(await screen.findByRole('button', { name: 'Turn on MFA' }));
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      expect(screen.getByLabelText(/^MFA code/)).toHaveAccessibleDescription('MFA code is required');
      await user.type(screen.getByLabelText(/^MFA code/), '12345x');
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      expect(screen.getByLabelText(/^MFA code/)).toHaveAccessibleDescription(
        'Enter the 6-digit code from your authenticator app'
      );
      expect(sent()).toEqual([['GET', 'auth/mfa/status', undefined]]);

      await user.clear(screen.getByLabelText(/^MFA code/));
      await user.type(screen.getByLabelText(/^MFA code/), '000000');
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Current password is required');
      expect(sent()).toEqual([['GET', 'auth/mfa/status', undefined]]);
      await user.type(screen.getByLabelText(/^Current password/), 'my-password-1');
      await user.click(screen.getByRole('button', { name: 'Turn on' }));
      await waitFor(() => expect(screen.getByLabelText(/^MFA code/)).toHaveAccessibleDescription('Invalid MFA token'));
      expect(screen.getByLabelText(/^MFA code/)).toHaveValue('000000');
      expect(screen.getByRole('region')).toHaveAttribute('data-state', 'off');
    });

    it('goes back to the status on Cancel', async () => {
      const { user } = setup({ 'GET auth/mfa/status': () => fhirJson(OFF) });
      await user.click(await screen.findByRole('button', { name: 'Turn on MFA' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByLabelText(/^MFA code/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Turn on MFA' })).toHaveFocus();
    });
  });

  describe('when MFA is on', () => {
    it('turns it off with the current password, then offers a new secret to turn it on again', async () => {
      let enrolled = true;
      const { user, sent } = setup({
        'GET auth/mfa/status': () => fhirJson(enrolled ? { enrolled: true } : { ...OFF, enrollSecret: 'NEWSECRET' }),
        'POST auth/mfa/disable': () => {
          enrolled = false;
          return fhirJson({ enrolled: false });
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Turn off MFA' }));
      expect(screen.getByText('Enter your password to turn MFA off.')).toBeInTheDocument();
      const password = screen.getByLabelText(/^Current password/);
      expect(password).toHaveFocus();
      expect(password).toHaveAttribute('type', 'password');
      await user.keyboard('my-password{Enter}');
      expect(await screen.findByRole('status')).toHaveTextContent('MFA is now off.');
      expect(screen.getByRole('button', { name: 'Turn on MFA' })).toHaveFocus();

      await user.keyboard('{Enter}');
      expect(await screen.findByText('NEWS ECRE T')).toBeInTheDocument();
      expect(sent()).toEqual([
        ['GET', 'auth/mfa/status', undefined],
        ['POST', 'auth/mfa/disable', { password: 'my-password' }],
        ['GET', 'auth/mfa/status', undefined],
      ]);
    });

    it('shows a wrong password at the field and keeps MFA on', async () => {
      const { user } = setup({
        'GET auth/mfa/status': () => fhirJson({ enrolled: true }),
        'POST auth/mfa/disable': () => fhirJson(outcome('Incorrect password', 'password'), 400),
      });
      await user.click(await screen.findByRole('button', { name: 'Turn off MFA' }));
      await user.click(screen.getByRole('button', { name: 'Turn off' }));
      expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Current password is required');
      await user.type(screen.getByLabelText(/^Current password/), 'wrong');
      await user.click(screen.getByRole('button', { name: 'Turn off' }));
      await waitFor(() =>
        expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Incorrect password')
      );
      expect(screen.getByRole('region')).toHaveAttribute('data-state', 'on');
    });

    it('lists a refusal no field claims (MFA required by the project)', async () => {
      const { user } = setup({
        'GET auth/mfa/status': () => fhirJson({ enrolled: true }),
        'POST auth/mfa/disable': () =>
          fhirJson(outcome('MFA is required for this account and cannot be turned off'), 400),
      });
      await user.click(await screen.findByRole('button', { name: 'Turn off MFA' }));
      await user.type(screen.getByLabelText(/^Current password/), 'my-password{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'MFA is required for this account and cannot be turned off'
      );
    });
  });

  describe('when the status cannot be loaded', () => {
    it('says why and tries again on request', async () => {
      let up = false;
      const { user } = setup({
        'GET auth/mfa/status': () =>
          up ? fhirJson({ enrolled: true }) : fhirJson(outcome('Internal error', undefined, 'exception'), 500),
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('The server ran into a problem');
      up = true;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(
        await screen.findByText('MFA is on: signing in asks for a code from your authenticator app.')
      ).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('takes messages, a heading level and class names', async () => {
    setup(
      { 'GET auth/mfa/status': () => fhirJson({ enrolled: true }) },
      {
        headingLevel: 3,
        messages: { title: 'Zwei-Faktor', turnOff: 'Ausschalten' },
        classNames: { 'auth-button': 'b' },
      }
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Zwei-Faktor' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ausschalten' })).toHaveClass('b');
  });
});
