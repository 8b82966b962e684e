import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BASE_URL, createTestClient, deferred, fhirJson, withClient, type Respond } from '../test-utils';
import { ChangePasswordForm } from './ChangePasswordForm';

const OK = { resourceType: 'OperationOutcome', id: 'ok', issue: [{ severity: 'information', code: 'informational' }] };
const outcome = (text: string, expression?: string, code = 'invalid') => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code, details: { text }, ...(expression ? { expression: [expression] } : {}) }],
});

function setup(respond: Respond = () => fhirJson(OK), props: Parameters<typeof ChangePasswordForm>[0] = {}) {
  const { client, requests } = createTestClient(respond, { maxRetries: 0 });
  client.setAccessToken('session-token');
  const user = userEvent.setup();
  render(<ChangePasswordForm {...props} />, { wrapper: withClient(client) });
  return { user, requests };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  if (current) await user.type(screen.getByLabelText(/^Current password/), current);
  if (next) await user.type(screen.getByLabelText(/^New password/), next);
  if (confirm) await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
}

describe('ChangePasswordForm', () => {
  it('shows a titled region with the three password fields and the button', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Change password' });
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    for (const [label, autocomplete] of [
      ['Current password', 'current-password'],
      ['New password', 'new-password'],
      ['Confirm new password', 'new-password'],
    ]) {
      const input = screen.getByLabelText(new RegExp(`^${label}`));
      expect(input).toHaveAttribute('type', 'password');
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      expect(input).toBeRequired();
    }
    expect(region).toContainElement(screen.getByRole('button', { name: 'Change password' }));
  });

  describe('when the new password is changed by keyboard alone', () => {
    it('posts the current and new password, clears the fields and says so', async () => {
      const onSuccess = vi.fn();
      const { user, requests } = setup(undefined, { onSuccess });
      await user.tab();
      expect(screen.getByLabelText(/^Current password/)).toHaveFocus();
      await user.keyboard('old-secret');
      await user.tab();
      await user.keyboard('new-secret-1');
      await user.tab();
      await user.keyboard('new-secret-1{Enter}');
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Your password was changed. Your other sessions have been signed out.'
      );
      expect(requests).toEqual([
        {
          method: 'POST',
          url: `${BASE_URL}auth/changepassword`,
          body: { oldPassword: 'old-secret', newPassword: 'new-secret-1' },
        },
      ]);
      expect(onSuccess).toHaveBeenCalledTimes(1);
      expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
      expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    });
  });

  describe('when the input is invalid', () => {
    it('says which fields are required and sends nothing', async () => {
      const { user, requests } = setup();
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Current password is required');
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('New password is required');
      expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription(
        'Confirm new password is required'
      );
      expect(screen.getByLabelText(/^Current password/)).toHaveFocus();
      expect(requests).toEqual([]);
    });

    it('refuses a short password, a different confirmation and the current password again', async () => {
      const { user, requests } = setup();
      await fill(user, 'old-secret', 'short', 'shirt');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
        'Password must be at least 8 characters'
      );
      expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('Passwords do not match');
      expect(screen.getByLabelText(/^New password/)).toHaveFocus();

      await user.clear(screen.getByLabelText(/^New password/));
      await user.clear(screen.getByLabelText(/^Confirm new password/));
      await fill(user, '', 'old-secret');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
        'Choose a password different from your current one'
      );
      expect(requests).toEqual([]);
    });

    it('takes another minimum length', async () => {
      const { user } = setup(undefined, { minPasswordLength: 12 });
      await fill(user, 'old-secret', 'eleven-char');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
        'Password must be at least 12 characters'
      );
    });
  });

  describe('when the server refuses', () => {
    it("shows 'Incorrect password' at the current password field and keeps what was typed", async () => {
      const { user } = setup(() => fhirJson(outcome('Incorrect password', 'oldPassword'), 400));
      await fill(user, 'not-my-password', 'new-secret-1');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      const current = screen.getByLabelText(/^Current password/);
      await waitFor(() => expect(current).toHaveAccessibleDescription('Incorrect password'));
      expect(current).toHaveAttribute('aria-invalid', 'true');
      expect(current).toHaveFocus();
      expect(current).toHaveValue('not-my-password');
      expect(screen.getByLabelText(/^New password/)).toHaveValue('new-secret-1');
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });

    it('lists an issue no field claims (too many attempts)', async () => {
      const { user } = setup(() =>
        fhirJson(outcome('Too many attempts. Please try again later.', undefined, 'throttled'), 429)
      );
      await fill(user, 'old-secret', 'new-secret-1');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    });

    it('says the server cannot be reached when the network fails', async () => {
      const { user } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
      await fill(user, 'old-secret', 'new-secret-1');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server');
    });
  });

  it('marks the card busy while the request runs and ignores a second submit', async () => {
    const answer = deferred<Response>();
    const { user, requests } = setup(() => answer.promise);
    await fill(user, 'old-secret', 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('region')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveAttribute('data-loading');
    answer.resolve(fhirJson(OK));
    await waitFor(() => expect(screen.getByRole('region')).not.toHaveAttribute('aria-busy'));
    expect(requests).toHaveLength(1);
  });

  it('takes messages, a heading level, class names, a ref and attributes', () => {
    const ref = createRef<HTMLElement>();
    setup(undefined, {
      ref,
      headingLevel: 3,
      id: 'password-card',
      className: 'mine',
      classNames: { 'auth-input': 'my-input' },
      messages: { title: 'Passwort ändern', oldPasswordLabel: 'Aktuelles Passwort' },
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Passwort ändern' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveClass('my-input');
    expect(ref.current).toBe(screen.getByRole('region', { name: 'Passwort ändern' }));
    expect(ref.current).toHaveAttribute('id', 'password-card');
    expect(ref.current).toHaveClass('fpk-auth', 'fpk-auth-settings', 'mine');
  });
});
