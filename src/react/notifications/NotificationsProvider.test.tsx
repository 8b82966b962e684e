import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationOutcomeError, notFoundOutcome } from '../../fhir';
import { NotificationsProvider, useNotifications, type NotificationsApi } from './NotificationsProvider';

// Captures the API so tests can open toasts the way app code does.
function renderWithProvider(props: Partial<Parameters<typeof NotificationsProvider>[0]> = {}) {
  const api: { current?: NotificationsApi } = {};
  function Capture() {
    api.current = useNotifications();
    return null;
  }
  render(
    <NotificationsProvider {...props}>
      <Capture />
    </NotificationsProvider>
  );
  return () => api.current!;
}

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('useNotifications outside a provider', () => {
    it('throws an error that says how to set one up', () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      function Lonely() {
        useNotifications();
        return null;
      }
      expect(() => render(<Lonely />)).toThrow(
        'useNotifications must be used inside <NotificationsProvider>: wrap your app (inside FhirProvider) in NotificationsProvider'
      );
      spy.mockRestore();
    });
  });

  describe('showError', () => {
    it("shows a red alert titled 'Error' with the error's message", () => {
      const api = renderWithProvider();
      act(() => {
        api().showError(new OperationOutcomeError(notFoundOutcome()));
      });
      const toast = screen.getByRole('alert');
      expect(toast).toHaveAttribute('data-color', 'red');
      expect(within(toast).getByText('Error')).toBeInTheDocument();
      expect(within(toast).getByText('Not found')).toBeInTheDocument();
    });

    it('takes plain errors, strings and outcomes', () => {
      const api = renderWithProvider();
      act(() => {
        api().showError(new Error('Request error'));
        api().showError('Failed to fetch');
        api().showError(notFoundOutcome('Missing reference'));
      });
      const texts = screen.getAllByRole('alert').map((toast) => toast.textContent);
      expect(texts).toEqual(['ErrorRequest error', 'ErrorFailed to fetch', 'ErrorMissing reference']);
    });
  });

  describe('showSuccess', () => {
    it('shows a green status with the title and message', () => {
      const api = renderWithProvider();
      act(() => {
        api().showSuccess('Saved', 'Your answers were saved.');
      });
      const toast = screen.getByRole('status');
      expect(toast).toHaveAttribute('data-color', 'green');
      expect(within(toast).getByText('Saved')).toBeInTheDocument();
      expect(within(toast).getByText('Your answers were saved.')).toBeInTheDocument();
    });
  });

  it('shows the toasts in a labelled region at the bottom right', () => {
    renderWithProvider();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveClass('fpk-notifications');
    expect(region).toHaveAttribute('data-position', 'bottom-right');
  });

  describe('auto-close', () => {
    it('closes a toast after 4000 ms', () => {
      const api = renderWithProvider();
      act(() => {
        api().showSuccess('Saved', 'Done');
      });
      act(() => vi.advanceTimersByTime(3999));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('holds the clock while the pointer is over the toast', () => {
      const api = renderWithProvider();
      act(() => {
        api().showSuccess('Saved', 'Done');
      });
      act(() => vi.advanceTimersByTime(1000));
      const toast = screen.getByRole('status');
      act(() => {
        toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
      });
      act(() => vi.advanceTimersByTime(10000));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => {
        toast.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
      });
      act(() => vi.advanceTimersByTime(2999));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('starts the clock again when a toast is shown again under its id', () => {
      const api = renderWithProvider();
      act(() => {
        api().show({ id: 'sync', message: 'Saving...' });
      });
      act(() => vi.advanceTimersByTime(3000));
      act(() => {
        api().show({ id: 'sync', message: 'Still saving...' });
      });
      act(() => vi.advanceTimersByTime(3000));
      expect(screen.getByRole('status')).toHaveTextContent('Still saving...');
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('keeps a toast when autoClose is false', () => {
      const api = renderWithProvider({ autoClose: false });
      act(() => {
        api().showSuccess('Saved', 'Done');
      });
      act(() => vi.advanceTimersByTime(60000));
      expect(screen.getByRole('status')).toBeInTheDocument();
    });
  });

  describe('when a sixth toast opens', () => {
    it('drops the oldest, keeping 5', () => {
      const api = renderWithProvider();
      act(() => {
        for (let i = 1; i <= 6; i++) api().showSuccess(`Toast ${i}`, `Message ${i}`);
      });
      const toasts = screen.getAllByRole('status');
      expect(toasts).toHaveLength(5);
      expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
      expect(within(toasts[4]).getByText('Toast 6')).toBeInTheDocument();
    });
  });

  describe('the close button', () => {
    it('has an accessible name and closes its toast', () => {
      const api = renderWithProvider();
      act(() => {
        api().showSuccess('First', 'One');
        api().showSuccess('Second', 'Two');
      });
      const first = screen.getByText('First').closest('[role="status"]') as HTMLElement;
      act(() => {
        within(first).getByRole('button', { name: 'Close notification' }).click();
      });
      expect(screen.queryByText('First')).not.toBeInTheDocument();
      expect(screen.getByText('Second')).toBeInTheDocument();
    });
  });

  describe('messages and classes', () => {
    it('replaces every text and adds classes per slot', () => {
      const api = renderWithProvider({
        messages: { errorTitle: 'Erreur', close: 'Fermer', region: 'Avis' },
        className: 'stack',
        classNames: { notification: 'toast', 'notification-close': 'x' },
      });
      act(() => {
        api().showError(new Error('Boom'));
      });
      expect(screen.getByRole('region', { name: 'Avis' })).toHaveClass('fpk-notifications', 'stack');
      const toast = screen.getByRole('alert');
      expect(toast).toHaveClass('fpk-notification', 'toast');
      expect(within(toast).getByText('Erreur')).toBeInTheDocument();
      expect(within(toast).getByRole('button', { name: 'Fermer' })).toHaveClass('fpk-notification-close', 'x');
    });
  });

  describe('with a stateReducer', () => {
    it('lets the app change what an action does', () => {
      const api = renderWithProvider({
        // Keep error toasts when the user closes everything.
        stateReducer: (_state, action) =>
          action.type === 'clear'
            ? { notifications: _state.notifications.filter((n) => n.color === 'red') }
            : action.changes,
      });
      act(() => {
        api().showError(new Error('Boom'));
        api().showSuccess('Saved', 'Done');
      });
      act(() => api().clear());
      expect(screen.getByRole('alert')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });
});
