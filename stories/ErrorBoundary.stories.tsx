import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, spyOn, userEvent, within } from 'storybook/test';
import { OperationOutcomeError, badRequestOutcome } from '../src/fhir';
import { ErrorBoundary } from '../src/react';

function Bomb({ error }: { error?: unknown }) {
  if (error !== undefined) throw error;
  return <p>The page rendered.</p>;
}

const meta = {
  title: 'Errors/ErrorBoundary',
  component: ErrorBoundary,
  args: { onError: fn(), onReset: fn() },
  // These stories throw on purpose; React and the boundary log each caught error. Keep the
  // test output for real problems.
  beforeEach: () => {
    const consoleError = spyOn(console, 'error').mockImplementation(() => {});
    return () => consoleError.mockRestore();
  },
} satisfies Meta<typeof ErrorBoundary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A child threw: the panel shows the heading, the message and 'Try again'. */
export const ErrorShown: Story = {
  render: (args) => (
    <ErrorBoundary {...args}>
      <Bomb error={new Error('Could not load your appointments.')} />
    </ErrorBoundary>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument();
    await expect(canvas.getByText('Could not load your appointments.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(args.onError).toHaveBeenCalled();
  },
};

/** An OperationOutcome from the server shows its issue text. */
export const OperationOutcomeMessage: Story = {
  render: (args) => (
    <ErrorBoundary {...args}>
      <Bomb error={new OperationOutcomeError(badRequestOutcome('Invalid reference', 'Appointment.participant'))} />
    </ErrorBoundary>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Invalid reference (Appointment.participant)')).toBeInTheDocument();
  },
};

function NavigatingPage(props: { onReset?: () => void }) {
  const [location, setLocation] = useState('/appointments');
  return (
    <div>
      <nav aria-label="Portal">
        <button type="button" onClick={() => setLocation('/messages')}>
          Go to messages
        </button>
      </nav>
      <main>
        <p>Location: {location}</p>
        <ErrorBoundary resetKey={location} onReset={props.onReset}>
          <Bomb error={location === '/appointments' ? new Error('Could not load your appointments.') : undefined} />
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** Navigating elsewhere (a new resetKey) clears the panel. */
export const ResetOnNavigation: Story = {
  render: (args) => <NavigatingPage onReset={args.onReset} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to messages' }));
    await expect(canvas.getByText('The page rendered.')).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};

function FlakyPage(props: { onReset?: () => void }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      onReset={() => {
        setAttempt((n) => n + 1);
        props.onReset?.();
      }}
    >
      <Bomb error={attempt === 0 ? new Error('The server did not answer.') : undefined} />
    </ErrorBoundary>
  );
}

/** 'Try again' renders the children again, which now succeed. */
export const TryAgain: Story = {
  render: (args) => <FlakyPage onReset={args.onReset} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The server did not answer.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(canvas.getByText('The page rendered.')).toBeInTheDocument();
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};

/** Keyboard: Tab reaches 'Try again' and it shows its focus ring. */
export const KeyboardFocus: Story = {
  render: (args) => (
    <ErrorBoundary {...args} messages={{ title: 'Une erreur est survenue', tryAgain: 'Réessayer' }} headingLevel={3}>
      <Bomb error={new Error('Boom')} />
    </ErrorBoundary>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Une erreur est survenue' })).toBeInTheDocument();
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Réessayer' });
    await expect(button).toHaveFocus();
    const style = getComputedStyle(button);
    await expect(style.outlineStyle).toBe('solid');
    await expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
  },
};
