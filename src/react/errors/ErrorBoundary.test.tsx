import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationOutcomeError, badRequestOutcome } from '../../fhir';
import { ErrorBoundary } from './ErrorBoundary';

function Bomb({ error }: { error?: unknown }) {
  if (error !== undefined) throw error;
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // React and the boundary both log caught errors; keep the output quiet but assert on it.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <Bomb />
      </ErrorBoundary>
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  describe('when a child throws', () => {
    it("shows 'Something went wrong' with the message, and logs the error", () => {
      render(
        <ErrorBoundary>
          <Bomb error={new Error('Boom')} />
        </ErrorBoundary>
      );
      expect(screen.getByRole('alert')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument();
      expect(screen.getByText('Boom')).toBeInTheDocument();
      expect(consoleError).toHaveBeenCalledWith('ErrorBoundary caught an error', expect.any(Error), expect.anything());
    });

    it("shows an OperationOutcome's text", () => {
      render(
        <ErrorBoundary>
          <Bomb error={new OperationOutcomeError(badRequestOutcome('Invalid reference'))} />
        </ErrorBoundary>
      );
      expect(screen.getByText('Invalid reference')).toBeInTheDocument();
    });

    it('takes a heading level, texts and classes', () => {
      render(
        <ErrorBoundary
          headingLevel={3}
          messages={{ title: 'Oups', tryAgain: 'Réessayer' }}
          className="mine"
          classNames={{ 'error-panel-title': 'title' }}
        >
          <Bomb error={new Error('Boom')} />
        </ErrorBoundary>
      );
      const heading = screen.getByRole('heading', { level: 3, name: 'Oups' });
      expect(heading).toHaveClass('fpk-error-panel-title', 'title');
      expect(screen.getByRole('alert')).toHaveClass('fpk-error-panel', 'mine');
      expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    });

    it('calls onError', () => {
      const onError = vi.fn();
      render(
        <ErrorBoundary onError={onError}>
          <Bomb error={new Error('Boom')} />
        </ErrorBoundary>
      );
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Boom' }), expect.anything());
    });
  });

  describe('when the resetKey changes', () => {
    it('renders the children again', async () => {
      const user = userEvent.setup();
      function Page() {
        const [location, setLocation] = useState('/a');
        return (
          <>
            <a href="/b" onClick={(e) => (e.preventDefault(), setLocation('/b'))}>
              Go to b
            </a>
            <ErrorBoundary resetKey={location}>
              <Bomb error={location === '/a' ? new Error('Boom') : undefined} />
            </ErrorBoundary>
          </>
        );
      }
      render(<Page />);
      expect(screen.getByText('Boom')).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Go to b' }));
      expect(screen.getByText('All good')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    });
  });

  describe("when the user presses 'Try again'", () => {
    it('renders the children again and calls onReset', async () => {
      const user = userEvent.setup();
      const onReset = vi.fn();
      let fail = true;
      function Flaky() {
        if (fail) throw new Error('Flaky');
        return <p>Recovered</p>;
      }
      render(
        <ErrorBoundary onReset={onReset}>
          <Flaky />
        </ErrorBoundary>
      );
      expect(screen.getByText('Flaky')).toBeInTheDocument();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByText('Recovered')).toBeInTheDocument();
      expect(onReset).toHaveBeenCalledTimes(1);
    });
  });
});
