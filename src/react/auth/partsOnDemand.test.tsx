// The parts of the auth cards that load on demand (the Google button, the sign-in steps after
// the password): what the user sees while one loads and when it cannot load. The mocks hold the
// steps' load until a test lets it go, and make the Google button's load fail.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';
import { renderWithClient } from './testUtils';

const later = vi.hoisted(() => {
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const gate = () =>
    new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
  return { gate, settle: () => settle! };
});

vi.mock('./SignInLaterSteps', async (importOriginal) => {
  await later.gate();
  return importOriginal();
});
vi.mock('./googleButton', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const FAILED = 'Part of this form could not load. Check your connection and reload the page.';

beforeEach(() => sessionStorage.clear());

async function toMfaStep() {
  const user = userEvent.setup();
  renderWithClient(<SignInForm />, {
    'POST auth/method': { body: {} },
    'POST auth/login': { body: { login: 'L1', mfaRequired: true } },
  });
  await user.type(screen.getByLabelText(/^Email/), 'alice@example.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByLabelText(/^Password/), 'pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Enter MFA code' })).toBeInTheDocument();
}

// The steps' failed load is in partsOnDemand.loadFailure.test.tsx: a module's mock is one per file.
describe('SignInForm when a step after the password is still loading', () => {
  it('says to wait with the heading focused, then shows the step with its field focused', async () => {
    await toMfaStep();
    expect(screen.getByRole('status')).toHaveTextContent('Please wait…');
    expect(screen.getByRole('heading', { name: 'Enter MFA code' })).toHaveFocus();
    expect(screen.queryByLabelText(/^MFA code/)).not.toBeInTheDocument();
    await act(async () => later.settle().resolve());
    expect(await screen.findByLabelText(/^MFA code/)).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('when the Google button cannot load', () => {
  it('SignInForm says so where its errors show, beside the email field', async () => {
    renderWithClient(<SignInForm googleClientId="g-1" />, {});
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('RegisterForm says so where its errors show', async () => {
    renderWithClient(
      <RegisterForm projectId="P1" googleClientId="g-1" messages={{ partLoadFailed: 'No Google' }} />,
      {}
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No Google');
  });
});
