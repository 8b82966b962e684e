import { act, renderHook, waitFor } from '@testing-library/react';
import type { ComponentProps, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createMockFetch, MockLoginClient } from '../../client/login/mockLoginClient';
import { FhirProvider } from '../FhirProvider';
import { SignInActionType } from './signInReducer';
import { useSignIn, type UseSignInOptions } from './useSignIn';
import { BASE, outcome } from './testUtils';

function setup(routes: Parameters<typeof createMockFetch>[0], options: UseSignInOptions = {}) {
  const fetch = createMockFetch(routes, BASE);
  const client = new MockLoginClient(fetch, { baseUrl: BASE });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FhirProvider client={client as unknown as ComponentProps<typeof FhirProvider>['client']}>{children}</FhirProvider>
  );
  return { fetch, ...renderHook(() => useSignIn(options), { wrapper }) };
}

describe('useSignIn', () => {
  it('runs the flow without markup and exposes loading, step and field errors', async () => {
    const { result } = setup({
      'POST auth/method': { body: {} },
      'POST auth/login': { status: 400, body: outcome('Email or password is invalid', 'password') },
    });
    act(() => result.current.actions.setField('email', 'alice@example.com'));
    let pending!: Promise<void>;
    act(() => {
      pending = result.current.actions.submitEmail();
    });
    expect(result.current.loading).toBe(true);
    await act(() => pending);
    expect(result.current.step).toBe('password');
    act(() => result.current.actions.setField('password', 'nope'));
    await act(() => result.current.actions.submitPassword());
    expect(result.current.fieldErrors).toEqual({ password: 'Email or password is invalid' });
    expect(result.current.values).toMatchObject({ email: 'alice@example.com', password: 'nope' });
    expect(result.current.loading).toBe(false);
  });

  it('resumes a pending login at its step with GET auth/login/{login}', async () => {
    const { result, fetch } = setup({
      'GET auth/login/L1': {
        body: { login: 'L1', memberships: [{ id: 'm1', profile: { reference: 'Patient/1', display: 'Bart' } }] },
      },
    });
    await act(() => result.current.actions.resumeLogin('L1'));
    expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${BASE}auth/login/L1`]);
    expect(result.current.step).toBe('choose-profile');
    expect(result.current.state.login).toBe('L1');
    expect(result.current.visibleMemberships).toHaveLength(1);
  });

  it('ignores a second submit while one is running', async () => {
    const { result, fetch } = setup({ 'POST auth/method': { body: {} } });
    act(() => result.current.actions.setField('email', 'alice@example.com'));
    await act(async () => {
      const first = result.current.actions.submitEmail();
      await Promise.resolve();
      await result.current.actions.submitEmail();
      await first;
    });
    await waitFor(() => expect(result.current.step).toBe('password'));
    expect(fetch.requests).toHaveLength(1);
  });

  it('lets a stateReducer change any transition', async () => {
    const { result } = setup(
      { 'POST auth/method': { body: {} } },
      {
        // Keep users on the email step, e.g. to show a notice first.
        stateReducer: (_state, { type, changes }) =>
          type === SignInActionType.PasswordRequired ? { ...changes, step: 'email' } : changes,
      }
    );
    act(() => result.current.actions.setField('email', 'alice@example.com'));
    await act(() => result.current.actions.submitEmail());
    expect(result.current.step).toBe('email');
  });

  it('throws an error that says how to set up the provider', () => {
    expect(() => renderHook(() => useSignIn())).toThrow(/FhirProvider/);
  });
});
