// The sign-in steps after the password load on demand; here that load fails, as it does offline
// or after a deploy replaced the chunk.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInForm } from './SignInForm';
import { renderWithClient } from './testUtils';

vi.mock('./SignInLaterSteps', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('SignInForm when the steps after the password cannot load', () => {
  it('shows the step heading and says so where its errors show', async () => {
    const user = userEvent.setup();
    const { posted } = renderWithClient(<SignInForm />, {
      'POST auth/method': { body: {} },
      'POST auth/login': { body: { login: 'L1', mfaRequired: true } },
    });
    await user.type(screen.getByLabelText(/^Email/), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Enter MFA code' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Part of this form could not load. Check your connection and reload the page.'
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(posted('auth/login')).toHaveLength(1);
  });
});
