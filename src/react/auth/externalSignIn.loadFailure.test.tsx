// The external sign-in code loads on demand; here that load fails, as it does offline or after
// a deploy replaced the chunk. The mock makes every import of the module reject.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTERNAL_STATE_KEY } from './externalProvider';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';
import { renderWithClient, TOKENS } from './testUtils';

vi.mock('./externalSignIn', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const FAILED = 'Sign-in with your provider could not start. Check your connection and try again.';
const PROVIDER = {
  'POST auth/method': {
    body: { domain: 'northwind.example', authorizeUrl: 'https://fhir.example.com/auth/external/authorize?d=1' },
  },
};

beforeEach(() => sessionStorage.clear());
afterEach(() => window.history.replaceState(null, '', '/'));

describe('SignInForm when the external sign-in code cannot load', () => {
  describe('when the email has a provider', () => {
    it('says so where errors show, stays on the email step and does not leave', async () => {
      const user = userEvent.setup();
      const navigate = vi.fn();
      renderWithClient(<SignInForm navigate={navigate} />, PROVIDER);
      await user.type(screen.getByLabelText(/^Email/), 'alex@northwind.example');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/^Email/)).toHaveValue('alex@northwind.example');
      expect(navigate).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(EXTERNAL_STATE_KEY)).toBeNull();
    });

    it('shows a replaced text', async () => {
      const user = userEvent.setup();
      renderWithClient(<SignInForm messages={{ externalLoadFailed: 'Provider unavailable' }} />, PROVIDER);
      await user.type(screen.getByLabelText(/^Email/), 'alex@northwind.example');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Provider unavailable');
    });
  });

  describe('when the browser comes back from the provider', () => {
    it('says so, sends nothing, and still takes the code out of the address bar', async () => {
      sessionStorage.setItem(EXTERNAL_STATE_KEY, '{"clientId":"app-1"}');
      window.history.replaceState(null, '', '/signin?code=C1&state=%7B%22clientId%22%3A%22app-1%22%7D&keep=me');
      const { fetch } = renderWithClient(<SignInForm />, { 'POST oauth2/token': TOKENS });
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
      expect(fetch.requests).toHaveLength(0);
      expect(window.location.search).toBe('?keep=me');
      expect(screen.getByRole('textbox', { name: /^Email/ })).toBeInTheDocument();
    });
  });
});

describe('RegisterForm when the external sign-in code cannot load', () => {
  it('says so where errors show and registers nobody', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    const { posted } = renderWithClient(<RegisterForm projectId="P1" navigate={navigate} />, PROVIDER);
    await user.type(screen.getByLabelText(/^First name/), 'Alex');
    await user.type(screen.getByLabelText(/^Last name/), 'Kim');
    await user.type(screen.getByLabelText(/^Email/), 'alex@northwind.example');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FAILED));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(posted('auth/newuser')).toEqual([]);
  });
});
